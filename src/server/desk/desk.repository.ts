import type { Attendance } from '../../shared/constants';
import type { Db } from '../db/database';
import type { ReservationRow } from '../db/schema';

// The desk's own SQL; the timetable's reads and the seat counter stay in the timetable repository.

/** Every booking linked to an occurrence on this gym date, cancelled ones included, oldest first. */
export const bookingsOnDate = (db: Db, date: string): Promise<ReservationRow[]> =>
  db
    .selectFrom('reservations')
    .selectAll()
    .where('session_date', '=', date)
    .where('weekly_session_id', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/**
 * Sets the attendance mark unless the booking is cancelled, in one conditional UPDATE (a
 * cancellation made meanwhile is never marked over). Undefined when nothing changed.
 */
export const setAttendanceUnlessCancelled = (db: Db, id: number, attendance: Attendance | null): Promise<ReservationRow | undefined> =>
  db
    .updateTable('reservations')
    .set({ attendance })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('status', '!=', 'cancelled')
    .returningAll()
    .executeTakeFirst();
