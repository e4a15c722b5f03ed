import type { Kysely } from 'kysely';
import { SEED_SITE_SETTINGS } from './016-site-settings.data';

// Frozen: never edit a migration that has shipped; add a new one.
// The gym's facts the owner edits in the back office (issue 14): one record (id 1) holding the
// settings as JSON (shared/schemas/site-settings.ts checks them on every save), its version for
// optimistic concurrency, and every saved version in site_settings_history (who, when, which
// top-level fields changed). Seeded from the sample values as they were when this was written
// (SPEC.md §9's prices and the 10 reviews), frozen in 016-site-settings.data.ts. Users are
// joined, not referenced: an account deleted later leaves its changes, unnamed. Independent of every other migration but 001.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  const history = db.schema.createTable('site_settings_history');
  await (
    dialect === 'postgres'
      ? history.addColumn('id', 'serial', (c) => c.primaryKey())
      : history.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'integer')
    .execute();
  await db.schema.createIndex('site_settings_history_version').on('site_settings_history').column('version').execute();

  const now = new Date().toISOString();
  const data = JSON.stringify(SEED_SITE_SETTINGS);
  await db.insertInto('site_settings').values({ id: 1, data, version: 1, updated_at: now, updated_by: null }).execute();
  await db
    .insertInto('site_settings_history')
    .values({ version: 1, data, changes: JSON.stringify(Object.keys(SEED_SITE_SETTINGS)), changed_at: now, changed_by: null })
    .execute();
}
