import { sql, type Insertable, type Updateable } from 'kysely';
import { addDays, isoWeekday } from '../../shared/gym-time';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixed-query';
import type { ClassRow, ClassesTable, ClosureRow, ClosuresTable, DbBool, SessionCancellationsTable, WeeklySessionRow, WeeklySessionsTable } from '../db/schema';

// All SQL of the timetable. Each function takes db or a transaction.

// ---- classes ----

export const listClasses = (db: Db): Promise<ClassRow[]> => db.selectFrom('classes').selectAll().orderBy('sort_order').orderBy('name').execute();

export const findClass = (db: Db, id: number): Promise<ClassRow | undefined> => db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();

export const findClassByName = (db: Db, name: string): Promise<ClassRow | undefined> =>
  db.selectFrom('classes').selectAll().where('name', '=', name).executeTakeFirst();

export async function nextSortOrder(db: Db): Promise<number> {
  const r = await db
    .selectFrom('classes')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

export const insertClass = (db: Db, row: Insertable<ClassesTable>): Promise<ClassRow> =>
  db.insertInto('classes').values(row).returningAll().executeTakeFirstOrThrow();

export const updateClass = (db: Db, id: number, set: Updateable<ClassesTable>): Promise<ClassRow | undefined> =>
  db.updateTable('classes').set(set).where('id', '=', id).returningAll().executeTakeFirst();

// ---- weekly sessions ----

export type WeeklySessionWithClass = WeeklySessionRow & {
  class_name: string;
  level: ClassRow['level'];
  duration_minutes: number;
  by_appointment: ClassRow['by_appointment'];
  class_active: ClassRow['active'];
  sort_order: number;
};

const sessionsWithClass = (db: Db) =>
  db
    .selectFrom('weekly_sessions as ws')
    .innerJoin('classes as c', 'c.id', 'ws.class_id')
    .selectAll('ws')
    .select([
      'c.name as class_name',
      'c.level as level',
      'c.duration_minutes as duration_minutes',
      'c.by_appointment as by_appointment',
      'c.active as class_active',
      'c.sort_order as sort_order',
    ]);

export const listWeeklySessions = (db: Db): Promise<WeeklySessionWithClass[]> =>
  sessionsWithClass(db).orderBy('ws.weekday').orderBy('ws.start_time').orderBy('c.sort_order').orderBy('ws.id').execute();

export const findWeeklySession = (db: Db, id: number): Promise<WeeklySessionWithClass | undefined> =>
  sessionsWithClass(db).where('ws.id', '=', id).executeTakeFirst();

/** Sessions that may be booked: both the session and its class active (true on PG, 1 on SQLite). */
export const listBookableWeeklySessions = (db: Db): Promise<WeeklySessionWithClass[]> =>
  sessionsWithClass(db)
    .where(sql<boolean>`ws.active = ${sql.lit(true)} and c.active = ${sql.lit(true)}`)
    .orderBy('ws.start_time')
    .orderBy('c.sort_order')
    .orderBy('ws.id')
    .execute();

/** What a booking's course and gym-time slot name, read in one statement (see findSlot). */
export interface SlotLookup {
  cls: ClassRow;
  /** The active session of the class at that weekday and time, if any, with its occurrence's state. */
  session?: WeeklySessionWithClass & { cancelled: boolean; closed: boolean; taken: number };
}

/**
 * The class named `name` and, when it is active, its active session starting at `weekday` and
 * `startTime`, with whether the occurrence on `date` is cancelled or in a closure and how many
 * of its seats are taken: one statement on the booking path instead of five.
 * Every parameter sits in the WHERE of a one-table subquery, none in the join's own ON or WHERE:
 * SQLite marks a join whose plan could depend on a bound value to be prepared again after each
 * new binding, and better-sqlite3 clears the bindings after every run, so such a statement was
 * compiled again on every booking (about 50 µs of its 60; bench/RESULTS.md, 2026-11-28).
 */
const findSlotQuery = fixedQuery<
  ClassRow & {
    ws_id: number | null;
    ws_weekday: number | null;
    ws_start_time: string | null;
    ws_capacity: number | null;
    ws_coach: string | null;
    ws_active: DbBool | null;
    ws_created_at: string | null;
    ws_updated_at: string | null;
    cancelled: number | string;
    closed: number | string;
    taken: number | string | null;
  }
>(
  `select c.*, ws.id as ws_id, ws.weekday as ws_weekday, ws.start_time as ws_start_time, ws.capacity as ws_capacity,
     ws.coach as ws_coach, ws.active as ws_active, ws.created_at as ws_created_at, ws.updated_at as ws_updated_at,
     (select count(*) from session_cancellations sc where sc.weekly_session_id = ws.id and sc.session_date = ?) as cancelled,
     (select count(*) from closures cl where cl.start_date <= ? and cl.end_date >= ?) as closed,
     (select st.taken from seats st where st.weekly_session_id = ws.id and st.session_date = ?) as taken
   from classes c
   left join weekly_sessions ws on ws.id = (
     select w.id from weekly_sessions w where w.class_id = c.id and w.weekday = ? and w.start_time = ? and w.active = true order by w.id limit 1
   )
   where c.id = (select k.id from classes k where k.name = ?)`,
);

export async function findSlot(db: Db, name: string, weekday: number, startTime: string, date: string): Promise<SlotLookup | undefined> {
  const [row] = (await findSlotQuery(db, [date, date, date, date, weekday, startTime, name])).rows;
  if (!row) return undefined;
  const { ws_id, ws_weekday, ws_start_time, ws_capacity, ws_coach, ws_active, ws_created_at, ws_updated_at, cancelled, closed, taken, ...cls } = row;
  if (ws_id == null || ws_weekday == null || ws_start_time == null || ws_capacity == null || ws_active == null) return { cls };
  return {
    cls,
    session: {
      id: ws_id,
      class_id: cls.id,
      weekday: ws_weekday,
      start_time: ws_start_time,
      capacity: ws_capacity,
      coach: ws_coach ?? null,
      active: ws_active,
      created_at: ws_created_at ?? cls.created_at,
      updated_at: ws_updated_at ?? cls.updated_at,
      class_name: cls.name,
      level: cls.level,
      duration_minutes: cls.duration_minutes,
      by_appointment: cls.by_appointment,
      class_active: cls.active,
      sort_order: cls.sort_order,
      cancelled: Number(cancelled) > 0,
      closed: Number(closed) > 0,
      taken: Number(taken ?? 0),
    },
  };
}

export const insertWeeklySession = (db: Db, row: Insertable<WeeklySessionsTable>): Promise<WeeklySessionRow> =>
  db.insertInto('weekly_sessions').values(row).returningAll().executeTakeFirstOrThrow();

export const updateWeeklySession = (db: Db, id: number, set: Updateable<WeeklySessionsTable>): Promise<WeeklySessionRow | undefined> =>
  db.updateTable('weekly_sessions').set(set).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteWeeklySession(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('weekly_sessions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Bookings of the session whose class starts after `after` (an instant) and that are not cancelled: the ones a move would touch. */
export async function countUpcomingBookings(db: Db, weeklySessionId: number, after: string): Promise<number> {
  const r = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('weekly_session_id', '=', weeklySessionId)
    .where('date_time', '>', after)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function countBookingsOfSession(db: Db, weeklySessionId: number): Promise<number> {
  const r = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('weekly_session_id', '=', weeklySessionId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// ---- cancellations ----

export type CancellationWithSession = {
  id: number;
  weekly_session_id: number;
  session_date: string;
  reason: string | null;
  created_at: string;
  class_name: string;
  start_time: string;
};

const cancellationsWithSession = (db: Db) =>
  db
    .selectFrom('session_cancellations as sc')
    .innerJoin('weekly_sessions as ws', 'ws.id', 'sc.weekly_session_id')
    .innerJoin('classes as c', 'c.id', 'ws.class_id')
    .select(['sc.id', 'sc.weekly_session_id', 'sc.session_date', 'sc.reason', 'sc.created_at', 'c.name as class_name', 'ws.start_time']);

export const listCancellations = (db: Db, fromDate: string, toDate?: string): Promise<CancellationWithSession[]> => {
  let q = cancellationsWithSession(db).where('sc.session_date', '>=', fromDate);
  if (toDate) q = q.where('sc.session_date', '<=', toDate);
  return q.orderBy('sc.session_date').orderBy('ws.start_time').execute();
};

export async function insertCancellation(db: Db, row: Insertable<SessionCancellationsTable>): Promise<CancellationWithSession> {
  const { id } = await db.insertInto('session_cancellations').values(row).returning('id').executeTakeFirstOrThrow();
  return cancellationsWithSession(db).where('sc.id', '=', id).executeTakeFirstOrThrow();
}

export async function deleteCancellation(db: Db, weeklySessionId: number, date: string): Promise<boolean> {
  const r = await db.deleteFrom('session_cancellations').where('weekly_session_id', '=', weeklySessionId).where('session_date', '=', date).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function isCancelled(db: Db, weeklySessionId: number, date: string): Promise<boolean> {
  const r = await db
    .selectFrom('session_cancellations')
    .select('id')
    .where('weekly_session_id', '=', weeklySessionId)
    .where('session_date', '=', date)
    .executeTakeFirst();
  return r !== undefined;
}

// ---- closures ----

/** Closures that overlap [fromDate, toDate] (toDate omitted: every one ending on or after fromDate). */
export const listClosures = (db: Db, fromDate: string, toDate?: string): Promise<ClosureRow[]> => {
  let q = db.selectFrom('closures').selectAll().where('end_date', '>=', fromDate);
  if (toDate) q = q.where('start_date', '<=', toDate);
  return q.orderBy('start_date').orderBy('id').execute();
};

export const insertClosure = (db: Db, row: Insertable<ClosuresTable>): Promise<ClosureRow> =>
  db.insertInto('closures').values(row).returningAll().executeTakeFirstOrThrow();

export async function deleteClosure(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('closures').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- seats ----

/** Seats taken per occurrence in a date range: key '<weeklySessionId>:<date>'. */
export async function seatsTakenBetween(db: Db, fromDate: string, toDate: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('seats')
    .select(['weekly_session_id', 'session_date', 'taken'])
    .where('session_date', '>=', fromDate)
    .where('session_date', '<=', toDate)
    .execute();
  return new Map(rows.map((r) => [`${r.weekly_session_id}:${r.session_date}`, Number(r.taken)]));
}

export async function seatsTaken(db: Db, weeklySessionId: number, date: string): Promise<number> {
  const r = await db.selectFrom('seats').select('taken').where('weekly_session_id', '=', weeklySessionId).where('session_date', '=', date).executeTakeFirst();
  return Number(r?.taken ?? 0);
}

/**
 * Takes one seat of an occurrence if fewer than `capacity` are taken; true when taken.
 * Race-free on both databases, inside the caller's transaction, in one statement: the first
 * booking of an occurrence inserts its counter at 1; later ones hit the key and add a seat only
 * while `taken < capacity` (ON CONFLICT DO UPDATE ... WHERE). On PostgreSQL a concurrent insert
 * of the same key waits for the other transaction, and the update locks the row and re-checks
 * the condition on its newest version, so two can never both take the last seat. SQLite has one
 * writer at a time: the transaction holds the write lock from its first write.
 * The row stays locked until the caller's transaction ends: keep that transaction short.
 */
const takeSeatQuery = fixedQuery<never>(
  `insert into seats (weekly_session_id, session_date, taken) values (?, ?, 1)
   on conflict (weekly_session_id, session_date) do update set taken = seats.taken + 1 where seats.taken < ?`,
);

export async function takeSeat(trx: Db, weeklySessionId: number, date: string, capacity: number): Promise<boolean> {
  if (capacity < 1) return false;
  const r = await takeSeatQuery(trx, [weeklySessionId, date, capacity]);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Gives a seat back (a cancelled booking); never below zero. True when one was given back. */
export async function releaseSeat(trx: Db, weeklySessionId: number, date: string): Promise<boolean> {
  const r = await trx
    .updateTable('seats')
    .set({ taken: sql<number>`taken - 1` })
    .where('weekly_session_id', '=', weeklySessionId)
    .where('session_date', '=', date)
    .where('taken', '>', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An occurrence's counter row, made if missing (taken 0) and locked by the no-op update. */
const lockSeatQuery = fixedQuery<never>(
  `insert into seats (weekly_session_id, session_date, taken) values (?, ?, 0)
   on conflict (weekly_session_id, session_date) do update set taken = seats.taken`,
);

/**
 * Locks the seat counters of an occurrence or of the dates of a closure, making the rows that do
 * not exist yet, so that a booking that took one of their seats has committed before the caller
 * reads the bookings, and one that comes later waits for the caller's commit (then sees the
 * occurrence called off: the booking writer checks again once it holds its seat).
 */
export async function lockSeats(trx: Db, where: { weeklySessionId: number; date: string } | { fromDate: string; toDate: string }): Promise<void> {
  if ('weeklySessionId' in where) {
    await lockSeatQuery(trx, [where.weeklySessionId, where.date]);
    return;
  }
  const sessions = await trx.selectFrom('weekly_sessions').select(['id', 'weekday']).execute();
  // Bookings are taken at most two years ahead (decision 064): a longer closure has none beyond.
  const last = [where.toDate, addDays(where.fromDate, 2 * 366)].sort()[0];
  for (let date = where.fromDate; date <= last; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    for (const s of sessions) if (s.weekday === weekday) await lockSeatQuery(trx, [s.id, date]);
  }
}
