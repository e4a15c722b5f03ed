// An order's ledger (payments and refunds) and the external events applied to it. An order's
// state is read from here (shared/passes.ts orderState), never from a flag set beside it.
import type { LedgerKind, PaymentMethod } from '../../shared/passes';
import { nowIso, type Db } from '../db/database';
import type { OrderPaymentRow } from '../db/schema';

export interface LedgerTotals {
  paidSatang: number;
  refundedSatang: number;
}

/** Payments and refunds of one order, summed in the database (integers). */
export async function ledgerTotals(db: Db, orderId: number): Promise<LedgerTotals> {
  const rows = await db
    .selectFrom('order_payments')
    .select(['kind', (eb) => eb.fn.sum<number | string>('amount_satang').as('total')])
    .where('order_id', '=', orderId)
    .groupBy('kind')
    .execute();
  const of = (kind: LedgerKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { paidSatang: of('payment'), refundedSatang: of('refund') };
}

export const ledgerLines = (db: Db, orderId: number): Promise<OrderPaymentRow[]> =>
  db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

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

/** Writes a ledger line; false when a line with the same external id already exists. */
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

/**
 * Applies an external event (a webhook delivery) exactly once: its key is stored in the same
 * transaction as its effect, so a retry, a replay, a parallel delivery or a second instance
 * finds the key and changes nothing. Answers whether this call applied it.
 */
export async function applyEventOnce(
  db: Db,
  event: { provider: string; eventId: string; orderId: number | null },
  effect: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('payment_events')
      .values({ provider: event.provider, event_id: event.eventId, order_id: event.orderId, received_at: nowIso() })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await effect(trx);
    return true;
  });
}
