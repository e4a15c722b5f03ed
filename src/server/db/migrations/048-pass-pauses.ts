import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A pass paused by its traveller from My page (issue 47 point 2, decision 187): one row per
// pause, its first gym day and its length; the order's end_date has moved by `days` in the same
// transaction. The sum of a pass's rows is held to the owner's members.pauseDays.
// Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('pass_pauses');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('order_id', 'integer', (c: any) => c.notNull())
    /** Gym date of the pause's first day. */
    .addColumn('starts_on', 'text', (c: any) => c.notNull())
    .addColumn('days', 'integer', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('pass_pauses_order').on('pass_pauses').columns(['order_id']).execute();
}
