import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Orders with a stay after the sale (issue 36 §4, decision 158):
// - orders.cancellation_kept_satang: what a cancelled order keeps under its accepted terms (the
//   part not refunded); a cancelled order's price is this, not 0, so money kept by the terms is
//   neither "overpaid" nor owed back.
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('cancellation_kept_satang', 'integer', (c: any) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cancellation_kept_satang >= 0`),
    )
    .execute();
}
