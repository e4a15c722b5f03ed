import { ArrowRight, CreditCard, QrCode, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { zoneLabel } from '../../../shared/gym-time';
import { formatThb } from '../../../shared/money';
import { nameErrorKey } from '../../../shared/person-name';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { useResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { useIntlLocale, useLanguage, useLocalePath, useT, useZoneLabel } from '../../i18n/i18n';
import { passErrorText } from './pass-errors';
import { newAttemptKey, passesQuery, paymentMethodsQuery, postOrder, rememberBuyer, type OrderDto } from './pass-queries';
import { Included, RoomCard, stayHref, useStayDates, type StayStep } from './stay-parts';
import { availabilityQuery, EMPTY_DRAFT, readDraft, saveDraft, stayLines, stayPayload, type StayDraft, type StayTerms } from './stay-queries';
import { StayTotal } from './stay-total';
import { DiscountCodeField } from './discount-code-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Steps 3 and 4 of a stay: who is coming (and the airport pickup, when Paramètres lists
 * airports), then the order's lines and how to pay. The draft waits in this tab between the
 * two (stay-queries.ts); the address carries only the stay.
 */
export function StayCheckout(props: StayStep & { room: number; terms: StayTerms }) {
  const t = useT();
  const language = useLanguage();
  const dates = useStayDates();
  const avail = useResource(availabilityQuery(props.checkIn, props.checkOut, props.guests, language));
  const room = avail.data?.roomTypes.find((r) => r.id === props.room) ?? null;
  const [draft, setDraft] = useState<StayDraft>(EMPTY_DRAFT);
  const [ready, setReady] = useState(false);
  // The draft is this tab's: read after hydration (the server's HTML has none).
  useEffect(() => {
    setDraft(readDraft());
    setReady(true);
  }, []);
  const payStep = props.step === 'pay' && ready && draft.name !== '' && EMAIL.test(draft.email);

  return (
    <section aria-labelledby="stay-title" className="mx-auto mb-16 max-w-3xl" data-testid="stay-journey">
      <h2 id="stay-title" className="mb-2 font-display-tight text-3xl sm:text-4xl">
        {payStep ? t('stay.payTitle') : t('stay.whoTitle')}
      </h2>
      <p className="mb-6 text-lg text-bone-100" data-testid="stay-dates-chosen">
        {dates(props.checkIn, props.checkOut)} · {t('stay.guestsN', { n: props.guests })}
      </p>
      {avail.isPending && (
        <p role="status" className="text-ink-300">
          {t('stay.loading')}
        </p>
      )}
      {avail.isError && (
        <p role="alert" className="text-ink-300">
          {t('stay.failed')}
        </p>
      )}
      {avail.data && !room && (
        <p role="alert" className="font-semibold text-danger-400">
          {t('stay.gone')}
        </p>
      )}
      {room && <RoomCard {...props} type={room} chosen />}
      {room && (payStep ? <PayStep {...props} draft={draft} /> : <WhoStep {...props} draft={draft} ready={ready} />)}
      <Included terms={props.terms} />
    </section>
  );
}

function WhoStep({ draft, ready, terms, ...s }: StayStep & { room: number; terms: StayTerms; draft: StayDraft; ready: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const zoneIn = useZoneLabel();
  const [v, setV] = useState(draft);
  useEffect(() => setV(draft), [draft]);
  const [shown, setShown] = useState(false);
  const language = useLanguage();
  const locale = useIntlLocale();
  // Training with the stay: the passes on sale, programmes and private lessons apart.
  const passes = (useResource(passesQuery()).data ?? []).filter((p) => p.kind !== 'programme' && p.kind !== 'private');
  // A pickup needs the landing time (the driver's hour); the flight may come later.
  const errors = { name: nameErrorKey(v.name), email: !EMAIL.test(v.email.trim()), arrivesAt: v.airport !== '' && v.arrivesAt === '' };
  const set = (k: keyof StayDraft) => (e: { target: { value: string } }) => setV((d) => ({ ...d, [k]: e.target.value }));
  const next = (e: React.FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (errors.name || errors.email || errors.arrivesAt) return;
    saveDraft(v);
    rememberBuyer({ name: v.name.trim(), email: v.email.trim() });
    window.location.assign(stayHref(lp('/booking'), { ...s, step: 'pay' }));
  };
  return (
    <form
      noValidate
      onSubmit={next}
      className="mt-6 grid gap-5 rounded-card border border-ink-700 bg-ink-900 p-5 sm:grid-cols-2 sm:p-8"
      data-testid="stay-who"
      aria-busy={!ready}
    >
      <Field label={t('bookingForm.name')} error={shown && errors.name ? t(errors.name) : undefined} className="sm:col-span-2">
        <input className={inputClass} autoComplete="name" value={v.name} onChange={set('name')} />
      </Field>
      <Field label={t('bookingForm.email')} error={shown && errors.email ? t('error.invalidEmail') : undefined} hint={t('passes.emailHint')}>
        <input type="email" className={inputClass} autoComplete="email" value={v.email} onChange={set('email')} />
      </Field>
      <Field label={t('bookingForm.phone')} optional>
        <input type="tel" className={inputClass} autoComplete="tel" placeholder="+66" value={v.phone} onChange={set('phone')} />
      </Field>
      {passes.length > 0 && (
        <Field label={t('stay.training')} hint={t('stay.trainingHint')} className="sm:col-span-2">
          <select className={inputClass} value={v.passId} onChange={set('passId')} data-testid="stay-pass">
            <option value="">{t('stay.noTraining')}</option>
            {passes.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name[language]} · {formatThb(p.priceSatang, locale)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {terms.airports.length > 0 && (
        <fieldset className="grid min-w-0 gap-4 sm:col-span-2 sm:grid-cols-3" data-testid="stay-pickup">
          <legend className="mb-2 font-display-tight text-xl">{t('stay.pickup')}</legend>
          <Field label={t('stay.airport')}>
            <select className={inputClass} value={v.airport} onChange={set('airport')}>
              <option value="">{t('stay.noPickup')}</option>
              {terms.airports.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
          {v.airport && (
            <>
              <Field label={t('stay.flight')}>
                <input className={inputClass} value={v.flightNumber} onChange={set('flightNumber')} placeholder="TG 231" />
              </Field>
              <Field
                label={t('stay.arrives', { zone: zoneIn(zoneLabel(gymTimeZone())) })}
                error={shown && errors.arrivesAt ? t('stay.arrivesRequired') : undefined}
              >
                <input type="datetime-local" className={`${inputClass} [color-scheme:dark]`} value={v.arrivesAt} onChange={set('arrivesAt')} />
              </Field>
            </>
          )}
        </fieldset>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')} data-testid="stay-continue">
          {t('stay.continue')}
          <ArrowRight aria-hidden className="size-5" />
        </button>
      </div>
    </form>
  );
}

function PayStep({ draft, terms, ...s }: StayStep & { room: number; terms: StayTerms; draft: StayDraft }) {
  const t = useT();
  const language = useLanguage();
  const locale = useIntlLocale();
  const lp = useLocalePath();
  const methods = useResource(paymentMethodsQuery());
  const [picked, setMethod] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // The discount code a quote accepted (issue 48): the total below and the order take it.
  const [code, setCode] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const airport = terms.airports.find((a) => a.code === draft.airport) ?? null;
  const pass = useResource(passesQuery()).data?.find((p) => p.id === draft.passId) ?? null;
  const choices = [
    ...(methods.data?.promptpay !== false ? [{ value: 'promptpay', label: t('passes.method.promptpay'), icon: QrCode }] : []),
    ...(methods.data?.card ? [{ value: 'card', label: t('passes.method.card'), icon: CreditCard }] : []),
  ];
  // A single way to pay is chosen for the buyer (issue 46 §2).
  const method = picked || (choices.length === 1 ? choices[0].value : '');
  const stay = { roomTypeId: s.room, checkIn: s.checkIn, checkOut: s.checkOut, guests: s.guests };
  const book = useAction(
    async () => {
      setRefusal(null);
      const payload = { ...stayPayload(stay, draft, method, language), ...(code ? { code } : {}) };
      const body = JSON.stringify(payload);
      const current = attempt.current?.body === body ? attempt.current : { key: newAttemptKey(), body };
      attempt.current = current;
      return postOrder(payload, current.key);
    },
    {
      onSuccess: (order: OrderDto) => {
        if (order.checkoutUrl && method === 'card') window.location.assign(order.checkoutUrl);
        else if (order.token) window.location.assign(lp(`/booking/order/${encodeURIComponent(order.token)}`));
      },
      onError: (err) => {
        attempt.current = err instanceof ApiError && err.status < 500 ? null : attempt.current;
        console.error('Failed to create order', err);
        setRefusal(passErrorText(err, t, 'stay.bookFailed'));
      },
    },
  );
  return (
    <div className="mt-6 grid gap-5 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" data-testid="stay-pay">
      <dl className="grid gap-1 text-bone-100" data-testid="stay-buyer">
        <dt className="sr-only">{t('bookingForm.name')}</dt>
        <dd className="font-semibold">{draft.name}</dd>
        <dt className="sr-only">{t('bookingForm.email')}</dt>
        <dd>{draft.email}</dd>
        {pass && (
          <>
            <dt className="mt-2 font-semibold">{t('stay.training')}</dt>
            <dd data-testid="stay-pass-line">
              {pass.name[language]} · {formatThb(pass.priceSatang, locale)}
            </dd>
          </>
        )}
        {draft.airport && (
          <>
            <dt className="mt-2 font-semibold">{t('stay.pickup')}</dt>
            <dd data-testid="stay-pickup-line">
              {airport?.label ?? draft.airport}
              {draft.flightNumber && ` · ${draft.flightNumber}`}
              {draft.arrivesAt && ` · ${draft.arrivesAt.replace('T', ' ')}`}
              {airport?.priceSatang != null && ` · ${formatThb(airport.priceSatang, locale)}`}
            </dd>
          </>
        )}
      </dl>
      <a href={stayHref(lp('/booking'), { ...s, step: 'who' })} className="justify-self-start text-sm font-semibold text-bone-50 underline underline-offset-4">
        {t('journey.change')}
      </a>
      <DiscountCodeField lines={stayLines(stay, draft, language)} onApplied={setCode} />
      <StayTotal lines={{ ...stayLines(stay, draft, language), ...(code ? { code } : {}) }} />
      {terms.cancellation.length > 0 && (
        <div data-testid="stay-terms">
          <h3 className="mb-1 font-semibold text-bone-100">{t('stay.terms')}</h3>
          {terms.cancellation.map((line) => (
            <p key={line} className="text-sm text-ink-300">
              {line}
            </p>
          ))}
        </div>
      )}
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-semibold text-bone-100">{t('passes.method')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {choices.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border px-4 py-3 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${method === value ? 'border-gold-400 bg-ink-850 text-bone-50' : 'border-ink-600 text-bone-100'}`}
              data-testid="pay-method"
              data-method={value}
            >
              <input type="radio" name="stay-method" value={value} checked={method === value} onChange={() => setMethod(value)} className="sr-only" />
              <Icon aria-hidden className="size-5" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button
          type="button"
          disabled={book.pending || method === ''}
          onClick={() => book.run(undefined)}
          className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
          data-testid="stay-book"
        >
          <Ticket aria-hidden className="size-5" />
          {book.pending ? t('stay.booking') : t('stay.book')}
        </button>
        {refusal && (
          <p role="alert" className="mt-3 font-semibold text-danger-400" data-testid="stay-refused">
            {refusal}
          </p>
        )}
      </div>
    </div>
  );
}
