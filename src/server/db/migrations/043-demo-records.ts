import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// What the first start's demo seeded (issue 46 point 1, decision record "demo data"): one row per
// row, file or setting it made, so that one action removes exactly that and nothing staff made
// since. `ref` is the row's id, the file's name or the setting's path; `restore` what a changed
// value was before the demo (JSON), null for what the demo created.
// Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('demo_records');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('ref', 'text', (c: any) => c.notNull())
    .addColumn('restore', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('demo_records_kind_ref').on('demo_records').columns(['kind', 'ref']).unique().execute();
}
