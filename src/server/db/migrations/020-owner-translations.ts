import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The owner's texts per language (issue 15): a class's description in the public site's other
// languages, JSON { ru?: string, … }; an empty or missing one shows the English description.
// (The site settings' translations live inside their JSON record: no column needed.)
// Independent of every other migration but 004.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('description_translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
