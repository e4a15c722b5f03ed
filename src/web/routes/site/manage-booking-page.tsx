import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, CalendarDays, CalendarX2, Clock, Globe } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { addMinutesToTime } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { cancelBooking, managedBookingQuery, moveBooking, type ManagedBooking } from '../../features/booking/manage-queries';
import { errorText } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { clockText, dayText, sessionsQuery, spotsText, type SessionDto } from '../../lib/timetable';

// /booking/manage/:token, the link of the confirmation e-mail. Mail scanners follow links, so
// loading the page only reads (GET); cancelling and moving are POSTs made on a button press,
// each after a confirmation step.

const BOOKING_NOT_FOUND_TEXT = "We couldn't find this booking. The link may be wrong, or the booking was already cancelled.";
const BOOKING_CANCELLED_TEXT = 'Your booking is cancelled.';
const STARTED_TEXT = 'This class has already started, so the booking can no longer be cancelled or moved.';

type Step = { kind: 'idle' } | { kind: 'confirm-cancel' } | { kind: 'move'; sessionId: string | null };

const timeRange = (time: string, minutes: number | null) => (minutes ? `${clockText(time)} – ${clockText(addMinutesToTime(time, minutes))}` : clockText(time));

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-site py-12 md:py-16">
      <div className="mx-auto max-w-2xl">{children}</div>
    </div>
  );
}

export default function ManageBookingPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(managedBookingQuery(token));
  const booking = query.data;
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle('Your booking'));
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);

  const settle = (next: ManagedBooking) => {
    queryClient.setQueryData(managedBookingQuery(token).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    setStep({ kind: 'idle' });
  };
  const cancel = useMutation({
    mutationFn: () => cancelBooking(token),
    onMutate: () => setNotice(null),
    onSuccess: (next) => {
      settle(next);
      setNotice(BOOKING_CANCELLED_TEXT);
    },
  });
  const move = useMutation({
    mutationFn: (sessionId: string) => moveBooking(token, sessionId),
    onMutate: () => setNotice(null),
    onSuccess: (next) => {
      settle(next);
      setNotice(`Your booking is moved to ${dayText(next.date, 'long')} at ${clockText(next.time)} (${next.zoneLabel}).`);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
  const failure = cancel.error ?? move.error;

  if (query.isPending) {
    return (
      <Shell>
        <p role="status" className="py-12 text-center text-ink-300">
          Loading your booking...
        </p>
      </Shell>
    );
  }
  if (query.isError) {
    return (
      <Shell>
        <div role="alert" className="py-12 text-center">
          <p className="text-lg text-ink-300">This booking could not be loaded. Please try again in a moment.</p>
          <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={buttonClass('outline', 'md', 'mt-6')}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }
  if (!booking) {
    return (
      <Shell>
        <div className="py-12 text-center" data-testid="booking-not-found">
          <CalendarX2 aria-hidden className="mx-auto size-12 text-blood-500" />
          <h1 className="mt-4 font-display-tight text-display-sm">Booking not found</h1>
          <p className="mt-4 text-lg text-ink-300">{BOOKING_NOT_FOUND_TEXT}</p>
          <Link to="/booking" className={buttonClass('primary', 'md', 'mt-8')}>
            Book a class
          </Link>
        </div>
      </Shell>
    );
  }

  const cancelled = booking.state === 'cancelled';
  const busy = cancel.isPending || move.isPending;

  return (
    <Shell>
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">Booking</p>
      <h1 className="font-display-tight text-display-sm">Your booking</h1>

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

      <article className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8" data-testid="managed-booking" data-state={booking.state}>
        <h2 className={`font-display-tight text-3xl ${cancelled ? 'text-ink-300 line-through decoration-2' : ''}`}>{booking.course}</h2>
        <p className="mt-1 text-ink-300">Booked by {booking.name}</p>
        <dl className="mt-5 grid gap-3 text-base">
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">Date</dt>
            <dd>{dayText(booking.date, 'long')}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">Time</dt>
            <dd className="tabular-nums">{timeRange(booking.time, booking.durationMinutes)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Globe aria-hidden className="size-5 shrink-0 text-gold-400" />
            <dt className="sr-only">Time zone</dt>
            <dd>{booking.zoneLabel}</dd>
          </div>
        </dl>

        {cancelled ? (
          <div className="mt-6 border-t border-ink-700 pt-6">
            {notice !== BOOKING_CANCELLED_TEXT && <p className="text-lg font-bold">{BOOKING_CANCELLED_TEXT}</p>}
            <Link to="/booking" className={buttonClass('primary', 'md', 'mt-4')}>
              Book another class
            </Link>
          </div>
        ) : booking.started ? (
          <p className="mt-6 border-t border-ink-700 pt-6 font-semibold text-bone-100">{STARTED_TEXT}</p>
        ) : (
          <div className="mt-6 border-t border-ink-700 pt-6">
            {step.kind === 'idle' && (
              <div className="flex flex-wrap gap-3">
                {booking.canMove && (
                  <button type="button" className={buttonClass('outline', 'md')} onClick={() => setStep({ kind: 'move', sessionId: null })}>
                    <ArrowRightLeft aria-hidden className="size-5" />
                    Move to another session
                  </button>
                )}
                <button type="button" className={buttonClass('primary', 'md')} onClick={() => setStep({ kind: 'confirm-cancel' })}>
                  Cancel booking
                </button>
              </div>
            )}
            {step.kind === 'confirm-cancel' && (
              <div role="group" aria-labelledby="confirm-cancel-title">
                <p id="confirm-cancel-title" className="text-lg font-semibold">
                  Cancel your {booking.course} class on {dayText(booking.date, 'long')} at {clockText(booking.time)}?
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <button type="button" className={buttonClass('primary', 'md')} disabled={busy} onClick={() => cancel.mutate()}>
                    {cancel.isPending ? 'Cancelling...' : 'Yes, cancel it'}
                  </button>
                  <button type="button" className={buttonClass('ghost', 'md')} disabled={busy} onClick={() => setStep({ kind: 'idle' })}>
                    Keep my booking
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
                onConfirm={(sessionId) => move.mutate(sessionId)}
                onBack={() => setStep({ kind: 'idle' })}
              />
            )}
          </div>
        )}
        {failure && !busy && (
          <p role="alert" className="mt-4 font-semibold text-danger-400" data-testid="manage-error">
            {errorText(failure, 'Something went wrong. Please try again.')}
          </p>
        )}
      </article>
    </Shell>
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
  const { data, isPending, isError } = useQuery(sessionsQuery());
  const current = booking.weeklySessionId == null ? null : `${booking.weeklySessionId}:${booking.date}`;
  const options: SessionDto[] = (data?.sessions ?? []).filter((s) => s.course === booking.course && s.id !== current);
  const picked = options.find((s) => s.id === chosen) ?? null;

  return (
    <div role="group" aria-labelledby="move-title">
      <h3 id="move-title" className="font-display-tight text-2xl">
        Move to another session
      </h3>
      <p className="mt-1 text-ink-300">Coming {booking.course} sessions, in gym time.</p>
      {isPending ? (
        <p role="status" className="mt-4 text-ink-300">
          Loading the timetable...
        </p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-ink-300">
          The timetable could not be loaded.
        </p>
      ) : options.length === 0 ? (
        <p className="mt-4 text-ink-300">No other {booking.course} session is open in the next two weeks.</p>
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
                  {dayText(s.date)} · <span className="tabular-nums">{clockText(s.time)}</span>
                </span>
                <span className={`text-sm ${s.full ? 'text-danger-400' : 'text-ink-300'}`}>{spotsText(s)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <p className="mt-4 text-lg font-semibold">
          Move to {dayText(picked.date, 'long')} at {clockText(picked.time)}?
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass('primary', 'md')} disabled={!picked || busy} onClick={() => picked && onConfirm(picked.id)}>
          {busy ? 'Moving...' : 'Confirm move'}
        </button>
        <button type="button" className={buttonClass('ghost', 'md')} disabled={busy} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
