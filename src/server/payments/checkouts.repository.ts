// The SQL of an order's card checkouts (every session it ever opened; at most one live).
import type { CheckoutStatus } from '../../shared/ledger';
import { isUniqueViolation, nowIso, type Db } from '../db/database';
import type { CheckoutSessionRow } from '../db/schema';

/** The order's live checkout ('creating' or 'open'), if any. */
export const findLiveCheckout = (db: Db, orderId: number): Promise<CheckoutSessionRow | undefined> =>
  db.selectFrom('checkout_sessions').selectAll().where('order_id', '=', orderId).where('status', 'in', ['creating', 'open']).executeTakeFirst();

export const findCheckoutBySession = (db: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> =>
  db.selectFrom('checkout_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

export const findCheckout = (db: Db, id: number): Promise<CheckoutSessionRow | undefined> =>
  db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();

/** Claims the order's one live checkout; undefined when another is live (the partial unique index refuses it). */
export async function insertCreatingCheckout(db: Db, orderId: number, amountSatang: number): Promise<CheckoutSessionRow | undefined> {
  const at = nowIso();
  try {
    return await db
      .insertInto('checkout_sessions')
      .values({
        order_id: orderId,
        session_id: null,
        status: 'creating',
        amount_satang: amountSatang,
        url: null,
        payment_intent: null,
        expires_at: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirst();
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** Moves a checkout on from the status it was read in; false when another request moved it first. */
export async function updateCheckout(
  db: Db,
  id: number,
  from: readonly CheckoutStatus[],
  set: Partial<Pick<CheckoutSessionRow, 'status' | 'session_id' | 'url' | 'payment_intent' | 'expires_at'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('checkout_sessions')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Checkouts the reconciliation asks the provider about: of orders made since `since`, not known complete. */
export const checkoutsToReconcile = (db: Db, since: string, limit: number): Promise<CheckoutSessionRow[]> =>
  db
    .selectFrom('checkout_sessions as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .selectAll('s')
    .where('o.created_at', '>=', since)
    .where('s.session_id', 'is not', null)
    .where('s.status', '!=', 'complete')
    .orderBy('s.id')
    .limit(limit)
    .execute();
