import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 45 point 3 (decision 172): a booking moved inside its credit window stays late. late_since
// keeps the credit deadline it had when it moved (already past then), so a cancel after the move
// keeps the credit spent and counts as late, as a cancel before it would have. Null otherwise.
// Independent of every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('late_since', 'text').execute();
}
