// The SQL of spending passes: the order a booking names, the credits its pass_uses hold, and
// what the desk shows of them. The rules are in credits.ts.
import type { Insertable } from 'kysely';
import type { LedgerTotals } from '../../shared/ledger';
import { nowIso, type Db } from '../db/database';
import { ordersWithTotals, totalsColumns, totalsOf } from '../ledger/ledger.repository';
import type { OrderRow, PassUseRow, PassUsesTable } from '../db/schema';

/**
 * The order, by its page's token hash or its id. On PostgreSQL its row stays locked until the
 * transaction ends (as lockOrder does), so two bookings of one pass count its credits one after
 * the other; SQLite runs one write transaction at a time.
 */
export async function findOrderForUse(trx: Db, by: { tokenHash: string } | { orderId: number }, dialect: 'sqlite' | 'postgres'): Promise<OrderRow | undefined> {
  let q = trx.selectFrom('orders').selectAll();
  q = 'tokenHash' in by ? q.where('token_hash', '=', by.tokenHash) : q.where('id', '=', by.orderId);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface OrderUseFacts extends LedgerTotals {
  /** Uses not given back. */
  held: number;
  /** Uses not given back that hold this day or this session time. */
  clash: number;
}

/** The order's ledger totals (the ledger's one totals query) and its held credits in one statement (after the lock). */
export async function orderUseFacts(trx: Db, orderId: number, keys: { dayKey: string | null; slotKey: string | null }): Promise<OrderUseFacts> {
  const row = await ordersWithTotals(trx, [orderId])
    .select((eb) => [
      ...totalsColumns,
      eb
        .selectFrom('pass_uses')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .where('order_id', '=', orderId)
        .where('returned_at', 'is', null)
        .as('held'),
      eb
        .selectFrom('pass_uses')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .where('order_id', '=', orderId)
        .where('returned_at', 'is', null)
        .where((e) => (keys.dayKey != null ? e('day_key', '=', keys.dayKey) : keys.slotKey != null ? e('slot_key', '=', keys.slotKey) : e.lit(false)))
        .as('clash'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { ...totalsOf(row), held: Number(row.held ?? 0), clash: Number(row.clash ?? 0) };
}

/** An order a SQLite batch read by its token, and whether its customer record was merged away. */
export type BatchOrderRow = OrderRow & { customer_merged: boolean };

/** The orders these token hashes name (a SQLite batch: one statement for all its pass bookings). */
export async function findOrdersByTokenHashes(trx: Db, tokenHashes: string[]): Promise<BatchOrderRow[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await trx
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select('c.merged_into_id as customer_merged_into_id')
    .where('o.token_hash', 'in', tokenHashes)
    .execute();
  return rows.map(({ customer_merged_into_id, ...o }) => ({ ...o, customer_merged: customer_merged_into_id != null }));
}

/** Ledger sums and held uses of several orders, and which of the given keys they hold (a SQLite batch). */
export interface OrdersUseFacts {
  totals: Map<number, Omit<OrderUseFacts, 'clash'>>;
  /** Held uses with one of the asked keys: `${orderId} d ${dayKey}` or `${orderId} s ${slotKey}`. */
  heldKeys: Set<string>;
}

export const heldKeyOf = (orderId: number, keys: { dayKey: string | null; slotKey: string | null }): string | null =>
  keys.dayKey != null ? `${orderId} d ${keys.dayKey}` : keys.slotKey != null ? `${orderId} s ${keys.slotKey}` : null;

/**
 * The same facts as orderUseFacts for many orders in two statements: the sums and counts per
 * order, and the held uses of those orders on the asked days and session times.
 */
export async function ordersUseFacts(trx: Db, orderIds: number[], dayKeys: string[], slotKeys: string[]): Promise<OrdersUseFacts> {
  const totals: OrdersUseFacts['totals'] = new Map();
  const heldKeys = new Set<string>();
  if (orderIds.length === 0) return { totals, heldKeys };
  const rows = await ordersWithTotals(trx, orderIds)
    .select((eb) => [
      'o.id',
      ...totalsColumns,
      eb
        .selectFrom('pass_uses as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.order_id', '=', 'o.id')
        .where('u.returned_at', 'is', null)
        .as('held'),
    ])
    .where('o.id', 'in', orderIds)
    .execute();
  for (const r of rows) totals.set(r.id, { ...totalsOf(r), held: Number(r.held ?? 0) });
  if (dayKeys.length > 0 || slotKeys.length > 0) {
    const uses = await trx
      .selectFrom('pass_uses')
      .select(['order_id', 'day_key', 'slot_key'])
      .where('order_id', 'in', orderIds)
      .where('returned_at', 'is', null)
      .where((e) => e.or([...(dayKeys.length > 0 ? [e('day_key', 'in', dayKeys)] : []), ...(slotKeys.length > 0 ? [e('slot_key', 'in', slotKeys)] : [])]))
      .execute();
    for (const u of uses) {
      if (u.day_key != null) heldKeys.add(`${u.order_id} d ${u.day_key}`);
      if (u.slot_key != null) heldKeys.add(`${u.order_id} s ${u.slot_key}`);
    }
  }
  return { totals, heldKeys };
}

/** Uses held (not given back) by an order on the gym dates of a week, but `except` (a moved booking's own). */
export async function weekUses(trx: Db, orderId: number, week: { from: string; to: string }, except?: number): Promise<number> {
  let q = trx
    .selectFrom('pass_uses')
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .where('returned_at', 'is', null)
    .where('session_date', '>=', week.from)
    .where('session_date', '<=', week.to);
  if (except != null) q = q.where('id', '<>', except);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export type NewPassUse = Omit<Insertable<PassUsesTable>, 'created_at' | 'returned_at'>;

/** Records uses (one statement for a whole SQLite batch). */
export async function insertPassUses(trx: Db, uses: NewPassUse[]): Promise<void> {
  if (uses.length === 0) return;
  const at = nowIso();
  await trx
    .insertInto('pass_uses')
    .values(uses.map((u) => ({ ...u, created_at: at, returned_at: null })))
    .execute();
}

/** The use a booking holds or held. */
export const useOfReservation = (db: Db, reservationId: number): Promise<PassUseRow | undefined> =>
  db.selectFrom('pass_uses').selectAll().where('reservation_id', '=', reservationId).executeTakeFirst();

/** Gives a credit back (compare-and-set: once); its day and time keys are freed. */
export const returnUse = (trx: Db, id: number, at: string): Promise<PassUseRow | undefined> =>
  trx
    .updateTable('pass_uses')
    .set({ returned_at: at, day_key: null, slot_key: null })
    .where('id', '=', id)
    .where('returned_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** A booking deleted for good takes its use with it (the credit is back: it never happened). */
export const deleteUsesOf = (trx: Db, reservationIds: number[]): Promise<unknown> =>
  reservationIds.length === 0 ? Promise.resolve() : trx.deleteFrom('pass_uses').where('reservation_id', 'in', reservationIds).execute();

/** A moved booking's use follows it to the new session. */
export const moveUse = (trx: Db, id: number, to: { session_date: string; day_key: string | null; slot_key: string | null }): Promise<unknown> =>
  trx.updateTable('pass_uses').set(to).where('id', '=', id).execute();

export interface UseWithPass {
  reservationId: number;
  orderId: number;
  passName: string;
  credits: number | null;
  returned: boolean;
}

/** The pass each of these bookings used (if any), with the pass's name and credits. */
export async function usesOfReservations(db: Db, reservationIds: number[]): Promise<UseWithPass[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .selectFrom('pass_uses as u')
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .select(['u.reservation_id', 'u.order_id', 'u.returned_at', 'o.pass_name', 'o.credits'])
    .where('u.reservation_id', 'in', reservationIds)
    .execute();
  return rows.map((r) => ({
    reservationId: r.reservation_id,
    orderId: r.order_id,
    passName: r.pass_name,
    credits: r.credits,
    returned: r.returned_at != null,
  }));
}

/** Uses not given back, per order. */
export async function heldUsesOf(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('pass_uses')
    .select(['order_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('order_id', 'in', orderIds)
    .where('returned_at', 'is', null)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}
