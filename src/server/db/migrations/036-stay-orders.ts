import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Orders that sell a stay and an airport pickup (issue 36, points 3–5). An order keeps one row in
// orders (the ledger's parent; amount_satang is the whole order); a stay and a pickup are lines
// beside it, one each per order. An order without a pass has pass_id '' (SQLite cannot drop the
// column's NOT NULL without rebuilding the table every ledger row points to).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('order_stays')
    .addColumn('order_id', 'integer', (c: any) => c.primaryKey().references('orders.id'))
    .addColumn('room_type_id', 'integer', (c: any) => c.notNull().references('room_types.id'))
    // A copy of the type's English name when sold: the receipt and the board read it.
    .addColumn('room_type_name', 'text', (c: any) => c.notNull())
    // Gym dates; check-out day is not a night.
    .addColumn('check_in', 'text', (c: any) => c.notNull())
    .addColumn('check_out', 'text', (c: any) => c.notNull())
    .addColumn('guests', 'integer', (c: any) => c.notNull().check(sql`guests > 0`))
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang >= 0`))
    // 1 while the order holds its nights in room_nights; set to 0 by the one conditional update
    // that gives them back (expiry, cancellation), so they are given back once.
    .addColumn('holds_nights', 'integer', (c: any) => c.notNull().defaultTo(1))
    // The room given at check-in (the "Arrivées" board).
    .addColumn('room_id', 'integer', (c: any) => c.references('rooms.id'))
    .addColumn('checked_in_at', 'text')
    .addColumn('checked_out_at', 'text')
    // Jobs that send once: the arrival e-mail (three days before) and the balance reminder.
    .addColumn('arrival_mail_at', 'text')
    .addColumn('balance_reminder_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('order_stays_check_in').on('order_stays').columns(['check_in']).execute();
  await db.schema.createIndex('order_stays_check_out').on('order_stays').columns(['check_out']).execute();

  await db.schema
    .createTable('order_pickups')
    .addColumn('order_id', 'integer', (c: any) => c.primaryKey().references('orders.id'))
    // An airport code of Paramètres ('KBV', 'HKT', …).
    .addColumn('airport', 'text', (c: any) => c.notNull())
    // Null until the traveller gives it (the arrival e-mail asks).
    .addColumn('flight_number', 'text')
    // Gym wall time 'YYYY-MM-DDTHH:MM'.
    .addColumn('arrives_at', 'text', (c: any) => c.notNull())
    .addColumn('amount_satang', 'integer', (c: any) => c.notNull().check(sql`amount_satang >= 0`))
    // The calendar file's SEQUENCE: bumped on each change of flight or time.
    .addColumn('sequence', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('order_pickups_arrives_at').on('order_pickups').columns(['arrives_at']).execute();

  // The cancellation terms as published: each save of Paramètres' terms is a new version, never
  // edited; an order keeps the version its buyer accepted.
  const terms = db.schema.createTable('stay_terms_versions');
  await (
    dialect === 'postgres'
      ? terms.addColumn('version', 'serial', (c: any) => c.primaryKey())
      : terms.addColumn('version', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    // JSON: { en: '…', ru?: '…', … } (the text shown to the buyer).
    .addColumn('text', 'text', (c: any) => c.notNull())
    // JSON: { tiers: [{ daysBefore, refundPercent }], freeChangeDays }.
    .addColumn('rules', 'text', (c: any) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('terms_version', 'integer').execute();
  // The gym date the balance is due by; null: nothing owed after the deposit, or at the desk.
  await db.schema.alterTable('orders').addColumn('balance_due_date', 'text').execute();
}
