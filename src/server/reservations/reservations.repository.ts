import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { ReservationRow, ReservationsTable } from '../db/schema';

export const insertReservation = (db: Db, row: Insertable<ReservationsTable>): Promise<ReservationRow> =>
  db.insertInto('reservations').values(row).returningAll().executeTakeFirstOrThrow();

/** Several bookings in one statement (SQLite group commit). */
export const insertReservations = (db: Db, rows: Insertable<ReservationsTable>[]): Promise<ReservationRow[]> =>
  db.insertInto('reservations').values(rows).returningAll().execute();

export const listReservations = (db: Db): Promise<ReservationRow[]> =>
  db.selectFrom('reservations').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** unread → read in one statement; read and archived stay as they are. */
export const markRead = (db: Db, id: number): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set({ status: sql<string>`case when status = 'unread' then 'read' else status end` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const setStatus = (db: Db, id: number, status: string): Promise<ReservationRow | undefined> =>
  db.updateTable('reservations').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteReservation(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('reservations').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
