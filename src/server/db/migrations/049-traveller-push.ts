import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Web Push for travellers (issue 47, point 6; decision 188). `customer_push_subscriptions`: the
// browsers a traveller turned notifications on in from My page, apart from the staff's
// `push_subscriptions` (whose rows name an account and feed the staff's pushes). `push_outbox`:
// one row per notification and person, its `dedupe_key` unique, so an event processed twice, by
// one instance or two, queues it once; a worker delivers it as the mail outbox does e-mails.
// Needs customers (021).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await withId('customer_push_subscriptions')
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c: any) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c: any) => c.notNull())
    .addColumn('auth', 'text', (c: any) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_push_subscriptions_customer').on('customer_push_subscriptions').column('customer_id').execute();

  await withId('push_outbox')
    .addColumn('dedupe_key', 'text', (c: any) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('body', 'text', (c: any) => c.notNull())
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addColumn('tag', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c: any) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('push_outbox_customer').on('push_outbox').column('customer_id').execute();
}
