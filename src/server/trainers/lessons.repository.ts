import type { Db } from '../db/database';
import type { PrivateLessonsTable } from '../db/schema';

// The SQL of private lessons' facts and the trainers' taken time (issue 37 point 4), in the
// trainers' folder so that bookings (cancel, move, the calendar's length) reach it without a cycle.

const CELL_MS = 15 * 60_000;

/** The quarter-hour cells from `start` up to `end` (the end rounded up to a cell). */
export function cellsOf(start: Date, end: Date): string[] {
  const out: string[] = [];
  const first = Math.floor(start.getTime() / CELL_MS) * CELL_MS;
  for (let t = first; t < end.getTime(); t += CELL_MS) out.push(new Date(t).toISOString());
  return out;
}

/**
 * Takes the trainer's cells for a lesson and the buffer after it, inside the lesson's
 * transaction: one insert, refused whole by the primary key when another lesson holds one of
 * them (false; on PostgreSQL the caller's transaction is then aborted and must roll back). Two
 * lessons that overlap, buffer included, share a cell: only one commits, on any instance.
 */
export async function takeCells(db: Db, trainerId: number, reservationId: number, cells: string[]): Promise<boolean> {
  if (!cells.length) return true;
  try {
    await db
      .insertInto('trainer_cells')
      .values(cells.map((cell_start) => ({ trainer_id: trainerId, cell_start, reservation_id: reservationId })))
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** SQLite's and PostgreSQL's unique-key refusals. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** A cancelled or moved lesson gives its trainer's time back. */
export async function releaseCells(db: Db, reservationId: number): Promise<void> {
  await db.deleteFrom('trainer_cells').where('reservation_id', '=', reservationId).execute();
}

export const insertLesson = (db: Db, row: PrivateLessonsTable) => db.insertInto('private_lessons').values(row).execute();

export const lessonOf = (db: Db, reservationId: number) =>
  db.selectFrom('private_lessons').selectAll().where('reservation_id', '=', reservationId).executeTakeFirst();

export const moveLesson = (db: Db, reservationId: number, set: { trainer_id: number; starts_at: string; ends_at: string }) =>
  db.updateTable('private_lessons').set(set).where('reservation_id', '=', reservationId).execute();

/** The trainers' lessons still booked that start between two gym dates (a day's margin each side is the caller's). */
export const busyLessons = (db: Db, trainerIds: number[], fromDate: string, toDate: string) =>
  db
    .selectFrom('private_lessons as l')
    .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
    .select(['l.trainer_id as trainerId', 'l.starts_at as startsAt', 'l.ends_at as endsAt', 'l.reservation_id as reservationId'])
    .where('l.trainer_id', 'in', trainerIds.length ? trainerIds : [0])
    .where('r.status', '!=', 'cancelled')
    .where('l.starts_at', '>=', `${fromDate}T00:00:00.000Z`)
    .where('l.starts_at', '<', `${toDate}T23:59:59.999Z`)
    .execute();

/** A trainer's lessons over a range of instants, with who booked (their day, the feed, the report). */
export const lessonsOfTrainer = (db: Db, trainerId: number | null, fromIso: string, toIso: string, opts: { withCancelled?: boolean } = {}) => {
  let q = db
    .selectFrom('private_lessons as l')
    .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
    .innerJoin('trainers as t', 't.id', 'l.trainer_id')
    .select([
      'l.reservation_id',
      'l.trainer_id',
      't.name as trainer_name',
      'l.minutes',
      'l.guests',
      'l.discipline',
      'l.starts_at',
      'l.ends_at',
      'l.order_id',
      'l.price_satang',
      'r.name',
      'r.email',
      'r.phone',
      'r.status',
      'r.attendance',
      'r.calendar_sequence',
      'r.cancelled_at',
    ])
    .where('l.starts_at', '>=', fromIso)
    .where('l.starts_at', '<', toIso);
  if (trainerId != null) q = q.where('l.trainer_id', '=', trainerId);
  if (!opts.withCancelled) q = q.where('r.status', '!=', 'cancelled');
  return q.orderBy('l.starts_at').execute();
};

/** A lesson's minutes: the length its booking's e-mails and calendar give. */
export const lessonMinutes = async (db: Db, reservationId: number): Promise<number | undefined> =>
  (await db.selectFrom('private_lessons').select('minutes').where('reservation_id', '=', reservationId).executeTakeFirst())?.minutes;
