import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A stranger cannot rewrite a customer (issue 45 point 2, decision 173). An order keeps the name
// and phone its buyer typed (bookings and contact messages already do); a customer remembers
// when each of its name, phone and language was last set, so what was typed after that and
// differs is offered to staff instead of overwriting it. Customers already there count as set
// now: what was typed before this rule is not offered.
// Independent of every other migration but 021.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('buyer_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_phone', 'text').execute();
  for (const column of ['name_set_at', 'phone_set_at', 'language_set_at']) {
    await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  }
  const now = new Date().toISOString();
  await db.updateTable('customers').set({ name_set_at: now, phone_set_at: now, language_set_at: now }).execute();
}
