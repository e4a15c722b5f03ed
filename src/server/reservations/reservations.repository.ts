import { sql, type Insertable } from 'kysely';
import type { GymCause, ReservationStatus } from '../../shared/constants';
import { fromBool, type Db } from '../db/database';
import { fixedQuery, onPostgres } from '../db/fixed-query';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { ReservationRow, ReservationsTable } from '../db/schema';

export const insertReservation = (db: Db, row: Insertable<ReservationsTable>): Promise<ReservationRow> =>
  db.insertInto('reservations').values(row).returningAll().executeTakeFirstOrThrow();

/** What a public booking stores; the other columns keep their defaults. */
export type NewBooking = Pick<
  ReservationRow,
  | 'weekly_session_id'
  | 'session_date'
  | 'customer_id'
  | 'name'
  | 'email'
  | 'phone'
  | 'course'
  | 'date_time'
  | 'message'
  | 'status'
  | 'manage_token_hash'
  | 'created_at'
  | 'language'
>;

// Every public booking runs it, one at a time in a SQLite batch: written once (fixed-query.ts).
const BOOKING_INSERT =
  'insert into reservations (weekly_session_id, session_date, customer_id, name, email, phone, course, date_time, message, status, manage_token_hash, created_at, language) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const insertBookingReturning = fixedQuery<ReservationRow>(`${BOOKING_INSERT} returning *`);
const insertBookingPlain = fixedQuery<never>(BOOKING_INSERT);
const bookingById = fixedQuery<ReservationRow>('select * from reservations where id = ?');

/**
 * A public booking's row (POST /api/reservations). PostgreSQL gives it back with the insert (one
 * round trip). SQLite inserts, then reads the row by its id: a RETURNING clause on this table
 * (two foreign keys, nine indexes) cost 33 µs of CPU against 8 µs for the plain insert and 3 µs
 * for the read (bench/RESULTS.md, 2026-11-28).
 */
export async function insertBooking(db: Db, b: NewBooking): Promise<ReservationRow> {
  const params = [
    b.weekly_session_id,
    b.session_date,
    b.customer_id,
    b.name,
    b.email,
    b.phone,
    b.course,
    b.date_time,
    b.message,
    b.status,
    b.manage_token_hash,
    b.created_at,
    b.language,
  ];
  let rows: ReservationRow[];
  if (onPostgres(db)) rows = (await insertBookingReturning(db, params)).rows;
  else {
    const { insertId } = await insertBookingPlain(db, params);
    if (insertId == null) throw new Error('booking insert gave no id');
    rows = (await bookingById(db, [Number(insertId)])).rows;
  }
  if (rows.length !== 1) throw new Error('booking insert returned no row');
  return rows[0];
}

export const listReservations = (db: Db): Promise<ReservationRow[]> =>
  db.selectFrom('reservations').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const findReservation = (db: Db, id: number): Promise<ReservationRow | undefined> =>
  db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Moves a booking from `from` to `to` only if it still is `from` (compare-and-set): a change
 * made meanwhile by another request is never overwritten. Undefined when nothing changed.
 */
export const changeStatusIf = (
  db: Db,
  id: number,
  from: ReservationStatus,
  to: ReservationStatus,
  statusBeforeArchive: ReservationStatus | null = null,
): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set({ status: to, status_before_archive: statusBeforeArchive })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();

const changedIds = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** Bulk: the named bookings still in one of `from` become `to`; answers the ids changed. */
export async function changeStatusesIn(db: Db, ids: number[], from: ReservationStatus[], to: ReservationStatus): Promise<number[]> {
  return changedIds(
    await db
      .updateTable('reservations')
      .set({ status: to, status_before_archive: null })
      .where('id', 'in', ids)
      .where('status', 'in', from)
      .returning('id')
      .execute(),
  );
}

/** Bulk archive: unread and read bookings are archived, each remembering what it was (one statement: the right side reads the old row). */
export async function archiveIn(db: Db, ids: number[]): Promise<number[]> {
  return changedIds(
    await db
      .updateTable('reservations')
      .set((eb) => ({ status_before_archive: eb.ref('status'), status: 'archived' as const }))
      .where('id', 'in', ids)
      .where('status', 'in', ['unread', 'read'])
      .returning('id')
      .execute(),
  );
}

/** Bulk unarchive: archived bookings go back to what they were (read when unknown: archived before migration 017). */
export async function unarchiveIn(db: Db, ids: number[]): Promise<number[]> {
  return changedIds(
    await db
      .updateTable('reservations')
      .set(() => ({ status: sql<ReservationStatus>`coalesce(status_before_archive, 'read')`, status_before_archive: null }))
      .where('id', 'in', ids)
      .where('status', '=', 'archived')
      .returning('id')
      .execute(),
  );
}

/** Bulk delete: the rows as they were (the caller gives their seats back). */
export const deleteReservationsReturning = (db: Db, ids: number[]): Promise<ReservationRow[]> =>
  db.deleteFrom('reservations').where('id', 'in', ids).returningAll().execute();

export const setStatus = (db: Db, id: number, status: ReservationStatus): Promise<ReservationRow | undefined> =>
  db.updateTable('reservations').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();

/** Deletes a booking for good and returns it as it was (its seat is the caller's to give back). */
export const deleteReservationReturning = (db: Db, id: number): Promise<ReservationRow | undefined> =>
  db.deleteFrom('reservations').where('id', '=', id).returningAll().executeTakeFirst();

/** The booking a manage link names (by the SHA-256 of its token). */
export const findByManageTokenHash = (db: Db, hash: string): Promise<ReservationRow | undefined> =>
  db.selectFrom('reservations').selectAll().where('manage_token_hash', '=', hash).executeTakeFirst();

/**
 * Cancels a booking unless it already is (compare-and-set; on PostgreSQL a concurrent cancel
 * waits for this one and then finds it cancelled). One more calendar SEQUENCE for the e-mail.
 */
export const cancelIfNotCancelled = (db: Db, id: number, at: string, by: 'customer' | 'staff'): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set((eb) => ({ status: 'cancelled' as const, cancelled_at: at, cancelled_by: by, calendar_sequence: eb('calendar_sequence', '+', 1) }))
    .where('id', '=', id)
    .where('status', '!=', 'cancelled')
    .returningAll()
    .executeTakeFirst();

/**
 * Moves a booking to another occurrence only if it is still booked where it was read
 * (compare-and-set): a cancel or move made meanwhile is never overwritten. `lateSince`: the
 * deadline it keeps when it moved inside its window (booking-rules.ts lateSinceAfterMove).
 */
export const moveIfAt = (
  db: Db,
  id: number,
  from: { weeklySessionId: number; date: string },
  to: { weeklySessionId: number; date: string; dateTime: string; course: string; lateSince: string | null },
): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set((eb) => ({
      weekly_session_id: to.weeklySessionId,
      session_date: to.date,
      date_time: to.dateTime,
      course: to.course,
      late_since: to.lateSince,
      calendar_sequence: eb('calendar_sequence', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '!=', 'cancelled')
    .where('weekly_session_id', '=', from.weeklySessionId)
    .where('session_date', '=', from.date)
    .returningAll()
    .executeTakeFirst();

export interface ReservationSearch {
  /** Matched against name, e-mail and phone, whatever the case. */
  like?: TextSearch;
  /** The same text with only its digits, matched against the phone's digits ("0812" finds "+66 81 2…"). */
  digitsLike?: string;
  course?: string;
  statuses?: ReservationStatus[];
  /** Class instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Instants around "now" for upcoming (date_time >= now) or past (<). */
  upcomingFrom?: string;
  pastBefore?: string;
  sort: { column: 'date_time' | 'created_at'; direction: 'asc' | 'desc' };
}

function searched(db: Db, f: ReservationSearch) {
  let q = db.selectFrom('reservations');
  if (f.like) {
    const like = f.like;
    const digits = f.digitsLike;
    q = q.where((eb) =>
      eb.or([
        anyColumnLike(['name', 'email', 'phone'], like),
        ...(digits ? [sql<boolean>`replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '.', ''), '+', '') like ${digits}`] : []),
      ]),
    );
  }
  if (f.course !== undefined) q = q.where('course', '=', f.course);
  if (f.statuses) q = q.where('status', 'in', f.statuses);
  if (f.from !== undefined) q = q.where('date_time', '>=', f.from);
  if (f.to !== undefined) q = q.where('date_time', '<', f.to);
  if (f.upcomingFrom !== undefined) q = q.where('date_time', '>=', f.upcomingFrom);
  if (f.pastBefore !== undefined) q = q.where('date_time', '<', f.pastBefore);
  return q;
}

/** One page of the back office's list, the matching total, and the summary tiles' counts. */
export async function searchReservations(
  db: Db,
  f: ReservationSearch,
  limit: number,
  offset: number,
): Promise<{ rows: ReservationRow[]; total: number; counts: { all: number; unread: number; treated: number } }> {
  const [rows, count, counts] = await Promise.all([
    searched(db, f).selectAll().orderBy(f.sort.column, f.sort.direction).orderBy('id', f.sort.direction).limit(limit).offset(offset).execute(),
    searched(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reservations')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'unread').then(1).else(0).end()).as('unread'),
        eb.fn.sum<number>(eb.case().when('status', 'in', ['read', 'archived']).then(1).else(0).end()).as('treated'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(count.n),
    counts: { all: Number(counts.all), unread: Number(counts.unread ?? 0), treated: Number(counts.treated ?? 0) },
  };
}

// ---- the gym's changes (issue 34, points 1–3) ----

/** The bookings still held on an occurrence, by name. */
export const heldOn = (db: Db, weeklySessionId: number, date: string): Promise<ReservationRow[]> =>
  db
    .selectFrom('reservations')
    .selectAll()
    .where('weekly_session_id', '=', weeklySessionId)
    .where('session_date', '=', date)
    .where('status', '!=', 'cancelled')
    .orderBy('name')
    .orderBy('id')
    .execute();

/**
 * The bookings still held whose class starts after `after` (an instant): of one weekly session, or
 * in gym dates (sessions by their date, requests by appointment by their instant in [from, to)).
 */
export function heldUpcoming(
  db: Db,
  where: { weeklySessionId: number } | { fromDate: string; toDate: string; from: string; to: string },
  after: string,
): Promise<ReservationRow[]> {
  let q = db.selectFrom('reservations').selectAll().where('status', '!=', 'cancelled').where('date_time', '>', after);
  if ('weeklySessionId' in where) q = q.where('weekly_session_id', '=', where.weeklySessionId);
  else {
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('session_date', '>=', where.fromDate), eb('session_date', '<=', where.toDate)]),
        eb.and([eb('weekly_session_id', 'is', null), eb('date_time', '>=', where.from), eb('date_time', '<', where.to)]),
      ]),
    );
  }
  return q.orderBy('date_time').orderBy('name').orderBy('id').execute();
}

/**
 * The gym's cancel of a booking unless it is already cancelled (compare-and-set, as
 * cancelIfNotCancelled): one more SEQUENCE, the reason and its cause, and a new manage link's hash
 * (the e-mail carries the only copy of the token; the caller keeps the old one: decision 184).
 */
export const cancelByGymIfNotCancelled = (
  db: Db,
  id: number,
  at: string,
  why: { reason: string | null; cause: GymCause },
  tokenHash: string | null,
): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set((eb) => ({
      status: 'cancelled' as const,
      cancelled_at: at,
      cancelled_by: 'gym' as const,
      cancel_reason: why.reason,
      gym_cause: why.cause,
      manage_token_hash: tokenHash,
      calendar_sequence: eb('calendar_sequence', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '!=', 'cancelled')
    .returningAll()
    .executeTakeFirst();

/**
 * A booking the gym moved with its weekly session (compare-and-set on where it was): its new
 * date and instant, one more SEQUENCE, and a free cancel until the new start.
 */
export const followSessionMove = (
  db: Db,
  id: number,
  from: { date: string; dateTime: string },
  to: { date: string; dateTime: string },
): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set((eb) => ({ session_date: to.date, date_time: to.dateTime, free_cancel_until: to.dateTime, calendar_sequence: eb('calendar_sequence', '+', 1) }))
    .where('id', '=', id)
    .where('status', '!=', 'cancelled')
    .where('session_date', '=', from.date)
    .where('date_time', '=', from.dateTime)
    .returningAll()
    .executeTakeFirst();

/**
 * A booking the gym cancelled, booked again at another occurrence from its manage page
 * (compare-and-set: still gym-cancelled where it was): held again, one more SEQUENCE, with a
 * window of its own (the gym's cancel gave the credit back whatever the deadline).
 */
export const rebookIfGymCancelled = (
  db: Db,
  id: number,
  from: { weeklySessionId: number; date: string },
  to: { weeklySessionId: number; date: string; dateTime: string; course: string },
): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set((eb) => ({
      status: 'unread' as const,
      cancelled_at: null,
      cancelled_by: null,
      cancel_reason: null,
      late_since: null,
      weekly_session_id: to.weeklySessionId,
      session_date: to.date,
      date_time: to.dateTime,
      course: to.course,
      calendar_sequence: eb('calendar_sequence', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'cancelled')
    .where('cancelled_by', '=', 'gym')
    .where('weekly_session_id', '=', from.weeklySessionId)
    .where('session_date', '=', from.date)
    .returningAll()
    .executeTakeFirst();

/** The customer cancelled after the credit deadline (issue 34 §5): kept on the row for the record and a waiver. */
export const markLateCancel = (db: Db, id: number): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set({ late_cancel: fromBool(true) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/**
 * Forgives a late cancel or a no-show once (compare-and-set on waived_at): two waivers at once
 * give one. Undefined when the row is missing, already forgiven or neither.
 */
export const waiveIfWaivable = (db: Db, id: number, by: number | null, reason: string, at: string): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set({ waived_at: at, waived_by: by, waive_reason: reason })
    .where('id', '=', id)
    .where('waived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('late_cancel', '=', fromBool(true)),
        eb.and([eb('attendance', '=', 'no_show'), eb('status', '!=', 'cancelled'), eb('cancelled_at', 'is', null)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
