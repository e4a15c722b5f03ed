import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Review requests (issue 48 point 5, decision 190): one row per person ever asked for a review,
// `customer_id` unique, written in the transaction that queues the e-mail, so the e-mail goes
// once whatever the runs, restarts and instances. `reason`: 'stay' or 'classes'; `trigger_date`:
// the gym date the request counts from (the stay's check-out, the Nth class). Needs customers (021).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('review_requests');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().unique().references('customers.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c: any) => c.notNull().check(sql`reason in ('stay', 'classes')`))
    .addColumn('language', 'text', (c: any) => c.notNull())
    .addColumn('trigger_date', 'text', (c: any) => c.notNull())
    .addColumn('asked_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('review_requests_asked').on('review_requests').columns(['asked_at', 'id']).execute();
}
