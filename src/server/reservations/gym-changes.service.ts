import { addDays, zonedToInstant } from '../../shared/gym-time';
import type { ClosureCreatePayload, SessionCancellationPayload, WeeklySessionUpdatePayload } from '../../shared/schemas/timetable';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { followGymMove, returnCreditAlways } from '../credits/credits';
import {
  cancelOccurrence,
  createClosure,
  findOccurrence,
  lockSeats,
  occurrenceToCancel,
  releaseSeat,
  takeSeatAnyway,
  updateWeeklySession,
} from '../timetable/timetable.service';
import type { WeeklySessionWithClass } from '../timetable/timetable.repository';
import { whenOfRow, type BookingWhen } from './booking-facts';
import { gymCancellationMails, gymMoveMails } from './booking-notifications';
import { retire } from '../links/retired-links.repository';
import type { GymCause } from '../../shared/constants';
import * as repo from './reservations.repository';
import { queueTravellerPush, type TravellerPushEvent } from '../push/traveller-push';

// The gym's changes to the timetable and the bookings they touch (issue 34, points 1–3): an
// occurrence called off, a closure, a weekly session that moves. The timetable writes its own
// rows and calls back here in the same transaction. Only classes still to come are touched: a
// past booking is history (and nobody is mailed about it). One e-mail per booking changed.

/** The gym's range in instants: from the first date's midnight to the day after the last (gym time). */
const rangeOf = (ctx: AppContext, fromDate: string, toDate: string) => ({
  fromDate,
  toDate,
  from: zonedToInstant(fromDate, '00:00', ctx.config.timezone).toISOString(),
  to: zonedToInstant(addDays(toDate, 1), '00:00', ctx.config.timezone).toISOString(),
});

const gymWhen = (when: BookingWhen) => ({ gymDate: when.gymDate, gymTime: when.gymTime });

/** The booking's person by push too, once per change, when they turned it on (decision 188). */
const pushGymChange = (trx: Db, row: ReservationRow, event: TravellerPushEvent) =>
  row.customer_id != null
    ? queueTravellerPush(trx, { customerId: row.customer_id }, row.language, event)
    : row.email
      ? queueTravellerPush(trx, { email: row.email }, row.language, event)
      : Promise.resolve(false);

/**
 * Cancels each booking as the gym's: its seat back, its pass credit back whatever the deadline,
 * a new manage link whose page offers other sessions, and the e-mail (METHOD:CANCEL, next
 * SEQUENCE, the reason) queued in the outbox: one per person, however many of their bookings
 * the change cancels. Answers how many were cancelled here.
 */
async function cancelAsGym(ctx: AppContext, trx: Db, rows: ReservationRow[], why: { reason: string | null; cause: GymCause }): Promise<number> {
  const now = Date.now();
  const byPerson = new Map<string, { row: ReservationRow; when: BookingWhen; token: string }[]>();
  let cancelled = 0;
  for (const r of rows) {
    if (new Date(r.date_time).getTime() <= now) continue;
    const token = r.email ? newToken() : null;
    const updated = await repo.cancelByGymIfNotCancelled(trx, r.id, nowIso(), why, token ? hashToken(token) : null);
    if (!updated) continue;
    // The confirmation's link keeps showing the booking, read only (decision 184).
    if (token) await retire(trx, 'booking', r.manage_token_hash, r.id, nowIso());
    cancelled += 1;
    if (updated.weekly_session_id != null && updated.session_date != null) await releaseSeat(trx, updated.weekly_session_id, updated.session_date);
    await returnCreditAlways(trx, updated.id);
    if (token && updated.email) {
      const key = updated.email.trim().toLowerCase();
      byPerson.set(key, [...(byPerson.get(key) ?? []), { row: updated, when: await whenOfRow(ctx, trx, updated), token }]);
    }
  }
  for (const items of byPerson.values()) {
    for (const m of gymCancellationMails(ctx, items)) await ctx.mail.enqueue(trx, m);
    for (const { row, when } of items) await pushGymChange(trx, row, { kind: 'cancel', reservationId: row.id, course: row.course, ...gymWhen(when) });
  }
  return cancelled;
}

const kickIf = (ctx: AppContext, n: number) => {
  if (n > 0) ctx.mail.kick();
};

/** GET /api/timetable/weekly-sessions/{id}/bookings?date=: who is booked on that occurrence. */
export async function bookingsOfOccurrence(ctx: AppContext, weeklySessionId: number, date: string): Promise<ReservationRow[]> {
  await occurrenceToCancel(ctx.db, weeklySessionId, date);
  return repo.heldOn(ctx.db, weeklySessionId, date);
}

/** POST /api/timetable/weekly-sessions/{id}/cancellations: the occurrence off and its bookings cancelled, together. */
export async function cancelOccurrenceAndBookings(ctx: AppContext, weeklySessionId: number, input: SessionCancellationPayload) {
  const done = await cancelOccurrence(ctx, weeklySessionId, input, async (trx) => {
    await lockSeats(trx, { weeklySessionId, date: input.date });
    return cancelAsGym(ctx, trx, await repo.heldOn(trx, weeklySessionId, input.date), { reason: input.reason ?? null, cause: 'session' });
  });
  kickIf(ctx, done.bookingsCancelled);
  return done;
}

/** GET /api/timetable/closures/preview: the bookings a closure of these dates would cancel. */
export const closurePreview = (ctx: AppContext, startDate: string, endDate: string): Promise<ReservationRow[]> =>
  repo.heldUpcoming(ctx.db, rangeOf(ctx, startDate, endDate), nowIso());

/** POST /api/timetable/closures: the closure and the cancel of every booking to come in it, together. */
export async function closeAndCancelBookings(ctx: AppContext, input: ClosureCreatePayload) {
  const done = await createClosure(ctx, input, async (trx) => {
    await lockSeats(trx, { fromDate: input.startDate, toDate: input.endDate });
    return cancelAsGym(ctx, trx, await repo.heldUpcoming(trx, rangeOf(ctx, input.startDate, input.endDate), nowIso()), {
      reason: input.reason ?? null,
      cause: 'closure',
    });
  });
  kickIf(ctx, done.bookingsCancelled);
  return done;
}

/**
 * Where a booking goes when its weekly session changes day or time: the new weekday of the same
 * gym week (Monday first), at the new time; a week later when that has already begun.
 */
function movedDate(ctx: AppContext, date: string, before: WeeklySessionWithClass, after: WeeklySessionWithClass, now: number): string {
  const same = addDays(date, after.weekday - before.weekday);
  return zonedToInstant(same, after.start_time, ctx.config.timezone).getTime() > now ? same : addDays(same, 7);
}

/**
 * Each booking to come follows the session: its date and instant (compare-and-set), its seat to
 * the new occurrence's counter (kept whatever the capacity: it had its place), a free cancel until
 * the new start, and the updated invite (METHOD:REQUEST, same UID, next SEQUENCE), one e-mail per person. A booking whose
 * new date is called off or closed is cancelled as the gym's instead.
 */
async function moveWithSession(
  ctx: AppContext,
  trx: Db,
  rows: ReservationRow[],
  before: WeeklySessionWithClass,
  after: WeeklySessionWithClass,
): Promise<number> {
  const now = Date.now();
  const byPerson = new Map<string, { row: ReservationRow; when: BookingWhen; previous: BookingWhen }[]>();
  let changed = 0;
  for (const r of rows) {
    if (r.session_date == null || new Date(r.date_time).getTime() <= now) continue;
    const date = movedDate(ctx, r.session_date, before, after, now);
    const target = await findOccurrence(trx, after.id, date, ctx.config.timezone);
    if (!target || target.cancelled || target.closed) {
      changed += await cancelAsGym(ctx, trx, [r], { reason: null, cause: 'moved' });
      continue;
    }
    const was = await whenOfRow(ctx, trx, r);
    const updated = await repo.followSessionMove(trx, r.id, { date: r.session_date, dateTime: r.date_time }, { date, dateTime: target.startsAt.toISOString() });
    if (!updated) continue;
    changed += 1;
    await followGymMove(trx, updated.id, target.startsAt, ctx.config.timezone, ctx.dialect);
    await releaseSeat(trx, after.id, r.session_date);
    await takeSeatAnyway(trx, after.id, date);
    if (updated.email) {
      const key = updated.email.trim().toLowerCase();
      byPerson.set(key, [...(byPerson.get(key) ?? []), { row: updated, when: await whenOfRow(ctx, trx, updated), previous: was }]);
    }
  }
  for (const items of byPerson.values()) {
    for (const m of gymMoveMails(ctx, items)) await ctx.mail.enqueue(trx, m);
    for (const { row, when } of items)
      await pushGymChange(trx, row, { kind: 'move', reservationId: row.id, dateTime: row.date_time, course: row.course, ...gymWhen(when) });
  }
  return changed;
}

/** PATCH /api/timetable/weekly-sessions/{id}: a new day or time takes its bookings along, or cancels them, as asked. */
export async function updateSessionAndBookings(ctx: AppContext, id: number, input: WeeklySessionUpdatePayload) {
  const done = await updateWeeklySession(ctx, id, input, async (trx, before, after) => {
    const rows = await repo.heldUpcoming(trx, { weeklySessionId: id }, nowIso());
    return input.bookings === 'cancel' ? cancelAsGym(ctx, trx, rows, { reason: null, cause: 'moved' }) : moveWithSession(ctx, trx, rows, before, after);
  });
  kickIf(ctx, done.bookingsChanged);
  return done;
}
