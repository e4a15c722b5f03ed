// Orders of passes: their rows, the buyer's record beside them, and the back office's list.
// The ledger (payments and refunds) has its own file: order-ledger.repository.ts.
import { sql, type Insertable } from 'kysely';
import type { OrderMethod } from '../../shared/passes';
import { containsPattern } from '../../shared/schemas/lists';
import { nowIso, type Db } from '../db/database';
import type { CustomerRow, OrderRow, OrdersTable } from '../db/schema';

export type NewOrder = Omit<Insertable<OrdersTable>, 'id'>;

/** Writes an order; null when its reference is already taken (the caller draws another). */
export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow | null> {
  const row = await db
    .insertInto('orders')
    .values(values)
    .onConflict((oc) => oc.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export const findOrder = (db: Db, id: number): Promise<OrderRow | undefined> => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const findOrderByTokenHash = (db: Db, tokenHash: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const findCustomerRow = (db: Db, id: number): Promise<CustomerRow | undefined> =>
  db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();

export async function setOrderFields(
  db: Db,
  id: number,
  set: Partial<Pick<OrderRow, 'stripe_session_id' | 'slip_key' | 'cancelled_at' | 'expires_at'>>,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Sessions taken and not given back (the booking helper writes pass_uses). */
export async function creditsUsed(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('pass_uses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .where('returned_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An order row with its buyer and its ledger's sums, as the back office lists it. */
export interface ListedOrder extends OrderRow {
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  paid_satang: number;
  refunded_satang: number;
}

export interface OrderFilter {
  text?: string;
  method?: OrderMethod;
  /** Created at or after / before these instants. */
  from?: string;
  to?: string;
  /** Derived states, read in SQL from the same rules as orderState (shared/passes.ts). */
  state?: 'awaiting-payment' | 'deposit-paid' | 'paid' | 'refunded' | 'expired' | 'cancelled';
  now: string;
}

function listQuery(db: Db, f: OrderFilter) {
  const sums = db
    .selectFrom('order_payments')
    .select([
      'order_id',
      sql<number>`coalesce(sum(case when kind = 'payment' then amount_satang else 0 end), 0)`.as('paid'),
      sql<number>`coalesce(sum(case when kind = 'refund' then amount_satang else 0 end), 0)`.as('refunded'),
    ])
    .groupBy('order_id')
    .as('l');
  let q = db.selectFrom('orders as o').innerJoin('customers as c', 'c.id', 'o.customer_id').leftJoin(sums, 'l.order_id', 'o.id');
  if (f.method) q = q.where('o.method', '=', f.method);
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.to) q = q.where('o.created_at', '<', f.to);
  if (f.text) {
    const like = containsPattern(f.text);
    q = q.where((eb) => eb.or(['o.reference', 'c.name', 'c.email', 'c.phone'].map((col) => eb(sql`lower(${sql.ref(col)})`, 'like', sql`${like} escape '\\'`))));
  }
  if (f.state) {
    const paid = sql<number>`coalesce(l.paid, 0)`;
    const net = sql<number>`(coalesce(l.paid, 0) - coalesce(l.refunded, 0))`;
    const lapsed = sql<boolean>`(o.expires_at is not null and o.expires_at <= ${f.now})`;
    const refunded = sql<boolean>`(${paid} > 0 and ${net} <= 0)`;
    const cancelled = sql<boolean>`(o.cancelled_at is not null)`;
    const conditions = {
      refunded: refunded,
      cancelled: sql<boolean>`(not ${refunded} and ${cancelled})`,
      paid: sql<boolean>`(not ${refunded} and not ${cancelled} and ${net} >= o.amount_satang)`,
      'deposit-paid': sql<boolean>`(not ${cancelled} and ${net} > 0 and ${net} < o.amount_satang and o.deposit_satang > 0 and ${net} >= o.deposit_satang)`,
      expired: sql<boolean>`(not ${refunded} and not ${cancelled} and ${net} <= 0 and ${lapsed})`,
      'awaiting-payment': sql<boolean>`(not ${refunded} and not ${cancelled} and ${net} < o.amount_satang and not (${net} > 0 and o.deposit_satang > 0 and ${net} >= o.deposit_satang) and not (${net} <= 0 and ${lapsed}))`,
    };
    q = q.where(conditions[f.state]);
  }
  return q;
}

/** A page of orders, newest first, and how many match. */
export async function listOrders(db: Db, f: OrderFilter, limit: number, offset: number): Promise<{ rows: ListedOrder[]; total: number }> {
  const [rows, count] = await Promise.all([
    listQuery(db, f)
      .selectAll('o')
      .select([
        'c.name as customer_name',
        'c.email as customer_email',
        'c.phone as customer_phone',
        sql<number>`coalesce(l.paid, 0)`.as('paid_satang'),
        sql<number>`coalesce(l.refunded, 0)`.as('refunded_satang'),
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    listQuery(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, paid_satang: Number(r.paid_satang), refunded_satang: Number(r.refunded_satang) })),
    total: Number(count?.n ?? 0),
  };
}

/** Unpaid online orders whose hold ran out before `now` and that no expiry run has handled yet. */
export async function lapsedOrderIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.expires_at', 'is not', null)
    .where('o.expires_at', '<=', now)
    .where('o.cancelled_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_payments as p').select('p.id').whereRef('p.order_id', '=', 'o.id').where('p.kind', '=', 'payment'))))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('payment_events as e').select('e.event_id').where('e.provider', '=', 'order-expiry').whereRef('e.order_id', '=', 'o.id'))),
    )
    .orderBy('o.expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
