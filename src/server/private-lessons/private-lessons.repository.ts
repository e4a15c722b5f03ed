import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ordersWithTotals } from '../ledger/ledger.repository';
import { orderStateSql } from '../ledger/order-state.sql';

// The SQL private lessons need beyond the trainers' and the bookings' own (issue 37).

/** The class by appointment ("Private Training"): a lesson's booking is of it. */
export const appointmentClassName = async (db: Db): Promise<string | undefined> =>
  (
    await db
      .selectFrom('classes')
      .select('name')
      .where(sql<boolean>`by_appointment = ${sql.lit(true)} and active = ${sql.lit(true)}`)
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirst()
  )?.name;

export const cancelOrderIfOpen = (db: Db, orderId: number, at: string) =>
  db.updateTable('orders').set({ cancelled_at: at }).where('id', '=', orderId).where('cancelled_at', 'is', null).execute();

/**
 * A lesson's booking moves (compare-and-set on where it was): new time, trainer's name, next
 * calendar SEQUENCE, new manage link, and the deadline it keeps when moved inside its window.
 */
export const moveBooking = (
  db: Db,
  id: number,
  from: string,
  to: { date_time: string; course: string; manage_token_hash: string; late_since: string | null },
) =>
  db
    .updateTable('reservations')
    .set((eb) => ({ ...to, calendar_sequence: eb('calendar_sequence', '+', 1) }))
    .where('id', '=', id)
    .where('date_time', '=', from)
    .where('status', '!=', 'cancelled')
    .returningAll()
    .executeTakeFirst();

export const findBooking = (db: Db, id: number) => db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Lessons still holding their trainer's time whose paying order is closed without money: lapsed
 * unpaid (the state the ledger derives: nothing sets a column when a hold runs out) or cancelled.
 * The orders whose hold ran out or that were cancelled first, then the ledger of those only.
 */
export async function lessonsOfClosedOrders(db: Db, now: string): Promise<{ reservation_id: number; order_id: number | null }[]> {
  const ids = (
    await db
      .selectFrom('private_lessons as pl')
      .innerJoin('reservations as r', 'r.id', 'pl.reservation_id')
      .innerJoin('orders as o', 'o.id', 'pl.order_id')
      .select('o.id')
      .distinct()
      .where('r.status', '!=', 'cancelled')
      .where((eb) => eb.or([eb('o.cancelled_at', 'is not', null), eb('o.expires_at', '<=', now)]))
      .execute()
  ).map((c) => c.id);
  if (!ids.length) return [];
  return ordersWithTotals(db, ids)
    .innerJoin('private_lessons as pl', 'pl.order_id', 'o.id')
    .innerJoin('reservations as r', 'r.id', 'pl.reservation_id')
    .select(['pl.reservation_id', 'pl.order_id'])
    .where('o.id', 'in', ids)
    .where('r.status', '!=', 'cancelled')
    .where(orderStateSql(now), 'in', ['expired', 'cancelled'])
    .execute();
}
