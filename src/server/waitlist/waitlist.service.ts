import type { WaitlistJoinPayload } from '../../shared/schemas/waitlist';
import { zoneLabel } from '../../shared/gym-time';
import { hashToken, newToken } from '../auth/tokens';
import { linkHash, wellFormed, type LinkKey } from '../links/link-key';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { WaitlistEntryRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { waitlistAlreadyBookedMail, waitlistJoinedMail, type WaitlistClassInput } from '../mail/templates/waitlist-mails';
import { CLASS_NOT_HELD, CLASS_STARTED, noSessionThen } from '../reservations/booking-errors';
import { writeBooking, type BookingResult } from '../reservations/booking-create.service';
import { notifyStaffOfBookings } from '../reservations/booking-notifications';
import { mailConfig } from '../site-settings/site-settings.service';
import { findOccurrence, findSessionAt, releaseSeat } from '../timetable/timetable.service';
import { seatFreed } from '../lib/seat-freed';
import { entryPageUrl } from './waitlist-offers';
import { retire } from '../links/retired-links.repository';
import { retiredRecordOf } from '../links/retired-links';
import { LINK_SUPERSEDED } from '../reservations/booking-errors';
import * as repo from './waitlist.repository';

// The waiting list of a full class (issue 34, point 4): joining, the entry's link (read, leave,
// accept) and the staff's view. Offers are made by the offer job (waitlist-offers.ts).

export const WAITLIST_NOT_FOUND = 'This waiting-list link is not valid';
export const WAITLIST_NOT_FULL = 'This class still has places: book it directly';
export const OFFER_GONE = 'This offer is no longer open (it expired, or the place was taken)';

export interface WaitlistEntry {
  row: WaitlistEntryRow;
  /** Place among those still in line; null once out of it. */
  position: number | null;
  /** Read through a link a newer e-mail replaced (decision 184). */
  earlier?: boolean;
  /** An open offer (nothing held) whose class filled again: the place was taken. */
  seatTaken?: boolean;
  /** The class has begun: the list is over. */
  classPassed?: boolean;
}

/**
 * The entry a link names (decision 184): its current key (the join's or the offer's), or a key
 * a newer e-mail replaced, which reads only (`earlier`). Never given: 404; its person erased: 410.
 */
async function entryOfLink(db: Db, token: LinkKey): Promise<{ row: WaitlistEntryRow; earlier: boolean }> {
  if (!wellFormed(token)) throw notFound(WAITLIST_NOT_FOUND);
  const row = await repo.findByTokenHash(db, linkHash(token));
  if (row) return { row, earlier: false };
  // My page names an entry by its current key only (decision 187).
  if (typeof token !== 'string') throw notFound(WAITLIST_NOT_FOUND);
  const id = await retiredRecordOf(db, 'waitlist', token);
  const kept = id == null ? undefined : await repo.findEntry(db, id);
  if (!kept) throw notFound(WAITLIST_NOT_FOUND);
  return { row: kept, earlier: true };
}

/** The entry a leave or an accept acts on: only through its current key. */
async function entryOfToken(db: Db, token: LinkKey): Promise<WaitlistEntryRow> {
  const { row, earlier } = await entryOfLink(db, token);
  if (earlier) throw conflict(LINK_SUPERSEDED, 'link_superseded');
  return row;
}

const withPosition = async (db: Db, row: WaitlistEntryRow): Promise<WaitlistEntry> => ({
  row,
  position: row.status === 'waiting' || row.status === 'offered' ? await repo.positionOf(db, row) : null,
});

/**
 * POST /api/waitlist: a place at the back of the line of a full session that has not started
 * and is held. The answer is the same whoever the address is (decision 174): the form must not
 * tell who waits or who is booked, so everything else goes by e-mail to the address. A first
 * join (or a join after leaving) gets the entry's link; someone already in line keeps their
 * place and gets a new link (the old one stops working); someone booked at that time is told
 * so and nothing changes. The refusals left (no such session, started, not held, not full)
 * say nothing about the person.
 */
export async function joinWaitlist(ctx: AppContext, input: WaitlistJoinPayload, now = new Date()): Promise<void> {
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    const found = await findSessionAt(trx, input.course, input.dateTime, ctx.config.timezone);
    if (!found || found.kind !== 'session') throw badRequest(noSessionThen(input.course), 'session_not_found');
    if (found.startsAt.getTime() <= now.getTime()) throw conflict(CLASS_STARTED, 'class_started');
    if (found.cancelled || found.closed) throw conflict(CLASS_NOT_HELD, 'class_not_held');
    if (found.taken < found.capacity) throw conflict(WAITLIST_NOT_FULL, 'waitlist_not_full');
    const dateTime = found.startsAt.toISOString();
    const about = (to: { email: string; name: string; language: WaitlistClassInput['language'] }): WaitlistClassInput => ({
      to: to.email,
      name: to.name,
      language: to.language,
      course: found.course,
      startsAt: found.startsAt,
      endsAt: found.endsAt,
      gymDate: found.date,
      gymTime: found.time,
      zoneLabel: zoneLabel(ctx.config.timezone, found.startsAt),
    });
    const booking = await repo.bookingAt(trx, input.email, dateTime);
    if (booking) {
      await ctx.mail.enqueue(trx, waitlistAlreadyBookedMail(mailConfig(ctx), about({ ...booking, email: input.email })));
      return;
    }
    const key = { weeklySessionId: found.weeklySessionId, date: found.date };
    const at = nowIso();
    const fields = { name: input.name, phone: input.phone, language: input.language, passToken: input.passToken ?? null };
    const row =
      (await repo.insertEntry(trx, {
        weekly_session_id: key.weeklySessionId,
        session_date: key.date,
        course: found.course,
        date_time: dateTime,
        name: fields.name,
        email: input.email,
        phone: fields.phone,
        language: fields.language,
        pass_token: fields.passToken,
        token_hash: hashToken(token),
        created_at: at,
      })) ?? (await joinAgain(trx, key, input.email, { ...fields, tokenHash: hashToken(token), now: at }));
    if (row.status === 'booked') {
      await ctx.mail.enqueue(trx, waitlistAlreadyBookedMail(mailConfig(ctx), about(row)));
      return;
    }
    await ctx.mail.enqueue(trx, waitlistJoinedMail(mailConfig(ctx), { ...about(row), pageUrl: entryPageUrl(ctx, row, token) }));
  });
  ctx.mail.kick();
}

/**
 * The person already has an entry for the occurrence: back in line at the back when they were
 * out of it, a new link when still in it; an entry that became a booking is answered as it is.
 * Each is a compare-and-set on the status read: one that moved meanwhile (an offer, a leave,
 * an accept) is read again.
 */
async function joinAgain(trx: Db, key: repo.OccurrenceKey, email: string, set: Parameters<typeof repo.rejoin>[2]): Promise<WaitlistEntryRow> {
  for (let tries = 0; tries < 3; tries++) {
    const existing = await repo.findPersonEntry(trx, key, email);
    if (!existing) break;
    if (existing.status === 'booked') return existing;
    const inLine = existing.status === 'waiting' || existing.status === 'offered';
    const row = inLine ? await repo.renewLink(trx, existing.id, set.tokenHash) : await repo.rejoin(trx, existing.id, set);
    // The link replaced keeps showing the place, read only (decision 184).
    if (row) await retire(trx, 'waitlist', existing.token_hash, existing.id, set.now);
    if (row) return row;
  }
  throw new Error('waitlist entry vanished or kept changing while joining');
}

/** GET /api/waitlist/{token}. */
export async function getWaitlistEntry(ctx: AppContext, token: string, now = new Date()): Promise<WaitlistEntry> {
  const { row, earlier } = await entryOfLink(ctx.db, token);
  const entry = await withPosition(ctx.db, row);
  // An offer open to all (nothing held) whose class is full again: someone else took the place.
  let seatTaken = false;
  if (row.status === 'offered' && Number(row.offer_held) !== 1) {
    const o = await findOccurrence(ctx.db, row.weekly_session_id, row.session_date, ctx.config.timezone);
    seatTaken = o != null && o.taken >= o.capacity;
  }
  return { ...entry, earlier, seatTaken, classPassed: new Date(row.date_time).getTime() <= now.getTime() };
}

/**
 * POST /api/waitlist/{token}/leave: out of the line, once; a held seat goes back to the counter
 * and the offer job is woken for the next person. Leaving twice (or after booking) changes nothing.
 */
export async function leaveWaitlist(ctx: AppContext, token: LinkKey): Promise<WaitlistEntry> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const entry = await entryOfToken(trx, token);
    const left = await repo.leave(trx, entry.id, nowIso());
    if (left?.wasHeld) await releaseSeat(trx, entry.weekly_session_id, entry.session_date);
    return entryOfToken(trx, token);
  });
  seatFreed(ctx);
  return withPosition(ctx.db, row);
}

/**
 * POST /api/waitlist/{token}/accept: in one transaction, the offer is claimed (offered → booked
 * while it is open, a compare-and-set: two accepts give one booking), its held seat is given
 * back and the one booking writer books it (taking the seat again, spending the pass credit
 * only now). A refusal (the seat is gone, the class was cancelled, the pass cannot pay) rolls
 * everything back. 409 waitlist_offer_gone when no offer is open.
 */
export async function acceptOffer(ctx: AppContext, token: LinkKey): Promise<{ entry: WaitlistEntry; booking: BookingResult }> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const entry = await entryOfToken(trx, token);
    if (!(await repo.claimOffer(trx, entry.id, nowIso()))) throw conflict(OFFER_GONE, 'waitlist_offer_gone');
    if (Number(entry.offer_held) === 1) await releaseSeat(trx, entry.weekly_session_id, entry.session_date);
    // The occurrence's start now (its weekly session may have moved since the entry was made).
    const o = await findOccurrence(trx, entry.weekly_session_id, entry.session_date, ctx.config.timezone);
    const booking = await writeBooking(ctx, trx, {
      payload: {
        name: entry.name,
        email: entry.email,
        phone: entry.phone,
        course: o?.course ?? entry.course,
        dateTime: o?.startsAt.toISOString() ?? entry.date_time,
        message: null,
        language: entry.language,
        ...(entry.pass_token ? { passToken: entry.pass_token } : {}),
      },
    });
    await repo.setReservation(trx, entry.id, booking.row.id);
    return { booking, row: await entryOfToken(trx, token) };
  });
  ctx.mail.kick();
  notifyStaffOfBookings(ctx, [done.booking.row]);
  return { entry: { row: done.row, position: null }, booking: done.booking };
}

/** GET /api/timetable/weekly-sessions/{id}/waitlist?date= (staff): the line, in order, with the ones out of it after. */
export async function listForStaff(ctx: AppContext, weeklySessionId: number, date: string): Promise<WaitlistEntry[]> {
  const rows = await repo.listOfOccurrence(ctx.db, { weeklySessionId, date });
  let place = 0;
  return rows.map((row) => ({ row, position: row.status === 'waiting' || row.status === 'offered' ? ++place : null }));
}
