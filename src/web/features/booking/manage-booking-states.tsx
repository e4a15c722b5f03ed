import { addDays, instantToZoned } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import type { ManagedBooking } from './manage-queries';
import { useLocalePath, useT, useTimetableWording, type Translate } from '../../i18n/i18n';
import { useResource } from '../../lib/resource';
import { clockText, dayText, sessionsQuery, spotsText, type Wording } from '../../lib/timetable';

// What a booking's page says once it can no longer be changed (issue 47 point 3, decision 184):
// cancelled (by the traveller, by staff, by the gym and why), under way, over (and whether the
// desk saw the traveller), or read through a link a newer e-mail replaced. Every link the site
// mailed lands on one of these; none is a "not found".

/** The booking page's class step: where a class the gym called off is booked again. */
const BOOK_CLASS_PATH = '/booking?what=class&step=when';

/** A gym's cancel, said with its cause (a session called off, a closure, a session moved) and reason. */
function GymWhy({ booking }: { booking: ManagedBooking }) {
  const t = useT();
  return (
    <>
      <p className="text-lg font-bold" data-testid="cancelled-by" data-by="gym">
        {t('manage.cancelledByGym')}
      </p>
      {booking.gymCause && (
        <p className="mt-1 text-bone-100" data-testid="gym-cause" data-cause={booking.gymCause}>
          {t(`manage.gymCause.${booking.gymCause}`)}
        </p>
      )}
      {booking.cancelReason && <p className="mt-1 text-ink-300">{t('manage.gymReason', { reason: booking.cancelReason })}</p>}
    </>
  );
}

/** The link to book that class again, on the booking page. */
function BookAgain() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <a href={lp(BOOK_CLASS_PATH)} className={buttonClass('primary', 'md', 'mt-4')} data-testid="book-again">
      {t('manage.bookAgain')}
    </a>
  );
}

/**
 * The gym called the class off: said so (with its cause and reason), and the other sessions of
 * that day and the next, each booked in one tap through the move (POST …/move): the booking's own rules.
 */
export function GymCancelled({ booking, busy, onPick }: { booking: ManagedBooking; busy: boolean; onPick: (id: string) => void }) {
  const { data, isPending, isError } = useResource(sessionsQuery());
  const t = useT();
  const w = useTimetableWording();
  const current = `${booking.weeklySessionId}:${booking.date}`;
  const days = [booking.date, addDays(booking.date, 1)];
  const options = (data?.sessions ?? []).filter((s) => days.includes(s.date) && s.id !== current && !s.full);
  return (
    <div className="mt-6 border-t border-ink-700 pt-6" data-testid="gym-cancelled">
      <GymWhy booking={booking} />
      <p className="mt-4">{t('manage.rebookIntro')}</p>
      {isPending ? (
        <p role="status" className="mt-4 text-ink-300">
          {t('timetable.loading')}
        </p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-ink-300">
          {t('timetable.failed')}
        </p>
      ) : options.length === 0 ? (
        <p className="mt-4 text-ink-300">{t('manage.rebookNone')}</p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="rebook-options">
          {options.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                disabled={busy}
                onClick={() => onPick(s.id)}
                data-session-id={s.id}
                className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-600 px-4 py-3 text-left hover:border-gold-400"
              >
                <span className="font-semibold">
                  {s.course} · {dayText(s.date, 'short', w)} · <span className="tabular-nums">{clockText(s.time, w)}</span>
                </span>
                <span className="text-sm text-ink-300">{spotsText(s, w)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <BookAgain />
    </div>
  );
}

/** A cancelled booking that offers nothing to pick here: who cancelled it, and booking again. */
export function CancelledState({ booking, hideText }: { booking: ManagedBooking; hideText: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  if (booking.cancelledBy === 'gym')
    return (
      <div className="mt-6 border-t border-ink-700 pt-6" data-testid="gym-cancelled">
        <GymWhy booking={booking} />
        <BookAgain />
      </div>
    );
  const text = booking.cancelledBy === 'customer' ? 'manage.cancelledByYou' : booking.cancelledBy === 'staff' ? 'manage.cancelledByStaff' : 'manage.cancelled';
  return (
    <div className="mt-6 border-t border-ink-700 pt-6">
      {!hideText && (
        <p className="text-lg font-bold" data-testid="cancelled-by" data-by={booking.cancelledBy ?? ''}>
          {t(text)}
        </p>
      )}
      <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-4')}>
        {t('manage.bookAnother')}
      </a>
    </div>
  );
}

/** A class under way or over: it took place, and what the desk marked (present, absent) when known. */
export function HappenedState({ booking }: { booking: ManagedBooking }) {
  const t = useT();
  if (booking.outcome !== 'took_place') return <p className="mt-6 border-t border-ink-700 pt-6 font-semibold text-bone-100">{t('manage.started')}</p>;
  return (
    <div className="mt-6 border-t border-ink-700 pt-6" data-testid="took-place" data-attendance={booking.attendance ?? ''}>
      <p className="text-lg font-bold">{t('manage.tookPlace')}</p>
      {booking.attendance && <p className="mt-1 text-bone-100">{t(booking.attendance === 'present' ? 'manage.attended' : 'manage.noShow')}</p>}
    </div>
  );
}

/** A link a newer e-mail replaced: it shows the booking as it is; changes go through the newest link. */
export function EarlierLink() {
  const t = useT();
  return (
    <p className="mt-5 rounded-card border border-ink-600 bg-ink-950 p-4 text-base text-bone-100" data-testid="earlier-link">
      {t('link.earlier')}
    </p>
  );
}

/** What a cancel does to the pass's credit (issue 34 §5): before the deadline it comes back, after it is used. */
export function CreditRule({ booking, cancelled, w, t }: { booking: ManagedBooking; cancelled: boolean; w: Wording | undefined; t: Translate }) {
  const pass = booking.pass!;
  const at = instantToZoned(new Date(pass.deadline), booking.timezone);
  const text = cancelled
    ? t(pass.creditReturned ? 'manage.creditReturned' : 'manage.creditKept')
    : pass.creditReturned
      ? t('manage.creditBack', { date: dayText(at.date, 'long', w), time: clockText(at.time, w) })
      : t('manage.creditUsed');
  return (
    <p className="mt-5 text-base text-bone-100" data-testid="credit-rule" data-credit={pass.creditReturned ? 'back' : 'used'}>
      {text}
    </p>
  );
}
