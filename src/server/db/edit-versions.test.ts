import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, PG_URL, tempDir, type Backend } from '../../../tests/helpers/test-app';
import { migrate, openDatabase, type DatabaseHandle } from './database';

const at = '2025-01-01T10:00:00.000Z';

// Migration 013 on a database with posts: versions start at 1, and a published post written
// without a publication date (public reads now require one) gets its creation date.
describe.each(backends)('migration 013 on a database with data (%s)', (backend: Backend) => {
  let handle: DatabaseHandle;
  let schema: string | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    if (backend === 'postgres') schema = `t_${randomBytes(6).toString('hex')}`;
    handle = openDatabase({ dataDir: dir, ...(schema ? { databaseUrl: PG_URL, schema } : {}) });
  });
  afterAll(async () => {
    await handle?.close();
    if (schema) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

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
