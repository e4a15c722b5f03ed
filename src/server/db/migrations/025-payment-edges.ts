import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Money at its edges (issue 32). An order keeps every card checkout it ever opened
// (checkout_sessions: at most one live per order, by a partial unique index), so a paid session is
// recorded whichever one it was. A refund is a request row first (refund_requests): its id is the
// provider's idempotency key, it is written before the provider is called outside any transaction,
// and its outcome after. Disputes (chargebacks) are rows of their own. The ledger learns three
// kinds: a refund that failed after it was recorded comes back ('refund-reversal'), and a dispute's
// money is withdrawn ('chargeback') or reinstated ('chargeback-reversal'). orders.stripe_session_id
// is superseded by checkout_sessions (its values are copied there) and no longer written.
// Independent of every other migration but 021.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('checkout_sessions'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c: any) => c.notNull().defaultTo('stripe'))
    // Null while the provider has not answered yet ('creating').
    .addColumn('session_id', 'text', (c: any) => c.unique())
    .addColumn('status', 'text', (c: any) => c.notNull().check(sql`status in ('creating', 'open', 'complete', 'expired', 'failed')`))
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang >= 0`))
    .addColumn('url', 'text')
    .addColumn('payment_intent', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_sessions_order').on('checkout_sessions').column('order_id').execute();
  await db.schema.createIndex('checkout_sessions_created').on('checkout_sessions').column('created_at').execute();
  // One live checkout per order: a second one can only be made once the first is closed.
  await db.schema
    .createIndex('checkout_sessions_live')
    .on('checkout_sessions')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), 'in', [sql.lit('creating'), sql.lit('open')])
    .execute();
  await sql`insert into checkout_sessions (order_id, provider, session_id, status, amount_satang, expires_at, created_at, updated_at)
    select id, 'stripe', stripe_session_id, 'open', amount_satang, expires_at, updated_at, updated_at from orders where stripe_session_id is not null`.execute(
    db,
  );

  await id(db.schema.createTable('refund_requests'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    // SHA-256 of the client's Idempotency-Key; null without one.
    .addColumn('key_hash', 'text')
    // SHA-256 of the request's fields: the same key with other fields is refused.
    .addColumn('request_hash', 'text', (c: any) => c.notNull())
    .addColumn('method', 'text', (c: any) => c.notNull())
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang > 0`))
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    // Card refunds: the payments drawn on and the provider's refund ids, as JSON.
    .addColumn('pieces', 'text')
    .addColumn('error', 'text')
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('refund_requests_key', ['order_id', 'key_hash'])
    .execute();
  await db.schema.createIndex('refund_requests_status').on('refund_requests').columns(['status', 'created_at']).execute();

  await id(db.schema.createTable('disputes'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('dispute_id', 'text', (c: any) => c.notNull().unique())
    .addColumn('payment_intent', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull())
    .addColumn('evidence_due_by', 'text')
    // The provider's time of the latest event applied: an older event never overwrites a newer one.
    .addColumn('event_created', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();

  const kinds = sql`kind in ('payment', 'refund', 'refund-reversal', 'chargeback', 'chargeback-reversal')`;
  if (dialect === 'postgres') {
    await sql`alter table order_payments drop constraint order_payments_kind_check`.execute(db);
    await sql`alter table order_payments add constraint order_payments_kind_check check (${kinds})`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK: the ledger is copied into a table with the new one (nothing references it).
  await id(db.schema.createTable('order_payments_next'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c: any) => c.notNull().check(kinds))
    .addColumn('method', 'text', (c: any) => c.notNull().check(sql`method in ('promptpay', 'card', 'cash', 'terminal', 'transfer')`))
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang > 0`))
    .addColumn('external_id', 'text', (c: any) => c.unique())
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await sql`insert into order_payments_next (id, order_id, kind, method, amount_satang, external_id, note, user_id, created_at)
    select id, order_id, kind, method, amount_satang, external_id, note, user_id, created_at from order_payments`.execute(db);
  await db.schema.dropTable('order_payments').execute();
  await sql`alter table order_payments_next rename to order_payments`.execute(db);
  await db.schema.createIndex('order_payments_order').on('order_payments').column('order_id').execute();
  await db.schema.createIndex('order_payments_created').on('order_payments').column('created_at').execute();
}
