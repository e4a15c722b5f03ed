import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The audit log: one row per back-office write, sign-in, sign-out and failed sign-in (who, what,
// when, from where). No foreign key to users: an entry outlives the account it names, and keeps
// the e-mail address the account had at the time. Entries older than a year are purged.
// Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('audit_log');
  // Plain integer ids on both databases, as in 001.
  await (
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('summary', 'text')
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_user_id').on('audit_log').columns(['user_id', 'created_at']).execute();
}
