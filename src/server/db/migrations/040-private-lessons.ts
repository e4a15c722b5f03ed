import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Private lessons (issue 37 point 4): a lesson is a booking (reservations: the manage link, the
// e-mails, the reminder, the desk) with its trainer, length, guests and order beside it; the
// trainer's time is taken as one row per trainer and 15-minute cell covering the lesson and the
// buffer after it, so two lessons that overlap can never both commit (the primary key refuses
// the second, on any instance, on both databases).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('private_lessons')
    .addColumn('reservation_id', 'integer', (c: any) => c.primaryKey().references('reservations.id').onDelete('cascade'))
    .addColumn('trainer_id', 'integer', (c: any) => c.notNull().references('trainers.id'))
    .addColumn('minutes', 'integer', (c: any) => c.notNull())
    .addColumn('guests', 'integer', (c: any) => c.notNull())
    .addColumn('discipline', 'text', (c: any) => c.notNull())
    // Instants (ISO 8601 UTC), as reservations.date_time.
    .addColumn('starts_at', 'text', (c: any) => c.notNull())
    .addColumn('ends_at', 'text', (c: any) => c.notNull())
    // The order that pays for it (method promptpay/card/desk); null when a pass's credit did.
    .addColumn('order_id', 'integer', (c: any) => c.references('orders.id'))
    // The price it was sold at (the private cell's, or the pass's), for the trainer's share.
    .addColumn('price_satang', 'integer', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('private_lessons_trainer_start').on('private_lessons').columns(['trainer_id', 'starts_at']).execute();
  await db.schema.createIndex('private_lessons_order').on('private_lessons').columns(['order_id']).execute();

  await db.schema
    .createTable('trainer_cells')
    .addColumn('trainer_id', 'integer', (c: any) => c.notNull().references('trainers.id'))
    // The cell's first instant, ISO 8601 UTC on a quarter hour.
    .addColumn('cell_start', 'text', (c: any) => c.notNull())
    .addColumn('reservation_id', 'integer', (c: any) => c.notNull().references('reservations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('trainer_cells_pk', ['trainer_id', 'cell_start'])
    .execute();
  await db.schema.createIndex('trainer_cells_reservation').on('trainer_cells').columns(['reservation_id']).execute();
}
