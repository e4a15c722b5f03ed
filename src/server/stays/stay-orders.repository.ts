import type { Insertable } from 'kysely';
import { nowIso, type Db } from '../db/database';
import type { OrderPickupsTable, OrderStaysTable } from '../db/schema';
import { insertPageLink } from './arrivals.repository';

// The SQL of orders' stays and pickups (migration 036) and of the stay terms' versions. Each
// function takes db or a transaction.

export const insertOrderStay = (db: Db, row: Insertable<OrderStaysTable>) => db.insertInto('order_stays').values(row).execute();

export const insertOrderPickup = (db: Db, row: Insertable<OrderPickupsTable>) => db.insertInto('order_pickups').values(row).execute();

export const findOrderStay = (db: Db, orderId: number) => db.selectFrom('order_stays').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const findOrderPickup = (db: Db, orderId: number) => db.selectFrom('order_pickups').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** New dates and price of a stay that holds its nights (the caller took the new ones and gave back the old); a new due date may be reminded again. */
export async function moveOrderStay(trx: Db, orderId: number, set: { check_in: string; check_out: string; amount_satang: number }): Promise<boolean> {
  const r = await trx
    .updateTable('order_stays')
    .set({ ...set, balance_reminder_at: null, arrival_mail_at: null, updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('holds_nights', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The order's total and dates after a change of its stay. */
export async function setOrderAmounts(
  trx: Db,
  orderId: number,
  set: { amount_satang: number; deposit_satang: number; balance_due_date: string | null; start_date?: string; end_date?: string },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', orderId)
    .execute();
}

/** Cancels an order as its stay terms say: what the gym keeps becomes its price (decision 158). */
export async function cancelKeeping(trx: Db, orderId: number, keptSatang: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ cancelled_at: nowIso(), cancellation_kept_satang: keptSatang, updated_at: nowIso() })
    .where('id', '=', orderId)
    .execute();
}

// ---- the balance reminder ----

/** Orders with a stay or a pickup whose balance falls due by `dueBy` and that were not reminded yet. */
export async function balanceReminderCandidates(db: Db, dueBy: string, today: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_stays as s', 's.order_id', 'o.id')
    .select('o.id')
    .where('o.balance_due_date', 'is not', null)
    .where('o.balance_due_date', '<=', dueBy)
    .where('s.check_in', '>=', today)
    .where('s.balance_reminder_at', 'is', null)
    .where('s.holds_nights', '=', 1)
    .where('o.cancelled_at', 'is', null)
    .orderBy('o.balance_due_date')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims the reminder of one order (once across instances) and stores the hash of the page key
 * its e-mail carries among the order's page keys; false when another run claimed it.
 */
export async function claimBalanceReminder(trx: Db, orderId: number, at: string, pageTokenHash: string): Promise<boolean> {
  const r = await trx
    .updateTable('order_stays')
    .set({ balance_reminder_at: at })
    .where('order_id', '=', orderId)
    .where('balance_reminder_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await insertPageLink(trx, orderId, pageTokenHash, at);
  return true;
}
