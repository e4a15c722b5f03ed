import type { Insertable } from 'kysely';
import type { ReservationStatus } from '../../shared/constants';
import type { Db } from '../db/database';
import type { ReservationRow, ReservationsTable } from '../db/schema';

export const insertReservation = (db: Db, row: Insertable<ReservationsTable>): Promise<ReservationRow> =>
  db.insertInto('reservations').values(row).returningAll().executeTakeFirstOrThrow();

/** Several bookings in one statement (SQLite group commit). */
export const insertReservations = (db: Db, rows: Insertable<ReservationsTable>[]): Promise<ReservationRow[]> =>
  db.insertInto('reservations').values(rows).returningAll().execute();

export const listReservations = (db: Db): Promise<ReservationRow[]> =>
  db.selectFrom('reservations').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const findReservation = (db: Db, id: number): Promise<ReservationRow | undefined> =>
  db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Moves a booking from `from` to `to` only if it still is `from` (compare-and-set): a change
 * made meanwhile by another request is never overwritten. Undefined when nothing changed.
 */
export const changeStatusIf = (db: Db, id: number, from: ReservationStatus, to: ReservationStatus): Promise<ReservationRow | undefined> =>
  db.updateTable('reservations').set({ status: to }).where('id', '=', id).where('status', '=', from).returningAll().executeTakeFirst();

export const setStatus = (db: Db, id: number, status: ReservationStatus): Promise<ReservationRow | undefined> =>
  db.updateTable('reservations').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteReservation(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('reservations').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
