import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// What an e-mail carries besides its texts, kept in its outbox row so a crash or a failed
// delivery loses none of it. Each column is JSON text, null when the e-mail has no such part:
//   calendar     { method, content, filename? }               the invitation (text/calendar)
//   attachments  [{ filename, content, encoding?, contentType }]
//   headers      { "In-Reply-To": "<...>", ... }
// Independent of every other migration: it only adds nullable columns to the outbox.
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('outbox').addColumn('calendar', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
}
