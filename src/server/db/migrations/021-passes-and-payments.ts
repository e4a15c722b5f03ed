import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Passes and payments (issue 21): customers (one person across bookings, orders and
// conversations), orders of passes, their ledger of payments and refunds, the external events
// applied (each once), and the credits bookings take from a pass. Amounts are integers in satang.
// A pass itself is a cell of the owner's price table (site settings), so orders keep a copy of
// what was sold. Independent of every other migration but 001, 004 and 018.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('customers'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('email', 'text')
    // Lower-cased, trimmed e-mail: how a person is found again. Unique among live records.
    .addColumn('email_key', 'text', (c: any) => c.unique())
    .addColumn('phone', 'text')
    // Digits with a leading +: how a person without an e-mail is found again.
    .addColumn('phone_key', 'text')
    .addColumn('language', 'text', (c: any) => c.notNull().defaultTo('en'))
    // Set when this record was merged into another: everything points at that one now.
    .addColumn('merged_into_id', 'integer', (c: any) => c.references('customers.id'))
    // An address that bounced (issue 22): the outbox stops sending to it.
    .addColumn('bouncing_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_phone_key').on('customers').column('phone_key').execute();
  await db.schema.createIndex('customers_name').on('customers').column('name').execute();

  await id(db.schema.createTable('orders'))
    // Short, human reference ("GYM-7K3Q9X") for transfers and the desk; unique.
    .addColumn('reference', 'text', (c: any) => c.notNull().unique())
    // SHA-256 of the order page's token (the token itself is only in the buyer's link).
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id'))
    // The pass sold ('<row>.<covers>', a price-table cell) and a copy of what it was then.
    .addColumn('pass_id', 'text', (c: any) => c.notNull())
    .addColumn('pass_name', 'text', (c: any) => c.notNull())
    .addColumn('pass_kind', 'text', (c: any) => c.notNull().check(sql`pass_kind in ('single', 'day', 'days-single', 'days-unlimited', 'private')`))
    .addColumn('pass_covers', 'text', (c: any) => c.notNull().check(sql`pass_covers in ('muay-thai', 'mma')`))
    .addColumn('pass_days', 'integer', (c: any) => c.notNull().check(sql`pass_days between 1 and 366`))
    // Sessions in all; null when unlimited within the days.
    .addColumn('credits', 'integer', (c: any) => c.check(sql`credits is null or credits >= 1`))
    // Gym dates (GYM_TIMEZONE), both inclusive.
    .addColumn('start_date', 'text', (c: any) => c.notNull())
    .addColumn('end_date', 'text', (c: any) => c.notNull())
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang >= 0`))
    // What must be paid before the order holds anything; 0: the whole amount.
    .addColumn('deposit_satang', 'integer', (c: any) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_satang >= 0`),
    )
    .addColumn('method', 'text', (c: any) => c.notNull().check(sql`method in ('promptpay', 'card', 'desk')`))
    .addColumn('language', 'text', (c: any) => c.notNull().defaultTo('en'))
    // An unpaid online order lapses at this instant (PAYMENT_HOLD_HOURS); null: no hold (desk).
    .addColumn('expires_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('stripe_session_id', 'text', (c: any) => c.unique())
    // The transfer slip the buyer uploaded (a stored image's key), checked like every upload.
    .addColumn('slip_key', 'text')
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addCheckConstraint('orders_dates', sql`end_date >= start_date`)
    .addCheckConstraint('orders_deposit', sql`deposit_satang <= amount_satang`)
    .execute();
  await db.schema.createIndex('orders_customer').on('orders').column('customer_id').execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_expires').on('orders').column('expires_at').execute();

  // The ledger: an order's state follows from it (DESIGN.md §6), never from a flag beside it.
  await id(db.schema.createTable('order_payments'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c: any) => c.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn('method', 'text', (c: any) => c.notNull().check(sql`method in ('promptpay', 'card', 'cash', 'terminal', 'transfer')`))
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang > 0`))
    // The provider's id for this movement (a payment intent, a refund): applied once.
    .addColumn('external_id', 'text', (c: any) => c.unique())
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('order_payments_order').on('order_payments').column('order_id').execute();
  await db.schema.createIndex('order_payments_created').on('order_payments').column('created_at').execute();

  // Every external event (a webhook delivery) applied, stored in the transaction of its effect.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c: any) => c.notNull())
    .addColumn('event_id', 'text', (c: any) => c.notNull())
    .addColumn('order_id', 'integer', (c: any) => c.references('orders.id'))
    .addColumn('received_at', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  // A booking that spent a pass. day_key (one session a day) and slot_key (unlimited: one seat per
  // session time) make the database refuse a second use; a credit given back clears them.
  await id(db.schema.createTable('pass_uses'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('reservation_id', 'integer', (c: any) => c.notNull().unique().references('reservations.id'))
    .addColumn('session_date', 'text', (c: any) => c.notNull())
    .addColumn('day_key', 'text')
    .addColumn('slot_key', 'text')
    .addColumn('returned_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('pass_uses_day', ['order_id', 'day_key'])
    .addUniqueConstraint('pass_uses_slot', ['order_id', 'slot_key'])
    .execute();
  await db.schema.createIndex('pass_uses_order').on('pass_uses').column('order_id').execute();

  await db.schema
    .alterTable('reservations')
    .addColumn('customer_id', 'integer', (c: any) => c.references('customers.id'))
    .execute();
  await db.schema.createIndex('reservations_customer').on('reservations').column('customer_id').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('customer_id', 'integer', (c: any) => c.references('customers.id'))
    .execute();
  await db.schema.createIndex('conversations_customer').on('conversations').column('customer_id').execute();
}
