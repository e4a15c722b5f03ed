import type { Db } from '../db/database';

// The SQL of a pass's pauses (migration 048, decision 187); the rule is in pass-pause.ts.

/** Gym days this pass was paused in all. */
export async function pausedDaysOf(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('pass_pauses')
    .select((eb) => eb.fn.sum<number | string | null>('days').as('days'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.days ?? 0);
}

/** Gym days paused per pass, for many passes at once (My page). */
export async function pausedDaysOfOrders(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('pass_pauses')
    .select((eb) => ['order_id', eb.fn.sum<number | string | null>('days').as('days')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.days ?? 0)]));
}

/** The pause written and the pass's last gym day moved by as many days, in the caller's transaction. */
export async function insertPause(trx: Db, p: { orderId: number; startsOn: string; days: number; endDate: string; at: string }): Promise<void> {
  await trx.insertInto('pass_pauses').values({ order_id: p.orderId, starts_on: p.startsOn, days: p.days, created_at: p.at }).execute();
  await trx.updateTable('orders').set({ end_date: p.endDate, updated_at: p.at }).where('id', '=', p.orderId).execute();
}
