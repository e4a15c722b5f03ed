import { CalendarCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SessionList } from '../../components/timetable/session-list';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { ApiError, apiPost } from '../../lib/api-client';
import { refreshResource } from '../../lib/resource';
import { useSiteSettings } from '../../lib/site-settings';
import { useAction } from '../../lib/use-action';
import { clockText, dayText, sessionsQuery, type SessionDto } from '../../lib/timetable';
import { useLanguage, useT, useTimetableWording } from '../../i18n/i18n';
import { classCover } from '../../../shared/catalogue';
import { passErrorText } from './pass-errors';
import { newAttemptKey, orderQuery, recalledBuyer, type OrderDto, type PassBookingAnswer } from './pass-queries';

interface Booked {
  course: string;
  date: string;
  time: string;
  creditsLeft: number | null;
}

/**
 * "Book a class with this pass" (issue 21 §4): the booking page's session picker, limited to
 * the pass's gym days and the classes it covers; each booking sends the order's token (passToken), the proof that the
 * holder spends the credit, and the answer says how many are left.
 */
export function PassBooking({ order, token }: { order: OrderDto; token: string }) {
  const t = useT();
  const w = useTimetableWording();
  const language = useLanguage();
  const site = useSiteSettings();
  const [chosen, setChosen] = useState<SessionDto | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  // The buyer typed them when paying in this tab: not asked twice (read after hydration).
  useEffect(() => {
    const b = recalledBuyer();
    setName((n) => n || b.name);
    setEmail((e) => e || b.email);
  }, []);
  // The booking needs a name and a way to reach the holder (the server asks for an e-mail or a phone).
  // The name rule itself (shared/person-name.ts) is the server's here, said as its refusal: the
  // order page does not carry the rule's code (its JavaScript budget).
  const [missing, setMissing] = useState({ name: false, email: false });
  const [booked, setBooked] = useState<Booked[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const book = useAction(
    async (s: SessionDto) => {
      setRefusal(null);
      const payload = {
        name: name.trim(),
        email: email.trim(),
        phone: null,
        course: s.course,
        // The session's own instant: the server finds the session by it.
        dateTime: s.startsAt,
        message: null,
        language,
        passToken: token,
      };
      const body = JSON.stringify(payload);
      const current = attempt.current?.body === body ? attempt.current : { key: newAttemptKey(), body };
      attempt.current = current;
      return apiPost<PassBookingAnswer>('/api/reservations', payload, { headers: { 'Idempotency-Key': current.key } });
    },
    {
      onSuccess: (answer, s) => {
        attempt.current = null;
        const creditsLeft = answer.creditsLeft === undefined ? order.creditsLeft : answer.creditsLeft;
        setBooked((list) => [...list, { course: s.course, date: s.date, time: s.time, creditsLeft }]);
        setChosen(null);
        refreshResource(sessionsQuery());
        refreshResource(orderQuery(token));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status < 500) attempt.current = null;
        console.error('Failed to book with the pass', err);
        setRefusal(passErrorText(err, t, 'passBooking.failed'));
        refreshResource(sessionsQuery());
      },
    },
  );

  if (order.kind === 'private') return <p className="text-ink-300">{t('passBooking.private')}</p>;
  const noCredit = order.creditsLeft !== null && order.creditsLeft <= 0;
  // Only what the pass pays for: its days and its column of the price table.
  const inPass = (s: SessionDto) => s.date >= order.startDate && s.date <= order.endDate && classCover(s.course, false) === order.covers;

  const confirm = () => {
    if (!chosen || book.pending) return;
    const now = { name: name.trim() === '', email: email.trim() === '' };
    setMissing(now);
    if (now.name || now.email) return;
    book.run(chosen);
  };

  return (
    <div data-testid="pass-booking">
      <p className="mb-4 text-ink-300">{t('passBooking.intro', { hours: site.payments.cancelHours })}</p>
      <p className="mb-4 text-lg font-semibold" data-testid="credits-left" aria-live="polite">
        {order.programme
          ? t('passBooking.weekly', { n: order.programme.sessionsPerWeek })
          : order.creditsLeft === null
            ? t('passBooking.unlimited')
            : t('passBooking.creditsLeft', { n: order.creditsLeft })}
      </p>
      {booked.length > 0 && (
        <ul className="mb-6 grid gap-2" role="status" data-testid="pass-booked">
          {booked.map((b, i) => (
            <li key={i} className="rounded-card border border-success-400/50 bg-success-900 p-3 font-semibold text-success-400">
              {t('passBooking.booked', { course: b.course, date: dayText(b.date, 'long', w), time: clockText(b.time, w) })}{' '}
              {b.creditsLeft !== null && <span className="text-bone-100">{t('passBooking.creditsLeft', { n: b.creditsLeft })}</span>}
            </li>
          ))}
        </ul>
      )}
      {noCredit ? (
        <p className="font-semibold text-bone-100">{t('passBooking.noCredit')}</p>
      ) : (
        <>
          <SessionList chosenId={chosen?.id ?? null} onPick={setChosen} only={inPass} />
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <Field label={t('bookingForm.name')} error={missing.name ? t('error.nameRequired') : undefined}>
              <input className={inputClass} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field label={t('bookingForm.email')} error={missing.email ? t('error.emailRequired') : undefined}>
              <input type="email" className={inputClass} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
          </div>
          {chosen && (
            <p className="mt-4 text-lg font-semibold" data-testid="pass-chosen-session">
              {t('passBooking.confirmText', { course: chosen.course, date: dayText(chosen.date, 'long', w), time: clockText(chosen.time, w) })}
            </p>
          )}
          <button
            type="button"
            className={buttonClass('primary', 'lg', 'mt-4 w-full sm:w-auto')}
            disabled={!chosen || book.pending}
            onClick={confirm}
            data-testid="pass-book"
          >
            <CalendarCheck aria-hidden className="size-5" />
            {book.pending ? t('bookingForm.confirming') : t('passBooking.book')}
          </button>
        </>
      )}
      {refusal && (
        <p role="alert" className="mt-3 font-semibold text-danger-400" data-testid="pass-book-refused">
          {refusal}
        </p>
      )}
    </div>
  );
}
