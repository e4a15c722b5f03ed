// What visitors typed on a customer's bookings, orders and contact messages (each row keeps it),
// read back to offer staff the values that differ from the record, and the record taking one of
// them (decision 173).
import { sql } from 'kysely';
import type { Language } from '../../shared/i18n/languages';
import type { CustomerDetail, DetailSource } from '../../shared/schemas/customers';
import type { Db } from '../db/database';
import type { CustomerRow } from '../db/schema';
import { phoneKey } from './customer-keys';

/** One row's typed details: a booking, an order, or a contact message (named by its conversation). */
export interface TypedRow {
  kind: DetailSource;
  id: number;
  name: string | null;
  phone: string | null;
  language: Language;
  created_at: string;
}

/** Rows read at most: a person's few differing forms fit, a flood of them is cut to its newest. */
const ROWS_READ = 200;

/**
 * Every row of the customer a visitor typed: web bookings (the desk's walk-ins are staff's), orders
 * not made by staff, contact messages. One shape, so the filters below name one set of columns.
 */
function typedRows(db: Db, customerId: number) {
  const bookings = db
    .selectFrom('reservations')
    .select([sql.lit<DetailSource>('booking').as('kind'), 'id', 'name', 'phone', 'language', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('source', '=', 'web');
  const orders = db
    .selectFrom('orders')
    .select([sql.lit<DetailSource>('order').as('kind'), 'id', 'buyer_name as name', 'buyer_phone as phone', 'language', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('created_by', 'is', null);
  const messages = db
    .selectFrom('conversations as v')
    .innerJoin('contact_submissions as s', 's.id', 'v.contact_submission_id')
    .select([sql.lit<DetailSource>('message').as('kind'), 'v.id', 's.name', 's.phone', 's.language', 's.created_at'])
    .where('v.customer_id', '=', customerId);
  // Orders first: their columns may be null (orders before migration 042), which types the union.
  return db.selectFrom(orders.unionAll(bookings).unionAll(messages).as('t'));
}

/**
 * The customer's rows typed after each detail was last set whose value is not the stored one,
 * newest first. Values equal but for case, spacing or a phone's format are the caller's to drop.
 */
export function typedSince(db: Db, c: CustomerRow): Promise<TypedRow[]> {
  const since = (at: string | null) => at ?? c.created_at;
  return typedRows(db, c.id)
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('t.created_at', '>', since(c.name_set_at)), eb('t.name', '<>', c.name)]),
        eb.and([eb('t.created_at', '>', since(c.phone_set_at)), eb('t.phone', 'is not', null), ...(c.phone === null ? [] : [eb('t.phone', '<>', c.phone)])]),
        eb.and([eb('t.created_at', '>', since(c.language_set_at)), eb('t.language', '<>', c.language)]),
      ]),
    )
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(ROWS_READ)
    .execute();
}

/** One typed row of this customer, or undefined when it is not theirs. */
export const typedRow = (db: Db, customerId: number, from: { kind: DetailSource; id: number }): Promise<TypedRow | undefined> =>
  typedRows(db, customerId).selectAll().where('t.kind', '=', from.kind).where('t.id', '=', from.id).executeTakeFirst();

/** The customer takes a value: the detail counts as set now (what was typed before is no longer offered). */
export async function setDetail(trx: Db, customerId: number, field: CustomerDetail, value: string, at: string): Promise<void> {
  const set =
    field === 'name'
      ? { name: value, name_set_at: at }
      : field === 'phone'
        ? { phone: value, phone_key: phoneKey(value), phone_set_at: at }
        : { language: value as Language, language_set_at: at };
  await trx
    .updateTable('customers')
    .set({ ...set, updated_at: at })
    .where('id', '=', customerId)
    .execute();
}
