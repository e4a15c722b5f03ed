import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Customers (issue 21) for what was stored before them: every booking and conversation without a
// customer gets one, found as the application finds people (customers/customer-keys.ts, copied as
// it was): the lower-cased, trimmed e-mail, or, without an e-mail, '+' and the phone's digits (six
// or more). A record already made for the same key is reused. The person's name, phone and
// language are those of their latest row. Rows with neither key stay without a customer. Only rows
// still unlinked are read, so a second run (after a crash on SQLite, where the migrator runs
// outside a transaction) finishes the work. Independent of every other migration but 001, 018, 021.

const BATCH = 500;

interface Person {
  id: number | null;
  emailKey: string | null;
  phoneKey: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  language: string;
  first: string;
  last: string;
  reservations: number[];
  conversations: number[];
}

interface Source {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  language: string | null;
  created_at: string;
}

const emailKey = (email: string | null): string | null => {
  const v = (email ?? '').trim().toLowerCase();
  return v === '' ? null : v;
};

const phoneKey = (phone: string | null): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `+${digits}` : null;
};

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL's migrator already runs this in a transaction; SQLite's does not.
  if (db.isTransaction) await backfill(db);
  else await db.transaction().execute(backfill);
}

async function backfill(db: Kysely<any>): Promise<void> {
  const people = new Map<string, Person>();

  const personFor = (row: Source): Person | null => {
    const eKey = emailKey(row.email);
    const pKey = eKey ? null : phoneKey(row.phone);
    const key = eKey ? `e:${eKey}` : pKey ? `p:${pKey}` : null;
    if (!key) return null;
    let p = people.get(key);
    if (!p) {
      p = {
        id: null,
        emailKey: eKey,
        phoneKey: pKey,
        name: row.name,
        email: eKey ? row.email!.trim() : null,
        phone: row.phone,
        language: row.language ?? 'en',
        first: row.created_at,
        last: row.created_at,
        reservations: [],
        conversations: [],
      };
      people.set(key, p);
    }
    if (row.created_at < p.first) p.first = row.created_at;
    if (row.created_at >= p.last) {
      p.last = row.created_at;
      p.name = row.name;
      p.language = row.language ?? p.language;
      if (row.phone) p.phone = row.phone;
    } else if (!p.phone && row.phone) {
      p.phone = row.phone;
    }
    return p;
  };

  for (let after = 0; ;) {
    const rows: Source[] = await db
      .selectFrom('reservations')
      .select(['id', 'name', 'email', 'phone', 'language', 'created_at'])
      .where('customer_id', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const r of rows) personFor(r)?.reservations.push(r.id);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  for (let after = 0; ;) {
    const rows: { id: number; user_name: string; user_email: string; language: string | null; created_at: string }[] = await db
      .selectFrom('conversations')
      .select(['id', 'user_name', 'user_email', 'language', 'created_at'])
      .where('customer_id', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const c of rows) {
      personFor({ id: c.id, name: c.user_name, email: c.user_email, phone: null, language: c.language, created_at: c.created_at })?.conversations.push(c.id);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }

  for (const p of people.values()) {
    // A live record with the same key (made by the application before this ran) is the person.
    let known = db.selectFrom('customers').select('id').where('merged_into_id', 'is', null);
    known = p.emailKey ? known.where('email_key', '=', p.emailKey) : known.where('phone_key', '=', p.phoneKey).where('email_key', 'is', null);
    const found: { id: number } | undefined = await known.orderBy('id').executeTakeFirst();
    if (found) {
      p.id = found.id;
    } else {
      const inserted: { id: number } = await db
        .insertInto('customers')
        .values({
          name: p.name,
          email: p.email,
          email_key: p.emailKey,
          phone: p.phone,
          phone_key: p.emailKey ? phoneKey(p.phone) : p.phoneKey,
          language: p.language,
          merged_into_id: null,
          bouncing_at: null,
          created_at: p.first,
          updated_at: p.last,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      p.id = inserted.id;
    }
    for (let i = 0; i < p.reservations.length; i += BATCH) {
      await db
        .updateTable('reservations')
        .set({ customer_id: p.id })
        .where('id', 'in', p.reservations.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < p.conversations.length; i += BATCH) {
      await db
        .updateTable('conversations')
        .set({ customer_id: p.id })
        .where('id', 'in', p.conversations.slice(i, i + BATCH))
        .execute();
    }
  }
}
