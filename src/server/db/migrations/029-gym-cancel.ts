import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 34, points 1–3: who cancelled a booking (the customer, the gym calling off a class or
// closing, or staff from the back office; null while booked), the gym's reason as the e-mail gave
// it, and until when a booking the gym moved may be cancelled with its credit back (the new start:
// it holds while date_time still equals it). Independent of every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('customer', 'gym', 'staff')`))
    .execute();
  await db.schema.alterTable('reservations').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('free_cancel_until', 'text').execute();
}
