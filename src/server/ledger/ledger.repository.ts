// An order's ledger (payments, refunds, their reversals, chargebacks) and the external events
// applied to it. The only INSERT into order_payments is here (addLedgerLine, called by
// ledger.service.ts alone), and the only sums: ledgerSums is the one query an order's totals come
// from, for one order, a page of them or a customer's. An order's state is read from these totals
// (shared/ledger.ts orderState, and its SQL twin order-state.sql.ts), never from a flag beside them.
import { sql } from 'kysely';
import { NO_MONEY, type LedgerKind, type LedgerTotals, type PaymentMethod } from '../../shared/ledger';
import { nowIso, type Db } from '../db/database';
import type { OrderPaymentRow } from '../db/schema';

/** Dispute statuses that are over: the money stays where the last withdrawal or reinstatement left it. */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const;

/**
 * The ledger summed per order (integers), restricted to `orderIds` when given: gross payments,
 * refunds less reversed ones, chargebacks less reinstated ones, and the open disputes. Join it on
 * the order's id as `l` (ordersWithTotals does).
 */
/** Which orders a totals query reads: these ids, or the orders of these customers; all without one. */
export type OrderScope = readonly number[] | { customerIds: readonly number[] };

/** The order ids a scope names, as a list or a subquery. */
function scopeIds(db: Db, scope: OrderScope) {
  if (Array.isArray(scope))
    return db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', scope.length ? scope : [-1]);
  const ids = (scope as { customerIds: readonly number[] }).customerIds;
  return db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', 'in', ids.length ? ids : [-1]);
}

export function ledgerSums(db: Db, scope?: OrderScope) {
  const q = db
    .selectFrom('order_payments')
    .select([
      'order_id',
      sql<number | string>`sum(case when kind = 'payment' then amount_satang else 0 end)`.as('paid'),
      sql<number | string>`sum(case when kind = 'refund' then amount_satang when kind = 'refund-reversal' then -amount_satang else 0 end)`.as('refunded'),
      sql<number | string>`sum(case when kind = 'chargeback' then amount_satang when kind = 'chargeback-reversal' then -amount_satang else 0 end)`.as(
        'charged_back',
      ),
    ])
    .groupBy('order_id');
  return scope ? q.where('order_id', 'in', scopeIds(db, scope)) : q;
}

/** Open disputes per order (restricted like ledgerSums); join it as `dsp`. */
export function openDisputeCounts(db: Db, scope?: OrderScope) {
  const q = db
    .selectFrom('disputes')
    .select(['order_id', (eb) => eb.fn.countAll<number | string>().as('open_disputes')])
    .where('status', 'not in', CLOSED_DISPUTE_STATUSES)
    .groupBy('order_id');
  return scope ? q.where('order_id', 'in', scopeIds(db, scope)) : q;
}

/** Orders (as `o`) with their ledger sums (`l`) and open disputes (`dsp`) joined: select totalsColumns. */
export const ordersWithTotals = (db: Db, scope?: OrderScope) =>
  db
    .selectFrom('orders as o')
    .leftJoin(ledgerSums(db, scope).as('l'), 'l.order_id', 'o.id')
    .leftJoin(openDisputeCounts(db, scope).as('dsp'), 'dsp.order_id', 'o.id');

/** The totals' columns of ordersWithTotals, read back with totalsOf. */
export const totalsColumns = [
  sql<number | string>`coalesce(l.paid, 0)`.as('paid_satang'),
  sql<number | string>`coalesce(l.refunded, 0)`.as('refunded_satang'),
  sql<number | string>`coalesce(l.charged_back, 0)`.as('charged_back_satang'),
  sql<number | string>`coalesce(dsp.open_disputes, 0)`.as('open_disputes'),
] as const;

export interface TotalsRow {
  paid_satang: number | string | null;
  refunded_satang: number | string | null;
  charged_back_satang: number | string | null;
  open_disputes: number | string | null;
}

/** The totals of a row selected with totalsColumns (PostgreSQL sums come back as strings). */
export const totalsOf = (r: TotalsRow): LedgerTotals => ({
  paidSatang: Number(r.paid_satang ?? 0),
  refundedSatang: Number(r.refunded_satang ?? 0),
  chargedBackSatang: Number(r.charged_back_satang ?? 0),
  disputeOpen: Number(r.open_disputes ?? 0) > 0,
});

/** One order's totals. */
export async function ledgerTotals(db: Db, orderId: number): Promise<LedgerTotals> {
  const row = await ordersWithTotals(db, [orderId])
    .select([...totalsColumns])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  return row ? totalsOf(row) : NO_MONEY;
}

export const ledgerLines = (db: Db, orderId: number): Promise<OrderPaymentRow[]> =>
  db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const findLedgerLine = (db: Db, externalId: string): Promise<OrderPaymentRow | undefined> =>
  db.selectFrom('order_payments').selectAll().where('external_id', '=', externalId).executeTakeFirst();

export interface NewLedgerLine {
  orderId: number;
  kind: LedgerKind;
  method: PaymentMethod;
  amountSatang: number;
  /** The provider's id of this movement: a second line with it is not written. */
  externalId?: string | null;
  note?: string | null;
  userId?: number | null;
}

/** Writes a ledger line; null when a line with the same external id already exists. Only ledger.service.ts calls it. */
export async function addLedgerLine(db: Db, line: NewLedgerLine): Promise<OrderPaymentRow | null> {
  if (!Number.isSafeInteger(line.amountSatang) || line.amountSatang <= 0) throw new RangeError('a ledger line is a positive whole number of satang');
  const row = await db
    .insertInto('order_payments')
    .values({
      order_id: line.orderId,
      kind: line.kind,
      method: line.method,
      amount_satang: line.amountSatang,
      external_id: line.externalId ?? null,
      note: line.note ?? null,
      user_id: line.userId ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('external_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Locks an order's row until the transaction ends (PostgreSQL), so two payments or refunds of
 * one order are checked against its ledger one after the other. SQLite runs one write
 * transaction at a time, which gives the same. NO KEY UPDATE, not UPDATE: a row inserted with a
 * reference to the order (an event key) holds a key-share lock on it, which FOR UPDATE would wait
 * for, deadlocking two deliveries for one order.
 */
export async function lockOrder(trx: Db, orderId: number, dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  let q = trx.selectFrom('orders').select('id').where('id', '=', orderId);
  if (dialect === 'postgres') q = q.forNoKeyUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}

/** Claims an event's key in the caller's transaction; false when it was claimed before. */
export async function claimEvent(trx: Db, event: { provider: string; eventId: string; orderId: number | null }): Promise<boolean> {
  const claimed = await trx
    .insertInto('payment_events')
    .values({ provider: event.provider, event_id: event.eventId, order_id: event.orderId, received_at: nowIso() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Applies an external event (a webhook delivery, a job's run) exactly once: its key is stored in
 * the same transaction as its effect, so a retry, a replay, a parallel delivery or a second
 * instance finds the key and changes nothing. Answers whether this call applied it.
 */
export async function applyEventOnce(
  db: Db,
  event: { provider: string; eventId: string; orderId: number | null },
  effect: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimEvent(trx, event))) return false;
    await effect(trx);
    return true;
  });
}
