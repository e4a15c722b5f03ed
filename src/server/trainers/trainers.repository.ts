import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { TrainersTable } from '../db/schema';

// All SQL of the trainers (issue 37 points 1-2). Each function takes db or a transaction.

export const listTrainers = (db: Db, opts: { activeOnly?: boolean } = {}) => {
  let q = db.selectFrom('trainers').selectAll();
  if (opts.activeOnly) q = q.where('active', '=', 1);
  return q.orderBy('position').orderBy('id').execute();
};

export const findTrainer = (db: Db, id: number) => db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirst();

export const findTrainerByUser = (db: Db, userId: number) => db.selectFrom('trainers').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findTrainerBySecret = (db: Db, secret: string) => db.selectFrom('trainers').selectAll().where('calendar_secret', '=', secret).executeTakeFirst();

export const insertTrainer = (db: Db, row: Insertable<TrainersTable>) => db.insertInto('trainers').values(row).returningAll().executeTakeFirstOrThrow();

/** Updates a trainer if its version is still `expected` (when given); undefined otherwise. */
export const updateTrainer = (db: Db, id: number, set: Updateable<TrainersTable>, expected?: number) => {
  let q = db
    .updateTable('trainers')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expected !== undefined) q = q.where('version', '=', expected);
  return q.returningAll().executeTakeFirst();
};

export const findUserRole = (db: Db, userId: number) => db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();

// ---- availability ----

export const listWindows = (db: Db, trainerIds: number[]) =>
  db
    .selectFrom('trainer_windows')
    .select(['trainer_id', 'weekday', 'from_time', 'to_time'])
    .where('trainer_id', 'in', trainerIds.length ? trainerIds : [0])
    .orderBy('trainer_id')
    .orderBy('weekday')
    .orderBy('from_time')
    .execute();

export const listExceptions = (db: Db, trainerIds: number[], range?: { from: string; to: string }) => {
  let q = db
    .selectFrom('trainer_exceptions')
    .select(['trainer_id', 'date', 'from_time', 'to_time', 'off'])
    .where('trainer_id', 'in', trainerIds.length ? trainerIds : [0]);
  if (range) q = q.where('date', '>=', range.from).where('date', '<=', range.to);
  return q.orderBy('trainer_id').orderBy('date').orderBy('from_time').execute();
};

export async function replaceAvailability(
  db: Db,
  trainerId: number,
  windows: { weekday: number; from_time: string; to_time: string }[],
  exceptions: { date: string; from_time: string | null; to_time: string | null; off: number }[],
): Promise<void> {
  await db.deleteFrom('trainer_windows').where('trainer_id', '=', trainerId).execute();
  await db.deleteFrom('trainer_exceptions').where('trainer_id', '=', trainerId).execute();
  if (windows.length)
    await db
      .insertInto('trainer_windows')
      .values(windows.map((w) => ({ trainer_id: trainerId, ...w })))
      .execute();
  if (exceptions.length)
    await db
      .insertInto('trainer_exceptions')
      .values(exceptions.map((e) => ({ trainer_id: trainerId, ...e })))
      .execute();
}

// ---- what blocks a trainer's time ----

/** Active weekly sessions with a coach named, their class's length (matched to trainers by name in the service). */
export const listCoachedSessions = (db: Db) =>
  db
    .selectFrom('weekly_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.id', 's.weekday', 's.start_time', 's.coach', 'c.duration_minutes', 'c.name as class_name'])
    // Booleans: true on PostgreSQL, 1 on SQLite (sql.lit(true) reads as either).
    .where(sql<boolean>`s.active = ${sql.lit(true)} and c.active = ${sql.lit(true)}`)
    .where('s.coach', 'is not', null)
    .execute();

export const listSessionCancellations = (db: Db, from: string, to: string) =>
  db
    .selectFrom('session_cancellations')
    .select(['weekly_session_id', 'session_date'])
    .where('session_date', '>=', from)
    .where('session_date', '<=', to)
    .execute();

export const listClosures = (db: Db, from: string, to: string) =>
  db.selectFrom('closures').select(['start_date', 'end_date']).where('end_date', '>=', from).where('start_date', '<=', to).execute();
