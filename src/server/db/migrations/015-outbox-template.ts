import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// An e-mail the outbox writes when it sends it: the template's name and facts (JSON). The row
// then holds a few hundred bytes instead of the HTML, text and calendar file, and the writing
// is done by the outbox's composing thread rather than in the booking's request.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('template', 'text').execute();
}
