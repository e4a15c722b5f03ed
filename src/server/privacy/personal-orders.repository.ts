// A person's customer records, orders, ledger lines and pass uses (issue 21) for the privacy
// search, export and erasure. Money records stay on erasure: only their personal fields go.
import type { Db } from '../db/database';
import type { CustomerRow, OrderPaymentRow, OrderRow, PassUseRow } from '../db/schema';
import { ERASED_NAME, ERASED_TEXT } from './personal-data.repository';

/** Customers of this e-mail key, or (withPhones) every customer with a phone for the service to compare; merged-away records too. */
export const findCustomers = (db: Db, k: { emailKey?: string; withPhones: boolean }): Promise<CustomerRow[]> =>
  db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => {
      const or = [];
      if (k.emailKey) or.push(eb('email_key', '=', k.emailKey));
      if (k.withPhones) or.push(eb('phone', 'is not', null));
      return eb.or(or);
    })
    .orderBy('id')
    .execute();

export const findOrders = (db: Db, customerIds: number[]): Promise<OrderRow[]> =>
  customerIds.length === 0 ? Promise.resolve([]) : db.selectFrom('orders').selectAll().where('customer_id', 'in', customerIds).orderBy('id').execute();

export const findLedger = (db: Db, orderIds: number[]): Promise<OrderPaymentRow[]> =>
  orderIds.length === 0 ? Promise.resolve([]) : db.selectFrom('order_payments').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();

export const findPassUses = (db: Db, orderIds: number[]): Promise<PassUseRow[]> =>
  orderIds.length === 0 ? Promise.resolve([]) : db.selectFrom('pass_uses').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();

/**
 * Anonymises customers and their orders: names, addresses and numbers go, the order page's
 * token is replaced by the hash of a token nobody holds and the slip is unlinked; the ledger's
 * amounts, kinds, methods and dates stay (accounting), only its free-text notes are erased.
 */
export async function eraseOrderRows(db: Db, ids: { customers: number[]; orders: number[] }, newTokenHash: () => string, at: string): Promise<void> {
  if (ids.customers.length > 0) {
    await db
      .updateTable('customers')
      .set({ name: ERASED_NAME, email: null, email_key: null, phone: null, phone_key: null, updated_at: at })
      .where('id', 'in', ids.customers)
      .execute();
  }
  for (const id of ids.orders) {
    await db
      .updateTable('orders')
      .set({ token_hash: newTokenHash(), slip_key: null, buyer_name: null, buyer_phone: null, updated_at: at })
      .where('id', '=', id)
      .execute();
  }
  if (ids.orders.length > 0) {
    await db.updateTable('order_payments').set({ note: ERASED_TEXT }).where('order_id', 'in', ids.orders).where('note', 'is not', null).execute();
    // The later e-mails' keys to the page go with the first one.
    await db.deleteFrom('order_page_links').where('order_id', 'in', ids.orders).execute();
    // A flight and its day point at one traveller; the pickup's airport, time and price stay.
    await db.updateTable('order_pickups').set({ flight_number: null, updated_at: at }).where('order_id', 'in', ids.orders).execute();
  }
}
