import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 47 point 3 (decision 184): no link the site mailed answers 404 while its record exists.
// retired_links keeps the hash of a link token that is no longer its record's current one: a
// booking's first link after the gym's cancel mailed a new one, a waiting-list link renewed or an
// offer's replaced (record_id names the record, read only), and every link of a person erased
// (record_id null: the page says the data was removed). Only hashes, a kind and a date: nothing
// personal. reservations.gym_cause says which change of the gym cancelled a booking.
// Independent of every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retired_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retired_links_record').on('retired_links').columns(['kind', 'record_id']).execute();
  await db.schema.alterTable('reservations').addColumn('gym_cause', 'text').execute();
}
