import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Receipts and attendance (issue 35, points 6 and 7; decisions 150 and 151). A paid order gets its
// receipt number once, at first issue (order_receipts: one row per order), from a counter per
// year (receipt_counters) bumped in the same transaction, so numbers run without gaps.
// The attendance list compares marks with a programme's weekly sessions (orders'
// programme_sessions_per_week, migration 032).
export async function up(db: Kysely<any>): Promise<void> {
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
}
