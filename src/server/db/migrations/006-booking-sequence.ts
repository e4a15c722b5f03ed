import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The calendar SEQUENCE of a booking's event: 0 for the confirmation, one more for each later
// message that changes the event (moved, cancelled), so calendar apps apply them in order.
// Independent of every other migration but 001 (the reservations table).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
