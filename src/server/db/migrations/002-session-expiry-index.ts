import type { Kysely } from 'kysely';

// Expired sessions are deleted by expires_at at every sign-in; the index keeps that a range
// scan however many sessions pile up.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}
