// Customers: one record per person, found by e-mail key, else phone key (see customer-keys.ts).
import type { Language } from '../../shared/i18n/languages';
import { sql } from 'kysely';
import { nowIso, type Db } from '../db/database';
import { fixedQuery } from '../db/fixed-query';
import type { CustomerRow } from '../db/schema';
import { emailKey, phoneKey } from './customer-keys';

export interface CustomerFacts {
  name: string;
  email: string | null;
  phone: string | null;
  language: Language;
}

/** The live record a merged one points at (merges may chain). */
export async function resolveCustomer(db: Db, id: number): Promise<CustomerRow | undefined> {
  let row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  for (let hops = 0; row?.merged_into_id != null && hops < 20; hops++) {
    row = await db.selectFrom('customers').selectAll().where('id', '=', row.merged_into_id).executeTakeFirst();
  }
  return row;
}

// Every booking with an e-mail runs these two: written once (fixed-query.ts).
const liveByEmailKey = fixedQuery<CustomerRow>('select * from customers where email_key = ? and merged_into_id is null');
const touchKnown = fixedQuery<never>('update customers set updated_at = ? where id = ?');

/** The live record of this e-mail (or, without one, this phone). */
export async function findCustomer(db: Db, facts: Pick<CustomerFacts, 'email' | 'phone'>): Promise<CustomerRow | undefined> {
  const byEmail = emailKey(facts.email);
  if (byEmail) {
    const [live] = (await liveByEmailKey(db, [byEmail])).rows;
    if (live) return live;
    // A record merged into another gave up its key (the key is unique) but its address still
    // names the person: the next booking from it belongs to the record it was merged into.
    const merged = await db
      .selectFrom('customers')
      .select('id')
      .where('merged_into_id', 'is not', null)
      .where(sql<string>`lower(trim(email))`, '=', byEmail)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return merged ? resolveCustomer(db, merged.id) : undefined;
  }
  const byPhone = phoneKey(facts.phone);
  if (!byPhone) return undefined;
  return db
    .selectFrom('customers')
    .selectAll()
    .where('phone_key', '=', byPhone)
    .where('email_key', 'is', null)
    .where('merged_into_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The customer a visitor's form names (a booking, an order, a private lesson, a waiting-list
 * place once booked, a contact message, an e-mail): the one function every public path calls.
 * A new person is created with what was typed. A known one is never rewritten by what anyone
 * can type (decision 173): only a name or phone it lacks is filled; a typed value that differs
 * stays on the row the form made, and the customer's page offers it to staff. Null when there is
 * neither an e-mail nor a phone to know them by.
 */
export async function findOrCreateForVisitor(db: Db, facts: CustomerFacts): Promise<CustomerRow | null> {
  if (!emailKey(facts.email) && !phoneKey(facts.phone)) return null;
  const known = await findCustomer(db, facts);
  if (!known) return createCustomer(db, facts);
  const now = nowIso();
  const typedName = facts.name.trim();
  const fill = {
    ...(known.name.trim() === '' && typedName !== '' ? { name: typedName, name_set_at: now } : {}),
    ...(!known.phone?.trim() && facts.phone?.trim() ? { phone: facts.phone, phone_key: phoneKey(facts.phone), phone_set_at: now } : {}),
  };
  // Seen now: the back office lists the most recently seen first.
  if (Object.keys(fill).length === 0) await touchKnown(db, [now, known.id]);
  else
    await db
      .updateTable('customers')
      .set({ ...fill, updated_at: now })
      .where('id', '=', known.id)
      .execute();
  return { ...known, ...fill, updated_at: now };
}

/**
 * The customer with these facts as signed-in staff typed them (the desk, the back office): a
 * known one takes the name, language and (when given) phone. Never for a visitor's form: that is
 * findOrCreateForVisitor. Null when there is neither an e-mail nor a phone to know them by.
 */
export async function findOrCreateCustomer(db: Db, facts: CustomerFacts): Promise<CustomerRow | null> {
  if (!emailKey(facts.email) && !phoneKey(facts.phone)) return null;
  const known = await findCustomer(db, facts);
  if (!known) return createCustomer(db, facts);
  const now = nowIso();
  const set = {
    name: facts.name,
    name_set_at: now,
    language: facts.language,
    language_set_at: now,
    ...(facts.phone != null ? { phone: facts.phone, phone_key: phoneKey(facts.phone), phone_set_at: now } : {}),
    updated_at: now,
  };
  await db.updateTable('customers').set(set).where('id', '=', known.id).execute();
  return { ...known, ...set };
}

/**
 * A new customer. Safe under concurrency: a parallel creation of the same e-mail loses to the
 * unique key and reads the winner.
 */
async function createCustomer(db: Db, facts: CustomerFacts): Promise<CustomerRow | null> {
  const eKey = emailKey(facts.email);
  const now = nowIso();
  const values = {
    name: facts.name,
    email: eKey ? facts.email : null,
    email_key: eKey,
    phone: facts.phone,
    phone_key: phoneKey(facts.phone),
    language: facts.language,
    merged_into_id: null,
    bouncing_at: null,
    created_at: now,
    updated_at: now,
    name_set_at: now,
    phone_set_at: now,
    language_set_at: now,
  };
  // onConflict: the unique e-mail key settles a race between two first bookings of one person.
  const inserted = await db
    .insertInto('customers')
    .values(values)
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await findCustomer(db, facts)) ?? null;
}
