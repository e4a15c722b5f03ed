import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A back-office sign-in also ends after SESSION_IDLE_HOURS without use (issue 33, point 8): each
// session remembers when it was last used (written at most once a minute). Existing sessions
// count as used when they were made. The index keeps the clean-up at sign-in a range scan.
// Independent of every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql`created_at` })
    .execute();
  await db.schema.createIndex('sessions_last_used_at').on('sessions').column('last_used_at').execute();
}
