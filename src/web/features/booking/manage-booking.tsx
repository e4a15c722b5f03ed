import { ArrowRightLeft, CalendarDays, CalendarX2, Clock, Globe } from 'lucide-react';
import { useState } from 'react';
import { addMinutesToTime } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { ErasedNotice } from '../../components/ui/erased-notice';
import { isErased } from '../../lib/link-read';
import { LinkPageShell, linkPageWaiting } from './link-page';
import { CancelledState, CreditRule, EarlierLink, GymCancelled, HappenedState } from './manage-booking-states';
import { cancelBooking, managedBookingQuery, moveBooking, type ManagedBooking } from './manage-queries';
import { errorCode, errorText } from '../../lib/api-client';
import { MANAGE_ERROR_KEYS } from '../../i18n/errors';
import { useLocalePath, useT, useTimetableWording, useZoneLabel, type Translate } from '../../i18n/i18n';
import { refreshResource, useResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { clockText, dayText, sessionsQuery, spotsText, type SessionDto, type Wording } from '../../lib/timetable';
import { wordFit } from '../../lib/word-fit';

// A booking behind /booking/manage/:token, the link of the confirmation e-mail: an island
// hydrated at once, which reads the booking from the visitor's browser (the server renders it
// loading). Mail scanners follow links, so loading the page only reads (GET); cancelling and
// moving are POSTs made on a button press, each after a confirmation step. Texts come from the page language's catalogue; dates and
// times stay gym dates and times, written by Intl in that language (English keeps SPEC.md's).

type Step = { kind: 'idle' } | { kind: 'confirm-cancel' } | { kind: 'move'; sessionId: string | null };

const timeRange = (time: string, minutes: number | null, w?: Wording) =>
  minutes ? `${clockText(time, w)} – ${clockText(addMinutesToTime(time, minutes), w)}` : clockText(time, w);

/** The refusal in the page's language when the catalogue has its code, else the server's sentence. */
function failureText(err: unknown, t: Translate): string {
  const code = errorCode(err);
  const key = code ? MANAGE_ERROR_KEYS[code] : undefined;
  return key ? t(key) : errorText(err, t('manage.failed'));
}

export default function ManageBooking({ token }: { token: string }) {
  const query = useResource(managedBookingQuery(token));
  const booking = query.data;
  const t = useT();
  const zoneIn = useZoneLabel();
  const lp = useLocalePath();
  const w = useTimetableWording();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const cancelledText = t('manage.cancelled');

  const settle = (next: ManagedBooking) => {
    query.setData(next);
    refreshResource(sessionsQuery());
    setStep({ kind: 'idle' });
  };
  const starting = () => {
    setNotice(null);
    setFailure(null);
  };
  const cancel = useAction(
    () => {
      starting();
      return cancelBooking(token);
    },
    {
      onSuccess: (next) => {
        settle(next);
        setNotice(cancelledText);
      },
      onError: setFailure,
    },
  );
  const move = useAction(
    (sessionId: string) => {
      starting();
      return moveBooking(token, sessionId);
    },
    {
      onSuccess: (next) => {
        const words = { course: next.course, date: dayText(next.date, 'long', w), time: clockText(next.time, w), zone: zoneIn(next.zoneLabel) };
        // A class the gym called off, booked again elsewhere: "you are booked", not "moved".
        setNotice(t(booking && !isErased(booking) && booking.state === 'cancelled' ? 'manage.rebooked' : 'manage.moved', words));
        settle(next);
      },
      onError: (err) => {
        setFailure(err);
        refreshResource(sessionsQuery());
      },
    },
  );

  const waiting = linkPageWaiting(query, t, 'manage.loading', 'manage.loadFailed');
  if (waiting) return waiting;
  if (isErased(booking)) {
    return (
      <LinkPageShell>
        <ErasedNotice />
      </LinkPageShell>
    );
  }
  if (!booking) {
    return (
      <LinkPageShell>
        <div className="py-12 text-center" data-testid="booking-not-found">
          <CalendarX2 aria-hidden className="mx-auto size-12 text-blood-500" />
          <h1 className="mt-4 font-display-tight text-display-sm-fit" style={wordFit(t('manage.notFoundTitle'))}>
            {t('manage.notFoundTitle')}
          </h1>
          <p className="mt-4 text-lg text-ink-300">{t('manage.notFound')}</p>
          <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-8')}>
            {t('manage.bookClass')}
          </a>
        </div>
      </LinkPageShell>
    );
  }

  const cancelled = booking.state === 'cancelled';
  const busy = cancel.pending || move.pending;

  return (
    <LinkPageShell>
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('manage.eyebrow')}</p>
      <h1 className="font-display-tight text-display-sm-fit" style={wordFit(t('manage.title'))}>
        {t('manage.title')}
      </h1>

      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={`mt-6 rounded-card border p-4 text-lg font-bold ${cancelled ? 'border-ink-600 bg-ink-900 text-bone-50' : 'border-success-400/50 bg-success-900 text-success-400'}`}
            data-testid="manage-notice"
          >
            {notice}
          </p>
        )}
      </div>

      <article
        className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8"
        data-testid="managed-booking"
        data-state={booking.state}
        data-outcome={booking.outcome}
      >
        <h2 className={`font-display-tight text-3xl break-words ${cancelled ? 'text-ink-300 line-through decoration-2' : ''}`}>{booking.course}</h2>
        <p className="mt-1 text-ink-300">{t('manage.bookedBy', { name: booking.name })}</p>
        <dl className="mt-5 grid gap-3 text-base">
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">{t('manage.date')}</dt>
            <dd>{dayText(booking.date, 'long', w)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">{t('manage.time')}</dt>
            <dd className="tabular-nums">{timeRange(booking.time, booking.durationMinutes, w)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Globe aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">{t('manage.zone')}</dt>
            <dd>{zoneIn(booking.zoneLabel)}</dd>
          </div>
        </dl>

        {booking.pass && !booking.started && <CreditRule booking={booking} cancelled={cancelled} w={w} t={t} />}

        {booking.moved && !booking.started && (
          <p className="mt-5 text-base text-bone-100" data-testid="moved-note">
            {t('manage.movedNote')}
          </p>
        )}
        {cancelled && booking.canRebook ? (
          <GymCancelled booking={booking} busy={busy} onPick={(sessionId) => move.run(sessionId)} />
        ) : cancelled ? (
          <CancelledState booking={booking} hideText={notice === cancelledText} />
        ) : booking.started ? (
          <HappenedState booking={booking} />
        ) : booking.link === 'earlier' ? null : (
          <div className="mt-6 border-t border-ink-700 pt-6">
            {step.kind === 'idle' && (
              <div className="flex flex-wrap gap-3">
                {booking.canMove && (
                  <button type="button" className={buttonClass('outline', 'md')} onClick={() => setStep({ kind: 'move', sessionId: null })}>
                    <ArrowRightLeft aria-hidden className="size-5" />
                    {t('manage.move')}
                  </button>
                )}
                <button type="button" className={buttonClass('primary', 'md')} onClick={() => setStep({ kind: 'confirm-cancel' })}>
                  {t('manage.cancel')}
                </button>
              </div>
            )}
            {step.kind === 'confirm-cancel' && (
              <div role="group" aria-labelledby="confirm-cancel-title">
                <p id="confirm-cancel-title" className="text-lg font-semibold">
                  {t('manage.confirmCancel', { course: booking.course, date: dayText(booking.date, 'long', w), time: clockText(booking.time, w) })}
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <button type="button" className={buttonClass('primary', 'md')} disabled={busy} onClick={() => cancel.run(undefined)}>
                    {cancel.pending ? t('manage.cancelling') : t('manage.yesCancel')}
                  </button>
                  <button type="button" className={buttonClass('ghost', 'md')} disabled={busy} onClick={() => setStep({ kind: 'idle' })}>
                    {t('manage.keep')}
                  </button>
                </div>
              </div>
            )}
            {step.kind === 'move' && (
              <MoveChooser
                booking={booking}
                chosen={step.sessionId}
                busy={busy}
                onChoose={(sessionId) => setStep({ kind: 'move', sessionId })}
                onConfirm={(sessionId) => move.run(sessionId)}
                onBack={() => setStep({ kind: 'idle' })}
              />
            )}
          </div>
        )}
        {booking.link === 'earlier' && <EarlierLink />}
        {failure !== null && !busy && (
          <p role="alert" className="mt-4 font-semibold text-danger-400" data-testid="manage-error">
            {failureText(failure, t)}
          </p>
        )}
      </article>
    </LinkPageShell>
  );
}

/** The coming sessions of the same class (GET /api/sessions), one to choose, then confirm. */
function MoveChooser({
  booking,
  chosen,
  busy,
  onChoose,
  onConfirm,
  onBack,
}: {
  booking: ManagedBooking;
  chosen: string | null;
  busy: boolean;
  onChoose: (id: string) => void;
  onConfirm: (id: string) => void;
  onBack: () => void;
}) {
  const { data, isPending, isError } = useResource(sessionsQuery());
  const current = booking.weeklySessionId == null ? null : `${booking.weeklySessionId}:${booking.date}`;
  const options: SessionDto[] = (data?.sessions ?? []).filter((s) => s.course === booking.course && s.id !== current);
  const picked = options.find((s) => s.id === chosen) ?? null;
  const t = useT();
  const w = useTimetableWording();

  return (
    <div role="group" aria-labelledby="move-title">
      <h3 id="move-title" className="font-display-tight text-2xl">
        {t('manage.move')}
      </h3>
      <p className="mt-1 text-ink-300">{t('manage.moveIntro', { course: booking.course })}</p>
      {isPending ? (
        <p role="status" className="mt-4 text-ink-300">
          {t('timetable.loading')}
        </p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-ink-300">
          {t('timetable.failed')}
        </p>
      ) : options.length === 0 ? (
        <p className="mt-4 text-ink-300">{t('manage.noOther', { course: booking.course })}</p>
      ) : (
        <ul className="mt-4 grid max-h-96 gap-2 overflow-y-auto pr-1" data-testid="move-options">
          {options.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                disabled={s.full || busy}
                aria-pressed={s.full ? undefined : s.id === chosen}
                onClick={() => onChoose(s.id)}
                data-session-id={s.id}
                className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-lg border px-4 py-3 text-left ${
                  s.full
                    ? 'cursor-not-allowed border-ink-800 text-ink-400'
                    : s.id === chosen
                      ? 'border-gold-400 bg-ink-850'
                      : 'border-ink-600 hover:border-ink-400'
                }`}
              >
                <span className="font-semibold">
                  {dayText(s.date, 'short', w)} · <span className="tabular-nums">{clockText(s.time, w)}</span>
                </span>
                <span className={`text-sm ${s.full ? 'text-danger-400' : 'text-ink-300'}`}>{spotsText(s, w)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <p className="mt-4 text-lg font-semibold">{t('manage.confirmMoveTo', { date: dayText(picked.date, 'long', w), time: clockText(picked.time, w) })}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass('primary', 'md')} disabled={!picked || busy} onClick={() => picked && onConfirm(picked.id)}>
          {busy ? t('manage.moving') : t('manage.confirmMove')}
        </button>
        <button type="button" className={buttonClass('ghost', 'md')} disabled={busy} onClick={onBack}>
          {t('manage.back')}
        </button>
      </div>
    </div>
  );
}
