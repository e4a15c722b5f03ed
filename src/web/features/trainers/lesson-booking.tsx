import { CalendarCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PrivateLessonBookedDto } from '../../../shared/api-types/private-lessons';
import type { PublicTrainerDto, SlotDto, SlotListDto } from '../../../shared/api-types/trainers';
import { addDays, todayInZone } from '../../../shared/gym-time';
import { nameErrorKey } from '../../../shared/person-name';
import { visitorTime } from '../../../shared/private-slots';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { useLanguage, useT, useTimetableWording } from '../../i18n/i18n';
import { apiGet, apiPost, errorCode } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { useSiteSettings } from '../../lib/site-settings';
import { clockText, dayText } from '../../lib/timetable';
import { useAction } from '../../lib/use-action';

type Method = 'desk' | 'promptpay' | 'card' | 'pass';

/** The refusal's words by its code (the server's sentence stays English). */
const REFUSALS: Partial<Record<string, MessageKey>> = {
  trainer_busy: 'lesson.busy',
  lesson_slot_unavailable: 'lesson.busy',
  pass_not_found: 'lesson.passRefused',
  pass_not_paid: 'lesson.passRefused',
  pass_not_covered: 'lesson.passRefused',
  pass_no_credit: 'lesson.passRefused',
  pass_day_used: 'lesson.passRefused',
  promptpay_unavailable: 'lesson.methodUnavailable',
  card_unavailable: 'lesson.methodUnavailable',
  name_invalid: 'error.nameInvalid',
};

/** The pass link's token, from the whole order link or the token alone. */
const tokenOf = (text: string) => text.trim().split('/').filter(Boolean).at(-1) ?? '';

/**
 * Booking a private lesson (issue 37): a trainer (or any), the length, one or two people, a gym
 * date, then one of the free slots in gym time (the visitor's own time beside it when it
 * differs), the contact and how to pay. An island: wakes on first use.
 */
export default function LessonBooking({ trainers }: { trainers: PublicTrainerDto[] }) {
  const t = useT();
  const w = useTimetableWording();
  const language = useLanguage();
  const { privateLessons } = useSiteSettings();
  const zone = gymTimeZone();
  const [trainerId, setTrainerId] = useState<number>(0);
  const [minutes, setMinutes] = useState<number>(privateLessons.lengths[0] ?? 60);
  const [guests, setGuests] = useState<1 | 2>(1);
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<SlotDto[] | null>(null);
  const [chosen, setChosen] = useState<SlotDto | null>(null);
  const [form, setForm] = useState({ name: '', email: '', phone: '', pass: '' });
  const [method, setMethod] = useState<Method>('desk');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<PrivateLessonBookedDto | null>(null);
  const [visitorZone, setVisitorZone] = useState<string | null>(null);
  // The visitor's zone is the browser's: read after hydration (the server's HTML has none).
  useEffect(() => setVisitorZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const today = todayInZone(zone);
  const byId = new Map(trainers.map((x) => [x.id, x]));
  const disciplineOf = (id: number) => byId.get(id)?.disciplines[0] ?? 'Private';

  useEffect(() => {
    if (!date) return;
    let live = true;
    setSlots(null);
    setChosen(null);
    const q = `/api/private-lessons/slots?from=${date}&days=1&minutes=${minutes}${trainerId ? `&trainerId=${trainerId}` : ''}`;
    apiGet<SlotListDto>(q).then(
      (a) => live && setSlots(a.slots),
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [date, minutes, trainerId]);

  const send = useAction(
    (s: SlotDto) =>
      apiPost<PrivateLessonBookedDto>('/api/private-lessons', {
        trainerId: s.trainerId,
        startsAt: s.startsAt,
        minutes,
        discipline: disciplineOf(s.trainerId),
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim() || null,
        language,
        guests,
        ...(method === 'pass' ? { passToken: tokenOf(form.pass) } : { method }),
      }),
    {
      onSuccess: (answer) => {
        setBooked(answer);
        if (answer.order?.checkoutUrl) window.location.assign(answer.order.checkoutUrl);
      },
      onError: (err) => setRefusal(t(REFUSALS[errorCode(err) ?? ''] ?? 'lesson.failed')),
    },
  );

  if (booked) {
    const l = booked.lesson;
    return (
      <div role="status" className="rounded-card border border-success-400/50 bg-success-900 p-6" data-testid="lesson-booked">
        <p className="text-lg font-semibold text-success-400">
          {t('lesson.booked', { trainer: l.trainerName, date: dayText(l.date, 'long', w), time: clockText(l.time, w) })}
        </p>
        <p className="mt-2 text-bone-100">{t('lesson.bookedMail')}</p>
        {booked.order && (
          <a className={buttonClass('primary', 'lg', 'mt-4')} href={booked.order.orderUrl} data-testid="lesson-order-link">
            {t('lesson.pay')}
          </a>
        )}
      </div>
    );
  }

  const pick = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  // A name typed that the server would refuse (shared/person-name.ts) is said under the field as it is typed.
  const nameError = form.name.trim() ? nameErrorKey(form.name) : null;
  const ready = chosen && form.name.trim() && !nameError && form.email.trim() && (method !== 'pass' || tokenOf(form.pass));
  return (
    <div data-testid="lesson-booking" className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('lesson.trainer')}>
          <select className={inputClass} value={trainerId} onChange={(e) => setTrainerId(Number(e.target.value))} data-testid="lesson-trainer">
            <option value={0}>{t('lesson.anyTrainer')}</option>
            {trainers.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('lesson.length')}>
          <select className={inputClass} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} data-testid="lesson-length">
            {privateLessons.lengths.map((m) => (
              <option key={m} value={m}>
                {t('lesson.minutes', { n: m })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('lesson.guests')}>
          <select className={inputClass} value={guests} onChange={(e) => setGuests(e.target.value === '2' ? 2 : 1)} data-testid="lesson-guests">
            <option value={1}>{t('lesson.guestsOne')}</option>
            <option value={2}>{t('lesson.guestsTwo')}</option>
          </select>
        </Field>
        <Field label={t('lesson.date')}>
          <input
            type="date"
            className={inputClass}
            min={today}
            max={addDays(today, 30)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            data-testid="lesson-date"
          />
        </Field>
      </div>

      {date && (
        <div aria-live="polite">
          {slots === null ? (
            <p className="text-ink-300">{t('lesson.loading')}</p>
          ) : slots.length === 0 ? (
            <p className="text-ink-300">{t('lesson.none')}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="lesson-slots">
              {slots.map((s) => {
                const mine = visitorZone ? visitorTime(s.startsAt, zone, visitorZone) : null;
                const on = chosen?.startsAt === s.startsAt && chosen.trainerId === s.trainerId;
                return (
                  <li key={`${s.trainerId}-${s.startsAt}`}>
                    <button
                      type="button"
                      aria-pressed={on}
                      data-time={s.time}
                      onClick={() => setChosen(s)}
                      className={`min-h-12 w-full rounded-lg border px-3 py-2 text-left ${on ? 'border-gold-400 bg-ink-800' : 'border-ink-600 hover:border-ink-400'}`}
                    >
                      <span className="block font-semibold">{clockText(s.time, w)}</span>
                      {!trainerId && <span className="block text-sm text-ink-300">{byId.get(s.trainerId)?.name}</span>}
                      {mine && <span className="block text-xs text-ink-300">{t('lesson.yourTime', { time: clockText(mine.time, w) })}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      {chosen && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('bookingForm.name')} error={nameError ? t(nameError) : undefined}>
            <input className={inputClass} autoComplete="name" value={form.name} onChange={pick('name')} data-testid="lesson-name" />
          </Field>
          <Field label={t('bookingForm.email')}>
            <input type="email" className={inputClass} autoComplete="email" value={form.email} onChange={pick('email')} data-testid="lesson-email" />
          </Field>
          <Field label={t('bookingForm.phone')} optional>
            <input type="tel" className={inputClass} autoComplete="tel" value={form.phone} onChange={pick('phone')} />
          </Field>
          <Field label={t('lesson.payWith')}>
            <select className={inputClass} value={method} onChange={(e) => setMethod(e.target.value as Method)} data-testid="lesson-method">
              <option value="desk">{t('lesson.payDesk')}</option>
              <option value="promptpay">PromptPay</option>
              <option value="card">{t('lesson.payCard')}</option>
              <option value="pass">{t('lesson.payPass')}</option>
            </select>
          </Field>
          {method === 'pass' && (
            <Field label={t('lesson.passLink')} className="sm:col-span-2">
              <input className={inputClass} value={form.pass} onChange={pick('pass')} />
            </Field>
          )}
          <p className="text-lg font-semibold sm:col-span-2" data-testid="lesson-chosen">
            {t('lesson.confirmText', {
              trainer: byId.get(chosen.trainerId)?.name ?? '',
              date: dayText(chosen.date, 'long', w),
              time: clockText(chosen.time, w),
            })}
          </p>
          <button
            type="button"
            className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
            disabled={!ready || send.pending}
            onClick={() => {
              setRefusal(null);
              send.run(chosen);
            }}
            data-testid="lesson-book"
          >
            <CalendarCheck aria-hidden className="size-5" />
            {send.pending ? t('bookingForm.confirming') : t('lesson.book')}
          </button>
          {refusal && (
            <p role="alert" className="font-semibold text-danger-400 sm:col-span-2">
              {refusal}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
