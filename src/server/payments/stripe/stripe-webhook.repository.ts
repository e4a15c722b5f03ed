// The SQL of Stripe's webhook: the order a delivery is about. Ledger writes go through
// orders/order-ledger.repository.ts.
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';

export type PayableOrder = Pick<OrderRow, 'id' | 'reference' | 'amount_satang' | 'deposit_satang' | 'stripe_session_id' | 'expires_at' | 'cancelled_at'>;

export const findPayableOrder = (db: Db, orderId: number): Promise<PayableOrder | undefined> =>
  db
    .selectFrom('orders')
    .select(['id', 'reference', 'amount_satang', 'deposit_satang', 'stripe_session_id', 'expires_at', 'cancelled_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();

/** The order a card payment was recorded on (its ledger line carries the payment intent's id). */
export async function orderOfPayment(db: Db, paymentExternalId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('order_payments')
    .select('order_id')
    .where('external_id', '=', paymentExternalId)
    .where('kind', '=', 'payment')
    .executeTakeFirst();
  return row?.order_id;
}
