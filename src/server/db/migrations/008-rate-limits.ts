import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Fixed-window counters shared by every instance on one database: the login limiter's
// reserved attempts and, on PostgreSQL, the per-address limits of public writes.
// `reset_at` is epoch milliseconds (bigint on PostgreSQL). Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  // The periodic purge deletes expired windows.
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}
