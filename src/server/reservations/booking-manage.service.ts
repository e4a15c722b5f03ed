import { addDays } from '../../shared/gym-time';
import { SESSION_ID_PATTERN } from '../../shared/schemas/timetable';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findOccurrence, lockSeats, releaseSeat } from '../timetable/timetable.service';
import { isLate, moveUseTo, passTerms, reclaimUseFor, returnCreditOnCancel, type PassTerms } from '../credits/credits';
import { useOfReservation } from '../credits/credits.repository';
import { currentSiteSettings, siteSettingsNow } from '../site-settings/site-settings.service';
import { retiredRecordOf } from '../links/retired-links';
import { retire } from '../links/retired-links.repository';
import { linkHash, tokenOf, wellFormed, type LinkKey } from '../links/link-key';
import {
  BOOKING_CANCELLED,
  BOOKING_CHANGED,
  BOOKING_NOT_FOUND,
  CLASS_NOT_HELD,
  CLASS_STARTED,
  LINK_SUPERSEDED,
  MOVE_BY_APPOINTMENT,
  MOVE_TARGET_NOT_FOUND,
  MOVE_TARGET_STARTED,
} from './booking-errors';
import { whenOf, whenOfRow, type BookingWhen } from './booking-facts';
import { checkHeld, checkHorizon, creditDeadlineOf, lateSinceAfterMove, takeSeatOf } from './booking-rules';
import { cancellationMails, moveMails, notifyStaffOfChange } from './booking-notifications';
import * as repo from './reservations.repository';
import { setManageTokenHash } from './booking-keys.repository';
import { seatFreed } from '../lib/seat-freed';
import { lessonOf, releaseCells } from '../trainers/lessons.repository';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';

// The customer's manage link (GET /booking/manage/{token}): reading a booking, cancelling it,
// moving it to another session; and the cancel step the gym's cancel shares.

/** A booking as its manage page shows it: the row (the route presents it) and its time. */
export interface ManagedBooking {
  row: ReservationRow;
  when: BookingWhen;
  timezone: string;
  started: boolean;
  /** Booked with a pass: what a cancel does to its credit (credits/credits.ts). */
  pass?: PassTerms;
  /** A private lesson still movable from its link: its trainer, length and the last instant (issue 37). */
  lessonMove?: { trainerId: number; minutes: number; until: Date };
  /** Read through a link a newer e-mail replaced: shown as it is, changed only by the newest (decision 184). */
  earlier?: boolean;
  /** The class is over (its end, or its start when its length is not known). */
  past?: boolean;
}

/** The owner's cancel deadline for credits (Paramètres), read before a transaction. */
const cancelHoursOf = async (ctx: AppContext): Promise<number> => (await currentSiteSettings(ctx)).payments.cancelHours;

async function managed(ctx: AppContext, db: Db, row: ReservationRow, cancelHours: number, now = new Date()): Promise<ManagedBooking> {
  const [when, use, lesson] = await Promise.all([
    whenOfRow(ctx, db, row),
    useOfReservation(db, row.id),
    row.weekly_session_id == null ? lessonOf(db, row.id) : undefined,
  ]);
  const until = creditDeadlineOf(row, cancelHours);
  const pass = passTerms(use, until, now);
  const lessonMove = lesson && row.status !== 'cancelled' && !isLate(until, now) ? { trainerId: lesson.trainer_id, minutes: lesson.minutes, until } : undefined;
  return {
    row,
    when,
    timezone: ctx.config.timezone,
    started: when.startsAt.getTime() <= now.getTime(),
    past: (when.endsAt ?? when.startsAt).getTime() <= now.getTime(),
    ...(pass ? { pass } : {}),
    ...(lessonMove ? { lessonMove } : {}),
  };
}

/**
 * The booking a manage token names, whatever became of it (decision 184): its current key, or a
 * key a newer e-mail replaced (`earlier`: read only). A token the site never gave is 404; one
 * whose person was erased is 410.
 */
export async function bookingOfLink(db: Db, token: LinkKey): Promise<{ row: ReservationRow; earlier: boolean }> {
  if (!wellFormed(token)) throw notFound(BOOKING_NOT_FOUND);
  const row = await repo.findByManageTokenHash(db, linkHash(token));
  if (row) return { row, earlier: false };
  // My page names a booking by its current key only (decision 187).
  if (typeof token !== 'string') throw notFound(BOOKING_NOT_FOUND);
  const id = await retiredRecordOf(db, 'booking', token);
  const kept = id == null ? undefined : await repo.findReservation(db, id);
  if (!kept) throw notFound(BOOKING_NOT_FOUND);
  return { row: kept, earlier: true };
}

/**
 * The booking a change from its link acts on: only through its current key, and only while it
 * stands (or, where `gymCancelled` allows it, when the gym cancelled it: its page offers other
 * sessions). Refusals are 409s: the link still shows the booking as it is.
 */
export async function bookingToChange(db: Db, token: LinkKey, opts: { gymCancelled?: boolean } = {}): Promise<ReservationRow> {
  const { row, earlier } = await bookingOfLink(db, token);
  if (earlier) throw conflict(LINK_SUPERSEDED, 'link_superseded');
  if (row.status === 'cancelled' && !(opts.gymCancelled && row.cancelled_by === 'gym')) throw conflict(BOOKING_CANCELLED, 'booking_cancelled');
  return row;
}

/** GET /api/bookings/manage/{token}: reads only; every state answers (cancelled, past, an earlier link). */
export async function getManagedBooking(ctx: AppContext, token: string): Promise<ManagedBooking> {
  const cancelHours = await cancelHoursOf(ctx);
  const { row, earlier } = await bookingOfLink(ctx.db, token);
  return { ...(await managed(ctx, ctx.db, row, cancelHours)), ...(earlier ? { earlier } : {}) };
}

/**
 * Cancels a booking read in `trx`: refused once its class started; a compare-and-set UPDATE so
 * two cancels give one seat back, one credit back and send one e-mail (the second finds it
 * cancelled: undefined). A pass's credit comes back when cancelled at least `cancelHours` before
 * the class (Paramètres; the settings this process knows when not given).
 */
export async function cancelInTransaction(
  ctx: AppContext,
  trx: Db,
  row: ReservationRow,
  by: 'customer' | 'gym',
  cancelHours = siteSettingsNow(ctx).payments.cancelHours,
): Promise<ManagedBooking | undefined> {
  const now = new Date();
  const current = await managed(ctx, trx, row, cancelHours, now);
  if (current.started) throw conflict(CLASS_STARTED, 'class_started');
  // The seat counter first, then the booking: the order the gym's cancel takes them in, so the
  // two at once wait for each other instead of deadlocking on PostgreSQL.
  if (row.weekly_session_id != null && row.session_date != null) await lockSeats(trx, { weeklySessionId: row.weekly_session_id, date: row.session_date });
  const updated = await repo.cancelIfNotCancelled(trx, row.id, nowIso(), by === 'customer' ? 'customer' : 'staff');
  if (!updated) return undefined;
  // After the deadline the customer's cancel is late (kept for their record and a waiver).
  const deadline = creditDeadlineOf(row, cancelHours);
  if (by === 'customer' && isLate(deadline, now)) Object.assign(updated, await repo.markLateCancel(trx, row.id));
  if (updated.weekly_session_id != null && updated.session_date != null) await releaseSeat(trx, updated.weekly_session_id, updated.session_date);
  // A private lesson gives its trainer's time back (issue 37).
  else await releaseCells(trx, row.id);
  const returned = current.pass ? await returnCreditOnCancel(trx, row.id, deadline, now) : false;
  for (const m of cancellationMails(ctx, updated, current.when, by)) await ctx.mail.enqueue(trx, m);
  return { ...current, row: updated, ...(current.pass ? { pass: { ...current.pass, creditReturned: returned } } : {}) };
}

/**
 * The manage link the moved e-mail carries: the link that moved it, or, for a move from My page
 * (which holds no token, only its digest), a new link; the old one then reads only (decision 187).
 */
async function mailedToken(trx: Db, row: ReservationRow, key: LinkKey): Promise<string> {
  const given = tokenOf(key);
  if (given) return given;
  const token = newToken();
  await setManageTokenHash(trx, row.id, hashToken(token));
  if (row.manage_token_hash) await retire(trx, 'booking', row.manage_token_hash, row.id, nowIso());
  return token;
}

/** POST /api/bookings/manage/{token}/cancel. */
export async function cancelByToken(ctx: AppContext, token: LinkKey): Promise<ManagedBooking> {
  const cancelHours = await cancelHoursOf(ctx);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const r = await cancelInTransaction(ctx, trx, await bookingToChange(trx, token), 'customer', cancelHours);
    if (!r) throw conflict(BOOKING_CANCELLED, 'booking_cancelled');
    return r;
  });
  ctx.mail.kick();
  seatFreed(ctx);
  const { row, when } = done;
  notifyStaffOfChange(ctx, 'Réservation annulée', row, when);
  if (row.weekly_session_id == null) notifyTrainerOfLesson(ctx, row.id, 'Cours privé annulé');
  return done;
}

/**
 * POST /api/bookings/manage/{token}/move: in one transaction the booking moves (compare-and-set
 * on where it was), a seat of the new session is taken (409 when full) and the old one given
 * back; the moved e-mail (same UID, next SEQUENCE) and the gym's notice are queued. The two seat
 * rows are always locked in the same order, so two opposite moves cannot deadlock. Moving to
 * where it already is changes nothing. The new session obeys a new booking's rules (horizon,
 * held, seat: booking-rules.ts); moved inside its credit window, the booking stays late.
 */
export async function moveByToken(ctx: AppContext, token: LinkKey, sessionId: string): Promise<ManagedBooking> {
  const m = SESSION_ID_PATTERN.exec(sessionId);
  if (!m) throw badRequest(MOVE_TARGET_NOT_FOUND, 'session_not_found');
  const to = { weeklySessionId: Number(m[1]), date: m[2] };
  const cancelHours = await cancelHoursOf(ctx);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await bookingToChange(trx, token, { gymCancelled: true });
    // A class the gym called off is booked again elsewhere: it holds no seat and its credit came back.
    const rebook = row.status === 'cancelled';
    const before = await managed(ctx, trx, row, cancelHours);
    if (row.weekly_session_id == null || row.session_date == null) throw conflict(MOVE_BY_APPOINTMENT, 'booking_by_appointment');
    if (before.started && !rebook) throw conflict(CLASS_STARTED, 'class_started');
    const from = { weeklySessionId: row.weekly_session_id, date: row.session_date };
    if (from.weeklySessionId === to.weeklySessionId && from.date === to.date) {
      if (rebook) throw conflict(CLASS_NOT_HELD, 'class_not_held');
      return { moved: false, booking: before, before };
    }
    // Booking again after the gym's cancel: a session of that day or the next (what its page offers).
    if (rebook && (to.date < from.date || to.date > addDays(from.date, 1))) throw notFound(MOVE_TARGET_NOT_FOUND, 'session_not_found');
    const target = await findOccurrence(trx, to.weeklySessionId, to.date, ctx.config.timezone);
    if (!target?.bookable) throw notFound(MOVE_TARGET_NOT_FOUND, 'session_not_found');
    const now = new Date();
    if (target.startsAt.getTime() <= now.getTime()) throw badRequest(MOVE_TARGET_STARTED, 'move_target_started');
    checkHorizon(ctx, target.startsAt, now);
    checkHeld(target);
    // A pass that paid for it must pay for the new session too (the move is refused otherwise).
    const passTarget = { course: target.course, byAppointment: false, startsAt: target.startsAt };
    // Both seat counters before the booking and its pass use, in one order: as the gym's cancel takes them, and
    // as an opposite move does, so none of them deadlocks with this one.
    const fromFirst = `${from.weeklySessionId}`.padStart(10, '0') + from.date < `${to.weeklySessionId}`.padStart(10, '0') + to.date;
    for (const o of fromFirst ? [from, to] : [to, from]) await lockSeats(trx, o);
    if (before.pass) await (rebook ? reclaimUseFor : moveUseTo)(trx, row.id, passTarget, ctx.config.timezone, ctx.dialect);
    // A rebooking after the gym's cancel starts a window of its own (rebookIfGymCancelled).
    const dest = {
      ...to,
      dateTime: target.startsAt.toISOString(),
      course: target.course,
      lateSince: rebook ? null : lateSinceAfterMove(row, cancelHours, now),
    };
    const updated = await (rebook ? repo.rebookIfGymCancelled : repo.moveIfAt)(trx, row.id, from, dest);
    if (!updated) throw conflict(BOOKING_CHANGED, 'stale_version');
    const take = () => takeSeatOf(ctx, trx, { ...to, capacity: target.capacity });
    const give = async () => {
      if (!rebook) await releaseSeat(trx, from.weeklySessionId, from.date);
    };
    if (fromFirst) {
      await give();
      await take();
    } else {
      await take();
      await give();
    }
    const when = whenOf(ctx, target.startsAt, target.durationMinutes);
    const pass = before.pass ? passTerms(await useOfReservation(trx, row.id), creditDeadlineOf(updated, cancelHours), now) : undefined;
    const booking: ManagedBooking = { row: updated, when, timezone: ctx.config.timezone, started: false, ...(pass ? { pass } : {}) };
    for (const mail of moveMails(ctx, updated, booking.when, before.when, await mailedToken(trx, row, token), booking.pass != null)) {
      await ctx.mail.enqueue(trx, mail);
    }
    return { moved: true, booking, before };
  });
  if (result.moved) {
    ctx.mail.kick();
    seatFreed(ctx);
    const { row, when } = result.booking;
    notifyStaffOfChange(ctx, 'Réservation déplacée', row, when);
  }
  return result.booking;
}
