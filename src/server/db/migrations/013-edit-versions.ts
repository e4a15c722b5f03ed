import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Optimistic concurrency for the back office's editors: each edited row carries a version that
// every edit bumps; a save naming an older version is refused (409), compared in the UPDATE's
// WHERE so two saves cannot both win. Posts also get the featured image's alt text.
// Independent of every other migration but 001 (the tables).
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['blog_posts', 'blog_categories', 'gallery_items', 'users']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema.alterTable('blog_posts').addColumn('featured_image_alt', 'text').execute();
  // Public reads now require published_at <= now: a published post must have one ('1' is a
  // boolean to PostgreSQL and compares as 1 in SQLite's integer column).
  await db
    .updateTable('blog_posts')
    .set({ published_at: sql.ref('created_at') })
    .where(sql<boolean>`published = ${'1'}`)
    .where('published_at', 'is', null)
    .execute();
}
