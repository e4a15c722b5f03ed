import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The booking an outbox e-mail is about (confirmation, reminder, cancellation, the gym's notice),
// so deleting or erasing a booking finds its queued e-mails by number rather than by their text.
// No foreign key: the e-mail of a deleted booking may already be sent and must stay as it was.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('reservation_id', 'integer').execute();
  await db.schema.createIndex('outbox_reservation').on('outbox').column('reservation_id').execute();
}
