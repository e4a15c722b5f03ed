// Discount codes' rows (migration 050): the codes, the uses held per person, and each order's
// discount. Uses are taken and given back by single conditional writes, so the last use of a code
// goes to one order whatever runs in parallel, on SQLite and on PostgreSQL (decision 189).
import { sql, type Insertable, type Updateable } from 'kysely';
import { nowIso, type Db } from '../db/database';
import type { DiscountCodeRow, DiscountCodesTable, OrderDiscountRow, OrderDiscountsTable } from '../db/schema';

export const listCodes = (db: Db): Promise<DiscountCodeRow[]> =>
  db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const findCode = (db: Db, id: number): Promise<DiscountCodeRow | undefined> =>
  db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();

export const findCodeByText = (db: Db, code: string): Promise<DiscountCodeRow | undefined> =>
  db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();

/** A new code; null when its text is taken. */
export async function insertCode(db: Db, values: Omit<Insertable<DiscountCodesTable>, 'id'>): Promise<DiscountCodeRow | null> {
  const row = await db
    .insertInto('discount_codes')
    .values(values)
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function updateCode(db: Db, id: number, set: Updateable<DiscountCodesTable>): Promise<DiscountCodeRow | undefined> {
  return db.updateTable('discount_codes').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Takes one use of the code: one conditional UPDATE; false when none is left (or it was disabled since). */
export async function takeUse(db: Db, codeId: number): Promise<boolean> {
  const res = await db
    .updateTable('discount_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', codeId)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Takes one of the person's uses of the code (their row made first at 0): one conditional UPDATE. */
export async function takePersonUse(db: Db, codeId: number, customerId: number, max: number | null): Promise<boolean> {
  await db
    .insertInto('discount_code_people')
    .values({ code_id: codeId, customer_id: customerId, uses: 0 })
    .onConflict((oc) => oc.columns(['code_id', 'customer_id']).doNothing())
    .execute();
  let q = db
    .updateTable('discount_code_people')
    .set({ uses: sql`uses + 1` })
    .where('code_id', '=', codeId)
    .where('customer_id', '=', customerId);
  if (max != null) q = q.where('uses', '<', max);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertOrderDiscount(db: Db, values: Insertable<OrderDiscountsTable>): Promise<void> {
  await db.insertInto('order_discounts').values(values).execute();
}

export const findOrderDiscount = (db: Db, orderId: number): Promise<OrderDiscountRow | undefined> =>
  db.selectFrom('order_discounts').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * Gives an order's use back to its code and its person, once: the conditional update of
 * returned_at decides, and only the caller that made it gives the uses back.
 */
export async function returnUse(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .updateTable('order_discounts')
    .set({ returned_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('returned_at', 'is', null)
    .returning(['code_id', 'customer_id'])
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('discount_codes')
    .set({ uses: sql`uses - 1` })
    .where('id', '=', row.code_id)
    .where('uses', '>', 0)
    .execute();
  await db
    .updateTable('discount_code_people')
    .set({ uses: sql`uses - 1` })
    .where('code_id', '=', row.code_id)
    .where('customer_id', '=', row.customer_id)
    .where('uses', '>', 0)
    .execute();
  return true;
}

/** Per code: orders holding it (uses not given back), the discount they got, money received net on them. */
export async function takingsPerCode(db: Db): Promise<{ code: string; orders: number; discount: number; takings: number }[]> {
  const rows = await db
    .selectFrom('order_discounts as d')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('order_payments')
          .select([
            'order_id',
            sql<number>`sum(case when kind = 'payment' or kind = 'refund-reversal' or kind = 'chargeback-reversal' then amount_satang else -amount_satang end)`.as(
              'net',
            ),
          ])
          .groupBy('order_id')
          .as('p'),
      (join) => join.onRef('p.order_id', '=', 'd.order_id'),
    )
    .where('d.returned_at', 'is', null)
    .select([
      'd.code',
      (eb) => eb.fn.countAll<number | string>().as('orders'),
      sql<number | string>`coalesce(sum(d.discount_satang), 0)`.as('discount'),
      sql<number | string>`coalesce(sum(p.net), 0)`.as('takings'),
    ])
    .groupBy('d.code')
    .orderBy('d.code')
    .execute();
  return rows.map((r) => ({ code: r.code, orders: Number(r.orders), discount: Number(r.discount), takings: Number(r.takings) }));
}
