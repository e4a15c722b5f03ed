import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { ClassRow, ClassesTable, ClosureRow, ClosuresTable, SessionCancellationsTable, WeeklySessionRow, WeeklySessionsTable } from '../db/schema';

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

/** The active sessions of an active class by name that start at this gym weekday and time. */
export const findBookableByNameAndSlot = (db: Db, name: string, weekday: number, startTime: string): Promise<WeeklySessionWithClass | undefined> =>
  sessionsWithClass(db)
    .where('c.name', '=', name)
    .where('ws.weekday', '=', weekday)
    .where('ws.start_time', '=', startTime)
    .where(sql<boolean>`ws.active = ${sql.lit(true)} and c.active = ${sql.lit(true)}`)
    .executeTakeFirst();

export const insertWeeklySession = (db: Db, row: Insertable<WeeklySessionsTable>): Promise<WeeklySessionRow> =>
  db.insertInto('weekly_sessions').values(row).returningAll().executeTakeFirstOrThrow();

export const updateWeeklySession = (db: Db, id: number, set: Updateable<WeeklySessionsTable>): Promise<WeeklySessionRow | undefined> =>
  db.updateTable('weekly_sessions').set(set).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteWeeklySession(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('weekly_sessions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Bookings of the session on or after a gym date that are not cancelled. */
export async function countUpcomingBookings(db: Db, weeklySessionId: number, fromDate: string): Promise<number> {
  const r = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('weekly_session_id', '=', weeklySessionId)
    .where('session_date', '>=', fromDate)
    .where('cancelled_at', 'is', null)
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
 * Race-free on both databases, inside the caller's transaction:
 * 1. the counter row is made if missing (ON CONFLICT DO NOTHING: a concurrent insert of the
 *    same key waits for the other transaction, then does nothing);
 * 2. one conditional UPDATE adds the seat only below capacity. On PostgreSQL the UPDATE locks
 *    the row: a concurrent transaction waits for the commit, then re-checks `taken < capacity`
 *    on the row's new version (READ COMMITTED), so two can never both take the last seat.
 *    SQLite has one writer at a time: the transaction holds the write lock from its first write.
 * The row stays locked until the caller's transaction ends: keep that transaction short.
 */
export async function takeSeat(trx: Db, weeklySessionId: number, date: string, capacity: number): Promise<boolean> {
  await trx
    .insertInto('seats')
    .values({ weekly_session_id: weeklySessionId, session_date: date, taken: 0 })
    .onConflict((oc) => oc.columns(['weekly_session_id', 'session_date']).doNothing())
    .execute();
  const r = await trx
    .updateTable('seats')
    .set({ taken: sql<number>`taken + 1` })
    .where('weekly_session_id', '=', weeklySessionId)
    .where('session_date', '=', date)
    .where('taken', '<', capacity)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
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
