import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Receipts and attendance (issue 35, points 6 and 7; decisions 150 and 151). A paid order gets its
// receipt number once, at first issue (order_receipts: one row per order), from a counter per
// year (receipt_counters) bumped in the same transaction, so numbers run without gaps.
// The attendance list compares marks with a programme's weekly sessions, a column migration 032
// (programmes) adds on orders; it is added here only when that migration has not run (a branch
// without it), so either order of landing leaves one column.
// Independent of every other migration but 021.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c: any) => c.primaryKey())
    .addColumn('last_number', 'integer', (c: any) => c.notNull().check(sql`last_number >= 1`))
    .execute();
  await db.schema
    .createTable('order_receipts')
    .addColumn('order_id', 'integer', (c: any) => c.primaryKey().references('orders.id'))
    .addColumn('number', 'text', (c: any) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c: any) => c.notNull())
    .execute();

  const present =
    dialect === 'postgres'
      ? await sql`select 1 as found from information_schema.columns where table_schema = current_schema() and table_name = 'orders' and column_name = 'programme_sessions_per_week'`.execute(
          db,
        )
      : await sql`select 1 as found from pragma_table_info('orders') where name = 'programme_sessions_per_week'`.execute(db);
  if (present.rows.length === 0) {
    await db.schema
      .alterTable('orders')
      .addColumn('programme_sessions_per_week', 'integer', (c: any) => c.check(sql`programme_sessions_per_week is null or programme_sessions_per_week >= 1`))
      .execute();
  }
}
