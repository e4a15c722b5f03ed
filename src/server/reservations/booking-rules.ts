import { BOOKING_RANGE_MESSAGE, isBookableInstant } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { creditDeadline, isLate } from '../credits/credits';
import { badRequest, conflict } from '../errors';
import { occurrenceCalledOff, takeSeat } from '../timetable/timetable.service';
import { CLASS_FULL, CLASS_NOT_HELD } from './booking-errors';

// The rules a booking's time obeys whichever path sets it (issue 45 point 3, decision 172): a new
// booking (booking-create), the customer's move (booking-manage), a private lesson booked or moved
// (private-lessons), and the window a cancel keeps the credit in. Each path calls these: a rule is
// changed here, once, for all of them.

/** Two years ahead at most, the booking form's rule (isBookableInstant), answered as its schema does. */
export function checkHorizon(ctx: AppContext, startsAt: Date, now = new Date()): void {
  if (!isBookableInstant(startsAt.toISOString(), ctx.config.timezone, now)) throw badRequest(BOOKING_RANGE_MESSAGE, 'validation');
}

/** An occurrence called off, or on a day the gym is closed, takes no booking. */
export function checkHeld(o: { cancelled: boolean; closed: boolean }): void {
  if (o.cancelled || o.closed) throw conflict(CLASS_NOT_HELD, 'class_not_held');
}

/**
 * A seat of the occurrence within its capacity (409 slot_full otherwise). PostgreSQL: a gym cancel
 * may have committed while this waited for the seat (it locks the seat first), so the occurrence
 * is read again once the seat is held. SQLite has one writer: what was read before still holds.
 */
export async function takeSeatOf(ctx: AppContext, trx: Db, o: { weeklySessionId: number; date: string; capacity: number }): Promise<void> {
  if (!(await takeSeat(trx, o.weeklySessionId, o.date, o.capacity))) throw conflict(CLASS_FULL, 'slot_full');
  if (ctx.dialect !== 'sqlite' && (await occurrenceCalledOff(trx, o.weeklySessionId, o.date))) throw conflict(CLASS_NOT_HELD, 'class_not_held');
}

type WindowFacts = Pick<ReservationRow, 'date_time' | 'free_cancel_until' | 'late_since'>;

/**
 * The instant after which a cancel keeps the booking's credit and counts as late: its class's
 * start less `cancelHours`; the start itself while it sits where the gym moved it (decision 143);
 * the deadline it had when it moved inside its window (late_since): a move never reopens it.
 */
export function creditDeadlineOf(row: WindowFacts, cancelHours: number): Date {
  const startsAt = new Date(row.date_time);
  if (row.free_cancel_until != null && row.free_cancel_until === row.date_time) return startsAt;
  if (row.late_since != null) return new Date(row.late_since);
  return creditDeadline(startsAt, cancelHours);
}

/** What a move records of the window: the deadline already past when it moves inside it (it stays late), else null. */
export function lateSinceAfterMove(row: WindowFacts, cancelHours: number, now = new Date()): string | null {
  const deadline = creditDeadlineOf(row, cancelHours);
  return isLate(deadline, now) ? deadline.toISOString() : null;
}
