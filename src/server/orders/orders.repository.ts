// Orders of passes: their rows, the buyer's record beside them, and the back office's list.
// The ledger and its totals are in ledger/ledger.repository.ts.
import { sql, type Insertable } from 'kysely';
import type { OrderMethod, OrderState } from '../../shared/ledger';
import { containsPattern } from '../../shared/schemas/lists';
import { nowIso, type Db } from '../db/database';
import type { CustomerRow, DisputeRow, OrderRow, OrdersTable, RefundRequestRow } from '../db/schema';
import { ordersWithTotals, totalsColumns, type TotalsRow } from '../ledger/ledger.repository';
import { orderStateSql } from '../ledger/order-state.sql';

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

/** The order of a page's key: its first one, or one a later e-mail gave (order_page_links: the arrival e-mail, the balance reminder). */
export const findOrderByTokenHash = (db: Db, tokenHash: string): Promise<OrderRow | undefined> =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([eb('token_hash', '=', tokenHash), eb('id', 'in', eb.selectFrom('order_page_links').select('order_id').where('token_hash', '=', tokenHash))]),
    )
    .executeTakeFirst();

export const findCustomerRow = (db: Db, id: number): Promise<CustomerRow | undefined> =>
  db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();

export async function setOrderFields(db: Db, id: number, set: Partial<Pick<OrderRow, 'slip_key' | 'cancelled_at' | 'expires_at'>>): Promise<void> {
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

/** An order row with its buyer and its ledger's totals, as the back office lists it. */
export interface ListedOrder extends OrderRow, TotalsRow {
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
}

export interface OrderFilter {
  text?: string;
  method?: OrderMethod;
  /** Created at or after / before these instants. */
  from?: string;
  to?: string;
  /** A derived state (ledger/order-state.sql.ts, the SQL twin of orderState). */
  state?: OrderState;
  /** Orders a person must look at: overpaid, disputed, or with a refund that failed since the last one that went through. */
  attention?: boolean;
  now: string;
}

function listQuery(db: Db, f: OrderFilter) {
  let q = ordersWithTotals(db).innerJoin('customers as c', 'c.id', 'o.customer_id');
  if (f.method) q = q.where('o.method', '=', f.method);
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.to) q = q.where('o.created_at', '<', f.to);
  if (f.text) {
    const like = containsPattern(f.text);
    q = q.where((eb) => eb.or(['o.reference', 'c.name', 'c.email', 'c.phone'].map((col) => eb(sql`lower(${sql.ref(col)})`, 'like', sql`${like} escape '\\'`))));
  }
  if (f.state) q = q.where(orderStateSql(f.now), '=', f.state);
  if (f.attention) {
    q = q.where((eb) =>
      eb.or([eb(orderStateSql(f.now), 'in', ['overpaid', 'disputed']), eb.exists(refundFailures(db).where(sql<boolean>`r.order_id = o.id`))]),
    );
  }
  return q;
}

/** Failed refund requests no later refund went through after (the order still needs a person). */
const refundFailures = (db: Db) =>
  db
    .selectFrom('refund_requests as r')
    .select('r.id')
    .where('r.status', '=', 'failed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refund_requests as later')
            .select('later.id')
            .whereRef('later.order_id', '=', 'r.order_id')
            .where('later.status', '=', 'succeeded')
            .whereRef('later.id', '>', 'r.id'),
        ),
      ),
    );

/** The order's latest failed refund that no later refund followed, if any. */
export const unresolvedRefundFailure = (db: Db, orderId: number): Promise<RefundRequestRow | undefined> =>
  db
    .selectFrom('refund_requests')
    .selectAll()
    .where('id', 'in', refundFailures(db).where('r.order_id', '=', orderId))
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** The order's most recent dispute, if any. */
export const latestDispute = (db: Db, orderId: number): Promise<DisputeRow | undefined> =>
  db.selectFrom('disputes').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst();

/** A page of orders, newest first, and how many match. */
export async function listOrders(db: Db, f: OrderFilter, limit: number, offset: number): Promise<{ rows: ListedOrder[]; total: number }> {
  const [rows, count] = await Promise.all([
    listQuery(db, f)
      .selectAll('o')
      .select(['c.name as customer_name', 'c.email as customer_email', 'c.phone as customer_phone', ...totalsColumns])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    listQuery(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
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
