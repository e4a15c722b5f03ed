import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Newsletter double opt-in: a sign-up is pending until its confirmation link is used.
// confirm_token_hash: SHA-256 of the link's token (kept after confirming, so a second click is
// answered "already confirmed"; cleared by unsubscribing); confirm_sent_at: when the last
// confirmation e-mail was queued (resent at most once an hour, link valid 7 days);
// confirmed_at: when the address was confirmed. Addresses active before double opt-in stay
// subscribed (confirmed at their sign-up). Independent of every other migration but 001.
export async function up(db: Kysely<any>, dialect: string): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirm_sent_at', 'text').execute();
  await db.schema.createIndex('newsletter_subscribers_confirm_token').on('newsletter_subscribers').column('confirm_token_hash').unique().execute();
  await db
    .updateTable('newsletter_subscribers')
    .set({ confirmed_at: sql`subscribed_at` })
    .where('is_active', '=', dialect === 'postgres' ? true : 1)
    .execute();
}
