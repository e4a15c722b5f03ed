import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { addDays, todayInZone, zoneLabel } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useLanguage, useLocalePath, useT, useZoneLabel } from '../../i18n/i18n';
import { gymTimeZone } from '../../lib/gym-zone';
import { useResource } from '../../lib/resource';
import { useSiteSettings } from '../../lib/site-settings';
import { StayCheckout } from './stay-checkout';
import { Included, RoomCard, type StayStep } from './stay-parts';
import { availabilityQuery, stayTerms } from './stay-queries';

const MAX_GUESTS = 6;

/**
 * "Train & stay" (issue 36 §6), an island of /booking woken at load: step 2 picks the dates (a
 * GET form: the address carries them, and it works before JavaScript) and shows the room types
 * free on every night with their photos and the stay's total; steps 3 and 4 (stay-checkout.tsx)
 * ask who is coming and the pickup, then show the order's lines and book it.
 */
export default function StayJourney(props: StayStep) {
  const t = useT();
  const language = useLanguage();
  const lp = useLocalePath();
  const site = useSiteSettings();
  const terms = stayTerms(site, language);
  const today = todayInZone(gymTimeZone());
  const { checkIn, checkOut } = props;
  const datesOk = checkIn !== '' && checkOut > checkIn && checkIn >= today;
  if (props.step !== 'when' && datesOk && props.room) return <StayCheckout {...props} room={props.room} terms={terms} />;
  return (
    <section aria-labelledby="stay-title" className="mb-16" data-testid="stay-journey">
      <h2 id="stay-title" className="mb-6 font-display-tight text-3xl sm:text-4xl">
        {t('stay.whenTitle')}
      </h2>
      <DatesForm {...props} action={lp('/booking')} today={today} />
      {checkIn && checkOut && !datesOk && (
        <p role="alert" className="mt-4 font-semibold text-danger-400" data-testid="stay-dates-error">
          {t('stay.datesError')}
        </p>
      )}
      {datesOk && <RoomList {...props} />}
      <Included terms={terms} />
    </section>
  );
}

function DatesForm({ checkIn, checkOut, guests, action, today }: StayStep & { action: string; today: string }) {
  const t = useT();
  const zoneIn = useZoneLabel();
  // The date fields' lower bound is the gym's today, set after hydration (it moves while open).
  const [min, setMin] = useState<string | undefined>(undefined);
  useEffect(() => setMin(today), [today]);
  return (
    <form
      method="get"
      action={action}
      className="grid gap-4 rounded-card border border-ink-700 bg-ink-900 p-5 sm:grid-cols-4 sm:items-end sm:p-6"
      data-testid="stay-dates"
    >
      <input type="hidden" name="what" value="stay" />
      <input type="hidden" name="step" value="when" />
      <Field label={t('stay.checkIn')}>
        <input type="date" name="checkIn" required min={min} defaultValue={checkIn || today} className={`${inputClass} [color-scheme:dark]`} />
      </Field>
      <Field label={t('stay.checkOut')}>
        <input
          type="date"
          name="checkOut"
          required
          min={min}
          defaultValue={checkOut || addDays(checkIn || today, 7)}
          className={`${inputClass} [color-scheme:dark]`}
        />
      </Field>
      <Field label={t('stay.guests')}>
        <select name="guests" defaultValue={String(guests)} className={inputClass}>
          {Array.from({ length: MAX_GUESTS }, (_, i) => (
            <option key={i} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} data-testid="stay-search">
        <Search aria-hidden className="size-5" />
        {t('stay.search')}
      </button>
      <p className="text-sm text-ink-300 sm:col-span-4">{t('stay.datesHint', { zone: zoneIn(zoneLabel(gymTimeZone())) })}</p>
    </form>
  );
}

function RoomList(props: StayStep) {
  const t = useT();
  const language = useLanguage();
  const avail = useResource(availabilityQuery(props.checkIn, props.checkOut, props.guests, language));
  if (avail.isPending)
    return (
      <p role="status" className="mt-6 text-ink-300">
        {t('stay.loading')}
      </p>
    );
  if (avail.isError || !avail.data)
    return (
      <p role="alert" className="mt-6 text-ink-300">
        {t('stay.failed')}
      </p>
    );
  if (avail.data.roomTypes.length === 0)
    return (
      <p className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-5 text-ink-300" data-testid="stay-none">
        {t('stay.none')}
      </p>
    );
  return (
    <ul className="mt-8 grid gap-4 lg:grid-cols-2" data-testid="stay-rooms">
      {avail.data.roomTypes.map((r) => (
        <li key={r.id}>
          <RoomCard {...props} type={r} />
        </li>
      ))}
    </ul>
  );
}
