import { CalendarCheck, CheckCircle2 } from 'lucide-react';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { todayInZone } from '../../../shared/gym-time';
import { NAME_INVALID } from '../../../shared/messages';
import type { BookingFormValues } from '../../../shared/schemas/reservations';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { HoneypotField } from '../../components/ui/honeypot-field';
import { ApiError, apiPost } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { refreshResource } from '../../lib/resource';
import { prefersReducedMotion } from '../../lib/section-nav';
import { sessionsQuery } from '../../lib/timetable';
import { useAction } from '../../lib/use-action';
import { useLanguage, useT } from '../../i18n/i18n';
import { WAITLIST_ERROR_KEYS } from '../../i18n/errors';
import { useSiteSettings } from '../../lib/site-settings';
import { reportFormChoice, useBookingShared } from './booking-store';
import { joinWaitlist } from './waitlist-queries';
import { localePath } from '../../../shared/i18n/paths';

export const EMPTY_BOOKING: BookingFormValues = { name: '', email: '', phone: '', course: '', preferredDate: '', message: '', website: '' };
const loadResolver = () => import('./booking-resolver');

/** The shared zod schema, loaded on first use (see booking-resolver.ts). */
export const bookingResolver: Resolver<BookingFormValues> = async (values, context, options) =>
  (await loadResolver()).bookingResolver(values, context, options);

/** Today at 00:00 in the gym's time zone, as datetime-local wants it (the field is gym time). */
const todayMin = (): string => `${todayInZone(gymTimeZone())}T00:00`;

/** A random key per submission attempt (Idempotency-Key); crypto.randomUUID needs a secure context. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers that explain themselves to the visitor (a full class, no session at that time). */
const shownStatuses = new Set([400, 409]);

interface Attempt {
  key: string;
  body: string;
  /** Whether the server gave a definite answer (a retry must then be a new attempt). */
  answered: boolean;
}

/**
 * The booking form (SPEC.md §5): the shared zod schema gives every message on its field.
 * The page owns the form state so the class catalogue can fill the course.
 */
export interface BookingFormProps {
  form: UseFormReturn<BookingFormValues>;
  onBooked: () => void;
  /** The course names of the catalogue (GET /api/classes). */
  courses: readonly string[];
  /** "Krabi time (UTC+7)": the field's date and time are gym time. */
  zoneLabel: string;
  /** A booking refused as full or not held: the page refreshes the free places. */
  onRefused?: () => void;
  /** A private lesson asked for (no trainer takes bookings): the form says request, not booking. */
  request?: boolean;
}

export const BookingForm = forwardRef<HTMLFormElement, BookingFormProps>(function BookingForm(
  { form, onBooked, courses, zoneLabel, onRefused, request = false },
  ref,
) {
  // Set after hydration: "today" moves while the page is open, the server's HTML has none.
  const t = useT();
  const site = useSiteSettings();
  const language = useLanguage();
  const [min, setMin] = useState<string | undefined>(undefined);
  useEffect(() => setMin(todayMin()), []);
  // The Idempotency-Key of the last attempt: sent again when the same booking is retried after
  // no answer (network failure, 5xx), so the server never books it twice.
  const attempt = useRef<Attempt | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A full session (409 slot_full, "waitlist": true): the form offers its waiting list.
  const [full, setFull] = useState(false);
  // Joined: the answer is the same for everyone (decision 174); the link to the place comes by e-mail.
  const [joined, setJoined] = useState(false);
  const [joinFailure, setJoinFailure] = useState<string | null>(null);

  const join = useAction(
    async (v: BookingFormValues) => {
      setJoinFailure(null);
      const p = (await loadResolver()).bookingToPayload(v, gymTimeZone());
      return joinWaitlist({ course: p.course, dateTime: p.dateTime, name: p.name, email: p.email ?? '', phone: p.phone ?? null, language });
    },
    {
      onSuccess: () => setJoined(true),
      onError: (err) => {
        const key = err instanceof ApiError && err.code ? WAITLIST_ERROR_KEYS[err.code] : undefined;
        setJoinFailure(key ? t(key) : err instanceof ApiError && err.serverMessage ? err.serverMessage : t('manage.failed'));
      },
    },
  );

  const book = useAction(
    async (v: BookingFormValues) => {
      setRefusal(null);
      setFull(false);
      setJoined(false);
      setJoinFailure(null);
      // The page's language: the confirmation e-mails are written in it.
      const payload = { ...(await loadResolver()).bookingToPayload(v, gymTimeZone()), language };
      const body = JSON.stringify(payload);
      const last = attempt.current;
      const current = last && !last.answered && last.body === body ? last : { key: newKey(), body, answered: false };
      attempt.current = current;
      try {
        return await apiPost('/api/reservations', payload, { headers: { 'Idempotency-Key': current.key } });
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) current.answered = true;
        throw err;
      }
    },
    {
      onSuccess: () => {
        attempt.current = null;
        onBooked();
      },
      // SPEC.md §4/§8: a failure is logged. A refusal the visitor can act on (the class is full,
      // no session at that time) also shows the server's sentence by the button (docs/decisions/049-the-booking-page-books-the-timetable-in-gym.md).
      onError: (err) => {
        console.error('Failed to create reservation', err);
        // A name the server refused is said under the name field, in the page's language (Field).
        if (err instanceof ApiError && err.code === 'name_invalid') {
          form.setError('name', { type: 'server', message: NAME_INVALID }, { shouldFocus: true });
          return;
        }
        if (err instanceof ApiError && shownStatuses.has(err.status) && err.serverMessage) {
          setRefusal(err.serverMessage);
          setFull(err.code === 'slot_full' && /"waitlist":\s*true/.test(err.body));
          onRefused?.();
        }
      },
    },
  );
  const { errors } = form.formState;

  return (
    <form
      ref={ref}
      id="booking-form"
      noValidate
      onSubmit={form.handleSubmit((v) => book.run(v))}
      className="grid gap-5 sm:grid-cols-2"
      aria-labelledby="booking-form-title"
    >
      <h2 id="booking-form-title" className="font-display-tight text-3xl sm:col-span-2">
        {t(request ? 'bookingForm.requestTitle' : 'bookingForm.title')}
      </h2>
      <Field label={t('bookingForm.name')} error={errors.name?.message} className="sm:col-span-2">
        <input className={inputClass} autoComplete="name" {...form.register('name')} />
      </Field>
      <Field label={t('bookingForm.email')} error={errors.email?.message} hint={t('bookingForm.emailHint')}>
        <input type="email" className={inputClass} autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label={t('bookingForm.phone')} error={errors.phone?.message} hint={t('bookingForm.phoneHint')}>
        <input type="tel" className={inputClass} autoComplete="tel" placeholder="+66" {...form.register('phone')} />
      </Field>
      <Field label={t('bookingForm.course')} error={errors.course?.message}>
        {/* The default in the HTML too: a private lesson's course is chosen before the form wakes. */}
        <select className={inputClass} defaultValue={form.formState.defaultValues?.course} {...form.register('course')}>
          <option value="">{t('bookingForm.selectClass')}</option>
          {courses.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('bookingForm.date')} error={errors.preferredDate?.message} hint={t('bookingForm.dateHint', { zone: zoneLabel })}>
        <input type="datetime-local" min={min} className={`${inputClass} [color-scheme:dark]`} {...form.register('preferredDate')} />
      </Field>
      <Field label={t('bookingForm.message')} optional error={errors.message?.message} className="sm:col-span-2">
        <textarea rows={4} className={inputClass} placeholder={t('bookingForm.messagePlaceholder')} {...form.register('message')} />
      </Field>
      <HoneypotField {...form.register('website')} />
      <div className="sm:col-span-2">
        <p className="mb-4 text-base text-ink-300" data-testid="cancel-rule">
          {t('bookingForm.cancelRule', { hours: site.payments.cancelHours })}
        </p>
        <button type="submit" disabled={book.pending} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          <CalendarCheck aria-hidden className="size-5" />
          {book.pending ? t('bookingForm.confirming') : t(request ? 'bookingForm.sendRequest' : 'bookingForm.confirm')}
        </button>
        {refusal && (
          <p role="alert" className="mt-3 text-base font-semibold text-danger-400" data-testid="booking-refused">
            {refusal}
          </p>
        )}
        {full && !joined && (
          <div className="mt-4 rounded-card border border-ink-700 bg-ink-900 p-4" data-testid="waitlist-offer">
            <p className="text-base text-bone-100">{t('waitlist.fullHint')}</p>
            {form.getValues('email') === '' ? (
              <p className="mt-2 text-base font-semibold text-gold-400">{t('waitlist.emailNeeded')}</p>
            ) : (
              <button
                type="button"
                disabled={join.pending}
                onClick={() => join.run(form.getValues())}
                className={buttonClass('outline', 'md', 'mt-3 w-full sm:w-auto')}
              >
                {join.pending ? t('waitlist.joining') : t('waitlist.join')}
              </button>
            )}
            {joinFailure && (
              <p role="alert" className="mt-3 text-base font-semibold text-danger-400">
                {joinFailure}
              </p>
            )}
          </div>
        )}
        {joined && (
          <p
            role="status"
            className="mt-4 rounded-card border border-success-400/50 bg-success-900 p-4 text-base font-bold text-success-400"
            data-testid="waitlist-joined"
          >
            {t('waitlist.joined')}
          </p>
        )}
      </div>
    </form>
  );
});

/** Success banner time (SPEC.md §9). */
const BANNER_MS = 5000;

/**
 * The booking form of /booking as an island, woken by the first use or by a class or session
 * chosen on the page (booking-store.ts). A booking made shows the banner for 5 s at the top
 * of the page (a box the page's HTML keeps empty, #booking-status), refreshes the sessions
 * shown and empties the form.
 */
export default function BookingPanel({
  courses,
  zoneLabel,
  course: preset = '',
  request = false,
  waiver = false,
}: {
  courses: string[];
  zoneLabel: string;
  course?: string;
  request?: boolean;
  /** The gym asks a waiver before the first class: the confirmation points to My page, where the person signs it. */
  waiver?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  // A private lesson comes with its course chosen (the journey's step 1 said so).
  const empty = { ...EMPTY_BOOKING, course: preset };
  const form = useForm<BookingFormValues>({ resolver: bookingResolver, defaultValues: empty });
  const { choice } = useBookingShared();
  const applied = useRef(0);
  const [course, preferredDate] = useWatch({ control: form.control, name: ['course', 'preferredDate'] });
  const [booked, setBooked] = useState(false);
  const [status, setStatus] = useState<HTMLElement | null>(null);
  useEffect(() => setStatus(document.getElementById('booking-status')), []);
  // Woken by a first use or a choice: the visitor is heading for the form, so its checks come now.
  useEffect(() => void loadResolver(), []);
  useEffect(() => reportFormChoice(course, preferredDate), [course, preferredDate]);

  // A class or a session chosen on the page, each choice once (also one made before this woke).
  useEffect(() => {
    if (!choice || choice.n <= applied.current) return;
    applied.current = choice.n;
    const opts = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('course', choice.course, opts);
    if (choice.preferredDate !== undefined) form.setValue('preferredDate', choice.preferredDate, opts);
  }, [choice, form]);

  useEffect(() => {
    if (!booked) return;
    const timer = window.setTimeout(() => setBooked(false), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [booked]);

  const onBooked = () => {
    setBooked(true);
    // The journey's step bar (server HTML) moves on: every step done, the visitor on the last.
    const bar = document.querySelector('[data-testid="journey-steps"]');
    bar?.setAttribute('data-done', '');
    bar?.querySelectorAll('li').forEach((li, i, all) => li.toggleAttribute('aria-current', i === all.length - 1));
    bar?.lastElementChild?.setAttribute('aria-current', 'step');
    refreshResource(sessionsQuery());
    form.reset(empty);
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <>
      {status &&
        booked &&
        createPortal(
          <p
            className="mb-8 flex items-center gap-3 rounded-card border border-success-400/50 bg-success-900 p-4 text-lg font-bold text-success-400"
            data-testid="booking-success"
          >
            <CheckCircle2 aria-hidden className="size-6 shrink-0" />
            <span>
              {t(request ? 'booking.requestSent' : 'booking.sent')}
              {waiver && !request && (
                <span className="mt-1 block text-base font-normal text-bone-50" data-testid="booking-waiver">
                  {t('booking.waiverNext')}{' '}
                  <a href={`${localePath(language, '/me')}#waiver`} className="underline underline-offset-4">
                    {t('booking.waiverLink')}
                  </a>
                </span>
              )}
            </span>
          </p>,
          status,
        )}
      <BookingForm
        form={form}
        onBooked={onBooked}
        courses={courses}
        zoneLabel={zoneLabel}
        request={request}
        onRefused={() => refreshResource(sessionsQuery())}
      />
    </>
  );
}
