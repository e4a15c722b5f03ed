import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A blog post's language (issue 15, point 6): each language's blog lists its own posts, and the
// English ones while it has none. One of shared/i18n/languages.ts's codes; every post before
// this one is English. The public lists filter on it with the published ones, so it leads an
// index with the publication date they sort by. Independent of every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.createIndex('blog_posts_language_published').on('blog_posts').columns(['language', 'published_at']).execute();
}
