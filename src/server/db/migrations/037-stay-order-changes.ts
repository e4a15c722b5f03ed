import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Orders with a stay after the sale (issue 36 §4–5, decisions 158 and 159):
// - orders.cancellation_kept_satang: what a cancelled order keeps under its accepted terms (the
//   part not refunded); a cancelled order's price is this, not 0, so money kept by the terms is
//   neither "overpaid" nor owed back.
// - order_stays.page_token_hash: a second key to the order page, drawn by the balance reminder
//   (the order's own token is stored only as a hash, so a later e-mail cannot repeat its link).
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
  await db.schema.alterTable('order_stays').addColumn('page_token_hash', 'text').execute();
  await db.schema.createIndex('order_stays_page_token_hash').unique().on('order_stays').column('page_token_hash').execute();
}
