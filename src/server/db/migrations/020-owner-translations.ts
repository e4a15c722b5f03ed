import type { Kysely } from 'kysely';
import { seedDescriptionTranslations, withSeedTranslations } from './020-owner-translations.data';

// Frozen: never edit a migration that has shipped; add a new one.
// The owner's texts per language (issue 15): a class's description in the public site's other
// languages, JSON { ru?: string, … }; an empty or missing one shows the English description.
// The site settings' translations live inside their JSON record (no column). Both get the
// seeded translations where their English text is still the seed's, so a new gym's pages read
// well in every language from the start (the texts are frozen in 020-owner-translations.data.ts);
// a settings record that changes is saved as a new version with its history entry, like any save. Independent of every other migration but 004
// and 016.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('description_translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const classes = (await db.selectFrom('classes').select(['id', 'name', 'description']).execute()) as { id: number; name: string; description: string }[];
  for (const c of classes) {
    const translations = seedDescriptionTranslations(c.name, c.description);
    if (Object.keys(translations).length === 0) continue;
    await db
      .updateTable('classes')
      .set({ description_translations: JSON.stringify(translations) })
      .where('id', '=', c.id)
      .execute();
  }

  const row: { data: string; version: number } | undefined = await db
    .selectFrom('site_settings')
    .select(['data', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return;
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;
  try {
    before = JSON.parse(row.data) as Record<string, unknown>;
    after = withSeedTranslations(before);
  } catch {
    // A record of another shape: the app repairs it field by field when it reads it (and logs
    // it); the owner can add the translations in "Paramètres".
    return;
  }
  // The top-level fields whose values differ, as the settings' history lists them.
  const changes = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changes.length === 0) return;
  const data = JSON.stringify(after);
  const now = new Date().toISOString();
  const version = row.version + 1;
  await db.updateTable('site_settings').set({ data, version, updated_at: now, updated_by: null }).where('id', '=', 1).execute();
  await db
    .insertInto('site_settings_history')
    .values({ version, data, changes: JSON.stringify(changes), changed_at: now, changed_by: null })
    .execute();
}
