import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { WaitlistEntriesTable, WaitlistEntryRow } from '../db/schema';

// All SQL of the waiting list. Timestamps are ISO 8601 UTC text, so they compare as text. Every
// change of state is a compare-and-set on the state it leaves: on PostgreSQL a concurrent UPDATE
// of the row waits for the other transaction and re-checks its WHERE on the committed row (READ
// COMMITTED); SQLite has one writer. So each change happens once, whatever the races.

/** Where an occurrence's line is. */
export interface OccurrenceKey {
  weeklySessionId: number;
  date: string;
}

const LINE = ['waiting', 'offered'] as const;

/** The entry a link names: the one given when joining, or the offer e-mail's. */
export const findByTokenHash = (db: Db, hash: string): Promise<WaitlistEntryRow | undefined> =>
  db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where((eb) => eb.or([eb('token_hash', '=', hash), eb('offer_token_hash', '=', hash)]))
    .executeTakeFirst();

export const findEntry = (db: Db, id: number): Promise<WaitlistEntryRow | undefined> =>
  db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst();

export const findPersonEntry = (db: Db, o: OccurrenceKey, email: string): Promise<WaitlistEntryRow | undefined> =>
  db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .where('email', '=', email)
    .executeTakeFirst();

/** A new entry; undefined when the person already has one for that occurrence (the unique key). */
export async function insertEntry(db: Db, row: Insertable<WaitlistEntriesTable>): Promise<WaitlistEntryRow | undefined> {
  return db
    .insertInto('waitlist_entries')
    .values(row)
    .onConflict((oc) => oc.columns(['weekly_session_id', 'session_date', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * A person who left, whose offer expired or whose line ended (a class given again after a
 * cancel) joins again: at the back of the line, with a new link.
 */
export async function rejoin(
  db: Db,
  id: number,
  set: { tokenHash: string; name: string; phone: string | null; language: string; passToken: string | null; now: string },
) {
  const r = await db
    .updateTable('waitlist_entries')
    .set({
      status: 'waiting',
      token_hash: set.tokenHash,
      offer_token_hash: null,
      name: set.name,
      phone: set.phone,
      language: set.language as WaitlistEntryRow['language'],
      pass_token: set.passToken,
      created_at: set.now,
      offered_at: null,
      offer_expires_at: null,
      offer_held: 0,
      left_at: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['left', 'expired', 'ended'])
    .returningAll()
    .executeTakeFirst();
  return r;
}

/**
 * A join by someone still in line: the same place, a new link (only its hash is kept, so the
 * e-mail can only carry a new one; the old one stops working). Name, phone and language stay
 * as stored: whoever typed the address cannot change them.
 */
export const renewLink = (db: Db, id: number, tokenHash: string): Promise<WaitlistEntryRow | undefined> =>
  db
    .updateTable('waitlist_entries')
    .set({ token_hash: tokenHash })
    .where('id', '=', id)
    .where('status', 'in', [...LINE])
    .returningAll()
    .executeTakeFirst();

/** Place among those still in line (waiting or offered) of its occurrence, from 1; in join order. */
export async function positionOf(db: Db, e: Pick<WaitlistEntryRow, 'id' | 'weekly_session_id' | 'session_date' | 'created_at'>): Promise<number> {
  const r = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('weekly_session_id', '=', e.weekly_session_id)
    .where('session_date', '=', e.session_date)
    .where('status', 'in', [...LINE])
    .where((eb) => eb.or([eb('created_at', '<', e.created_at), eb.and([eb('created_at', '=', e.created_at), eb('id', '<', e.id)])]))
    .executeTakeFirstOrThrow();
  return Number(r.n) + 1;
}

/** An occurrence's entries, in line order (staff). */
export const listOfOccurrence = (db: Db, o: OccurrenceKey): Promise<WaitlistEntryRow[]> =>
  db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The address's live booking at that instant (any class), as its owner named it; undefined when none. */
export const bookingAt = (db: Db, email: string, dateTime: string): Promise<{ name: string; language: WaitlistEntryRow['language'] } | undefined> =>
  db
    .selectFrom('reservations')
    .select(['name', 'language'])
    .where('email', '=', email)
    .where('date_time', '=', dateTime)
    .where('status', '!=', 'cancelled')
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();

/** Occurrences with someone in line (the offer job's work), soonest first. */
export const occurrencesInLine = (db: Db): Promise<(OccurrenceKey & { dateTime: string })[]> =>
  db
    .selectFrom('waitlist_entries')
    .select(['weekly_session_id as weeklySessionId', 'session_date as date', 'date_time as dateTime'])
    .where('status', 'in', [...LINE])
    .groupBy(['weekly_session_id', 'session_date', 'date_time'])
    .orderBy('date_time')
    .execute();

/** Those still waiting (not offered) of an occurrence, in line order. */
export const waitingOf = (db: Db, o: OccurrenceKey): Promise<WaitlistEntryRow[]> =>
  db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .where('status', '=', 'waiting')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Held offers of an occurrence that ended by `now`. */
export const expiredHeldOffers = (db: Db, o: OccurrenceKey, now: string): Promise<WaitlistEntryRow[]> =>
  db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .where('status', '=', 'offered')
    .where('offer_held', '=', 1)
    .where('offer_expires_at', '<=', now)
    .execute();

/** waiting → offered, once; `held` when a seat is kept for the person. */
export async function offer(trx: Db, id: number, at: { now: string; expiresAt: string; held: boolean; tokenHash: string }): Promise<boolean> {
  const r = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_at: at.now, offer_expires_at: at.expiresAt, offer_held: at.held ? 1 : 0, offer_token_hash: at.tokenHash })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A held offer whose time is up → expired, once (the caller gives its seat back). */
export async function expireHeld(trx: Db, id: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'expired', pass_token: null })
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('offer_held', '=', 1)
    .where('offer_expires_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** offered → booked while the offer is open, once: the accept's claim. */
export async function claimOffer(trx: Db, id: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', booked_at: now, pass_token: null })
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const setReservation = (trx: Db, id: number, reservationId: number) =>
  trx.updateTable('waitlist_entries').set({ reservation_id: reservationId }).where('id', '=', id).execute();

/** Leaves the line (waiting or offered), once; answers the row as it was when it left (its held seat to give back). */
export async function leave(trx: Db, id: number, now: string): Promise<{ wasHeld: boolean } | undefined> {
  const before = await trx.selectFrom('waitlist_entries').select(['status', 'offer_held']).where('id', '=', id).executeTakeFirst();
  if (!before || !LINE.includes(before.status as (typeof LINE)[number])) return undefined;
  const r = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'left', left_at: now, pass_token: null })
    .where('id', '=', id)
    .where('status', '=', before.status)
    .where('offer_held', '=', before.offer_held)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  return { wasHeld: before.status === 'offered' && Number(before.offer_held) === 1 };
}

/**
 * Ends an occurrence's line (its class is over, cancelled by the gym or in a closure): no more
 * offers. Answers how many held seats it let go (the caller gives them back), counted by the
 * rows this call changed, so two instances never give one back twice.
 */
export async function endLine(trx: Db, o: OccurrenceKey): Promise<number> {
  const held = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'ended', pass_token: null })
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .where('status', '=', 'offered')
    .where('offer_held', '=', 1)
    .executeTakeFirst();
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'ended', pass_token: null })
    .where('weekly_session_id', '=', o.weeklySessionId)
    .where('session_date', '=', o.date)
    .where('status', 'in', [...LINE])
    .execute();
  return Number(held.numUpdatedRows);
}
