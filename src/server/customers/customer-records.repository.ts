// The back office's reads of customers (search, one person's history) and the merge's writes.
// Finding or creating a customer by e-mail or phone is in customers.repository.ts.
import { fromBool, type Dialect, type Db } from '../db/database';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { CustomerRow, OrderPaymentRow, OrderRow } from '../db/schema';
import { ordersWithTotals as ledgerOrders, totalsColumns, type TotalsRow } from '../ledger/ledger.repository';

export interface CustomerFilter {
  /** Matched in the name, e-mail and phone as typed. */
  like?: TextSearch;
  /** Digits matched inside the phone key (a phone typed with other spaces or dashes). */
  digits?: string;
}

/** A page of live customers (merged records left out), most recently seen first. */
export async function searchCustomers(db: Db, filter: CustomerFilter, limit: number, offset: number): Promise<{ rows: CustomerRow[]; total: number }> {
  let q = db.selectFrom('customers').where('merged_into_id', 'is', null);
  const { like, digits } = filter;
  if (like) {
    q = q.where((eb) => {
      const text = anyColumnLike(['name', 'email', 'phone'], like);
      return digits ? eb.or([text, eb('phone_key', 'like', `%${digits}%`)]) : text;
    });
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An order with its ledger's totals (the ledger's one totals query) and the credits its bookings hold. */
export type OrderWithTotals = OrderRow & TotalsRow & { credits_used: number };

/** The orders of these customers, newest first, with their ledger's totals and credits used. */
export async function ordersWithTotals(db: Db, customerIds: number[]): Promise<OrderWithTotals[]> {
  if (customerIds.length === 0) return [];
  const rows = await ledgerOrders(db, { customerIds })
    .selectAll('o')
    .select((eb) => [
      ...totalsColumns,
      // A use not given back holds its credit (a late cancel or a no-show keeps it).
      eb
        .selectFrom('pass_uses as u')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('u.order_id', '=', 'o.id')
        .where('u.returned_at', 'is', null)
        .as('credits_used'),
    ])
    .where('o.customer_id', 'in', customerIds)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, credits_used: Number(r.credits_used ?? 0) }));
}

export interface CustomerBookingRow {
  id: number;
  course: string;
  date_time: string;
  session_date: string | null;
  status: 'unread' | 'read' | 'archived' | 'cancelled';
  attendance: 'present' | 'no_show' | null;
  late_cancel: number | boolean;
  waived_at: string | null;
  pass_order_id: number | null;
}

/** The customer's latest bookings by class date (up to `limit`) and how many there are in all. */
export async function customerBookings(db: Db, customerId: number, limit: number): Promise<{ rows: CustomerBookingRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('reservations as r')
      .leftJoin('pass_uses as u', (j) => j.onRef('u.reservation_id', '=', 'r.id').on('u.returned_at', 'is', null))
      .select(['r.id', 'r.course', 'r.date_time', 'r.session_date', 'r.status', 'r.attendance', 'r.late_cancel', 'r.waived_at', 'u.order_id as pass_order_id'])
      .where('r.customer_id', '=', customerId)
      .orderBy('r.date_time', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type CustomerPaymentRow = OrderPaymentRow & { order_reference: string };

/** Payments and refunds of the customer's orders, newest first. */
export const customerPayments = (db: Db, customerId: number): Promise<CustomerPaymentRow[]> =>
  db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .selectAll('p')
    .select('o.reference as order_reference')
    .where('o.customer_id', '=', customerId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();

export interface CustomerConversationRow {
  id: number;
  subject: string;
  status: 'new' | 'open' | 'closed';
  last_message_at: string;
  last_content: string | null;
  last_sender: 'customer' | 'admin' | null;
}

/** The customer's conversations, latest message first, with that message. */
export function customerConversations(db: Db, customerId: number): Promise<CustomerConversationRow[]> {
  return db
    .selectFrom('conversations as c')
    .select(['c.id', 'c.subject', 'c.status', 'c.last_message_at'])
    .select((eb) => {
      const latest = () =>
        eb.selectFrom('conversation_messages as m').whereRef('m.conversation_id', '=', 'c.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(1);
      return [latest().select('m.content').as('last_content'), latest().select('m.sender_type').as('last_sender')];
    })
    .where('c.customer_id', '=', customerId)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Merging (in the caller's transaction).

/** Both records, locked until the transaction ends on PostgreSQL (SQLite runs one write transaction at a time). */
export async function lockCustomers(trx: Db, ids: number[], dialect: Dialect): Promise<CustomerRow[]> {
  let q = trx.selectFrom('customers').selectAll().where('id', 'in', ids).orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  return q.execute();
}

/** Points everything of `fromId` at `toId`: bookings, orders, conversations, and records merged into it before. */
export async function moveCustomerRecords(trx: Db, fromId: number, toId: number): Promise<{ bookings: number; orders: number; conversations: number }> {
  const moved = async (table: 'reservations' | 'orders' | 'conversations') =>
    Number((await trx.updateTable(table).set({ customer_id: toId }).where('customer_id', '=', fromId).executeTakeFirst()).numUpdatedRows);
  const bookings = await moved('reservations');
  const orders = await moved('orders');
  const conversations = await moved('conversations');
  // A waiver signed under either address counts for the person (issue 47 point 4).
  await trx.updateTable('waiver_signatures').set({ customer_id: toId }).where('customer_id', '=', fromId).execute();
  await trx.updateTable('customers').set({ merged_into_id: toId }).where('merged_into_id', '=', fromId).execute();
  return { bookings, orders, conversations };
}

/** Marks `from` merged into `to` and frees its e-mail key; `to` takes what it lacked (the e-mail first, so the key is free). */
export async function markMerged(trx: Db, from: CustomerRow, to: CustomerRow, at: string): Promise<void> {
  await trx.updateTable('customers').set({ merged_into_id: to.id, email_key: null, updated_at: at }).where('id', '=', from.id).execute();
  const takeEmail = !to.email_key && from.email_key;
  const takePhone = !to.phone && from.phone;
  await trx
    .updateTable('customers')
    .set({
      ...(takeEmail ? { email: from.email, email_key: from.email_key, bouncing_at: from.bouncing_at } : {}),
      ...(takePhone ? { phone: from.phone, phone_key: from.phone_key, phone_set_at: at } : {}),
      updated_at: at,
    })
    .where('id', '=', to.id)
    .execute();
}

/** Issue 34 §5: the customer's late cancels and no-shows of classes since an instant, and how many of them were forgiven. */
export async function customerConduct(db: Db, customerId: number, sinceIso: string): Promise<{ lateCancels: number; noShows: number; waived: number }> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => {
      const late = eb('late_cancel', '=', fromBool(true));
      const noShow = eb.and([eb('attendance', '=', 'no_show'), eb('cancelled_at', 'is', null)]);
      const count = (when: ReturnType<typeof eb.and>) => eb.fn.sum<number | string>(eb.case().when(when).then(1).else(0).end());
      return [
        count(eb.and([late])).as('late'),
        count(eb.and([noShow])).as('no_show'),
        count(eb.and([eb('waived_at', 'is not', null), eb.or([late, noShow])])).as('waived'),
      ];
    })
    .where('customer_id', '=', customerId)
    .where('date_time', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return { lateCancels: Number(row.late ?? 0), noShows: Number(row.no_show ?? 0), waived: Number(row.waived ?? 0) };
}
