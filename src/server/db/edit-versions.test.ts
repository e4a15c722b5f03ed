import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, type Backend } from '../../../tests/helpers/test-app';

const at = '2025-01-01T10:00:00.000Z';

// Migration 013 on a database with posts: versions start at 1, and a published post written
// without a publication date (public reads now require one) gets its creation date.
describe.each(backends)('migration 013 on a database with data (%s)', (backend: Backend) => {
  const bare = bareDatabase(backend, 'block');

  it('backfills published_at of published posts only and starts every version at 1', async () => {
    await bare.migrate({ upTo: '011-newsletter-opt-in' });
    const db = bare.handle.db;
    const post = (slug: string, published: number, publishedAt: string | null) =>
      db
        .insertInto('blog_posts')
        .values({
          slug,
          title: slug,
          content: 'x',
          excerpt: null,
          featured_image: null,
          meta_title: null,
          meta_description: null,
          category_id: null,
          author_id: null,
          published,
          published_at: publishedAt,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await post('live-without-date', 1, null);
    await post('draft', 0, null);
    await post('live', 1, '2025-02-02T00:00:00.000Z');
    await bare.migrate();
    const rows = await db.selectFrom('blog_posts').select(['slug', 'published_at', 'version']).orderBy('slug').execute();
    expect(rows).toEqual([
      { slug: 'draft', published_at: null, version: 1 },
      { slug: 'live', published_at: '2025-02-02T00:00:00.000Z', version: 1 },
      { slug: 'live-without-date', published_at: at, version: 1 },
    ]);
  });
});
