import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Discount codes (issue 48 point 6, decision 189). `discount_codes`: a code staff made, stored
// upper-cased (codes are case-insensitive), percent or amount off, what it covers, its gym dates
// and limits; `uses` counts the uses held by orders, taken by one conditional UPDATE in the
// order's transaction. `discount_code_people`: the uses held per person (customer), taken the
// same way. `order_discounts`: the code an order used and its discount per line; `returned_at`
// marks a use given back (a lapsed order), once. Needs customers and orders (021).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await withId('discount_codes')
    .addColumn('code', 'text', (c: any) => c.notNull().unique())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_satang', 'integer')
    /** JSON: { passIds?: string[], stays?: boolean, pickups?: boolean }. */
    .addColumn('applies_to', 'text', (c: any) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_person', 'integer')
    .addColumn('uses', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();

  await db.schema
    .createTable('discount_code_people')
    .addColumn('code_id', 'integer', (c: any) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('uses', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('discount_code_people_pk', ['code_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('order_discounts')
    .addColumn('order_id', 'integer', (c: any) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('code_id', 'integer', (c: any) => c.notNull().references('discount_codes.id'))
    .addColumn('code', 'text', (c: any) => c.notNull())
    .addColumn('customer_id', 'integer', (c: any) => c.notNull())
    .addColumn('training_satang', 'integer', (c: any) => c.notNull())
    .addColumn('stay_satang', 'integer', (c: any) => c.notNull())
    .addColumn('pickup_satang', 'integer', (c: any) => c.notNull())
    .addColumn('discount_satang', 'integer', (c: any) => c.notNull())
    .addColumn('returned_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('order_discounts_code').on('order_discounts').column('code_id').execute();
}
