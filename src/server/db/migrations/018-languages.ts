import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The customer's language (issue 15): a booking, a contact message (and its conversation) and a
// newsletter sign-up made from /ru/… keep 'ru', so the e-mails they get speak it. One of
// shared/i18n/languages.ts's codes; every row before this one is English. Independent of every
// other migration but 001 and 011.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['reservations', 'contact_submissions', 'conversations', 'newsletter_subscribers']) {
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
  }
}
