import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openBareDatabase, type BareDatabase, type Backend } from '../../../tests/helpers/test-app';
import { migrate, type DatabaseHandle } from './database';

const at = '2025-01-01T10:00:00.000Z';

// Migration 013 on a database with posts: versions start at 1, and a published post written
// without a publication date (public reads now require one) gets its creation date.
describe.each(backends)('migration 013 on a database with data (%s)', (backend: Backend) => {
  let bare: BareDatabase;
  let handle: DatabaseHandle;
  let schema: string | undefined;
  beforeAll(() => {
    bare = openBareDatabase(backend);
    ({ handle, schema } = bare);
  });
  afterAll(() => bare?.close());

  it('backfills published_at of published posts only and starts every version at 1', async () => {
    await migrate(handle, schema, { upTo: '011-newsletter-opt-in' });
    const db = handle.db;
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
    await migrate(handle, schema);
    const rows = await db.selectFrom('blog_posts').select(['slug', 'published_at', 'version']).orderBy('slug').execute();
    expect(rows).toEqual([
      { slug: 'draft', published_at: null, version: 1 },
      { slug: 'live', published_at: '2025-02-02T00:00:00.000Z', version: 1 },
      { slug: 'live-without-date', published_at: at, version: 1 },
    ]);
  });
});
