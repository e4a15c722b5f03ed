import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, PG_URL, tempDir, type TestApp } from '../../../tests/helpers/test-app';
import { migrate, openDatabase } from '../db/database';

// Issue 15 point 6: a post has a language; each language's blog lists its own posts, and the
// English ones while it has no live post at all.

type Post = { id: number; slug: string; language: string; version: number };

describe.each(backends)('posts in languages on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let tips: number;
  let news: number;

  const body = (slug: string, over: Record<string, unknown> = {}) => ({
    title: `Title ${slug}`,
    slug,
    content: `Body of ${slug}`,
    excerpt: null,
    featuredImage: null,
    metaTitle: null,
    metaDescription: null,
    categoryId: tips,
    published: true,
    ...over,
  });
  const create = async (slug: string, over: Record<string, unknown> = {}): Promise<Post> => {
    const res = await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body(slug, over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** Anonymous, as the public pages ask (through the answer cache). */
  const slugs = async (qs: string): Promise<string[]> => {
    const res = await t.inject({ method: 'GET', url: `/api/blog-posts${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Post[]>().map((p) => p.slug);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await t.signIn('admin')).token;
    const cat = async (slug: string) =>
      (await t.inject({ method: 'POST', url: '/api/blog-categories', token, payload: { name: slug, slug, description: null } })).json<{ id: number }>().id;
    tips = await cat('tips');
    news = await cat('news');
  });
  afterAll(() => t?.close());

  it('stores the language, English when the payload has none, and keeps it on an edit without one', async () => {
    const en = await create('plain-post');
    expect(en.language).toBe('en');
    const ru = await create('russian-draft', { language: 'ru', published: false });
    expect(ru.language).toBe('ru');
    expect((await t.inject({ method: 'GET', url: '/api/blog-posts/id/' + ru.id, token })).json<Post>().language).toBe('ru');

    // SPEC.md's payload (no language) on an edit: the post stays Russian.
    const kept = await t.inject({ method: 'PUT', url: `/api/blog-posts/${ru.id}`, token, payload: body('russian-draft', { published: false }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Post>().language).toBe('ru');
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/blog-posts/${ru.id}`,
      token,
      payload: body('russian-draft', { published: false, language: 'th' }),
    });
    expect(moved.json<Post>().language).toBe('th');
    const row = await t.app.ctx.db.selectFrom('blog_posts').select('language').where('id', '=', ru.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('th');

    for (const language of ['xx', 'EN', '', 1, true]) {
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body('bad-language', { language }) });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().error).toBe("La langue doit être l'une de : en, ru, zh, de, fr, th");
    }
    for (const id of [en.id, ru.id]) expect((await t.inject({ method: 'DELETE', url: `/api/blog-posts/${id}`, token })).statusCode).toBe(204);
  });

  it("lists a language's posts, English while it has none, and refuses an unknown language", async () => {
    await create('english-one');
    await create('english-two', { categoryId: news });
    await create('russian-one', { language: 'ru' });
    // Not live: neither counts as the German blog having posts.
    await create('german-draft', { language: 'de', published: false });
    await create('german-scheduled', { language: 'de', publishAt: new Date(Date.now() + 86_400_000).toISOString() });

    expect(await slugs('?language=ru')).toEqual(['russian-one']);
    expect(await slugs('?published=true&language=ru')).toEqual(['russian-one']);
    expect(await slugs('?language=en')).toEqual(['english-two', 'english-one']);
    expect(await slugs('?language=de')).toEqual(['english-two', 'english-one']);
    expect(await slugs('?language=th&limit=1')).toEqual(['english-two']);
    // Without the parameter, every live post, as before.
    expect((await slugs('')).sort()).toEqual(['english-one', 'english-two', 'russian-one']);

    // The fallback is the language's as a whole: Russian news is empty, not English news.
    expect(await slugs('?language=ru&category=news')).toEqual([]);
    expect(await slugs('?language=de&category=news')).toEqual(['english-two']);

    for (const bad of ['xx', 'RU', '', 'ru-RU']) {
      const res = await t.inject({ method: 'GET', url: `/api/blog-posts?language=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe("language doit valoir l'un de : en, ru, zh, de, fr, th");
    }
  });

  it('keeps each language apart in the answer cache, and a save shows in the language it changes', async () => {
    // Fill the cache for each (and for no language: a key without it must not answer for one),
    // then read again: hits must still be per language.
    expect(await slugs('?published=true')).toHaveLength(3);
    for (let i = 0; i < 2; i++) {
      expect(await slugs('?published=true&language=ru')).toEqual(['russian-one']);
      expect(await slugs('?published=true&language=de')).toEqual(['english-two', 'english-one']);
      expect(await slugs('?published=true&language=ru&limit=3')).toEqual(['russian-one']);
    }
    // The German blog's first live post replaces the English ones there, and nowhere else.
    const de = await create('german-one', { language: 'de' });
    expect(await slugs('?published=true&language=de')).toEqual(['german-one']);
    expect(await slugs('?published=true&language=ru')).toEqual(['russian-one']);
    expect(await slugs('?published=true&language=en')).toEqual(['english-two', 'english-one']);
    // Moved to English: German falls back again.
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/blog-posts/${de.id}`,
      token,
      payload: body('german-one', { language: 'en', version: de.version }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await slugs('?published=true&language=de')).toEqual(['german-one', 'english-two', 'english-one']);
    expect(await slugs('?published=true&language=en')).toEqual(['german-one', 'english-two', 'english-one']);
  });

  it('keeps the RSS feed English (the posts /blog lists) and the sitemap whole', async () => {
    const feed = (await t.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    expect(feed).toContain('/blog/english-one</link>');
    expect(feed).not.toContain('russian-one');
    const sitemap = (await t.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>http://gym.test/ru/blog/russian-one</loc>');
    expect(sitemap).toContain('<loc>http://gym.test/blog/english-one</loc>');
  });

  it("filters the back office's paged search by language, drafts included and no English in their place", async () => {
    const page = async (qs: string) => {
      const res = await t.inject({ method: 'GET', url: `/api/blog-posts?page=1&${qs}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Post[]; total: number }>();
    };
    const de = await page('language=de');
    expect(de.items.map((p) => p.slug).sort()).toEqual(['german-draft', 'german-scheduled']);
    expect(de.total).toBe(2);
    expect((await page('language=zh')).total).toBe(0);
    expect((await page('language=ru&q=russian')).items.map((p) => p.language)).toEqual(['ru']);
  });
});

describe.each(backends)('migration 019 on a database with posts (%s)', (backend) => {
  it('makes every existing post English', async () => {
    const dir = tempDir();
    const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const handle = openDatabase({ dataDir: dir, ...(schema ? { databaseUrl: PG_URL, schema } : {}) });
    try {
      await migrate(handle, schema, { upTo: '018-languages' });
      const at = '2025-01-01T10:00:00.000Z';
      // Typed against today's schema, which has the column: leave it out as the old rows did.
      const old = { title: 'Old', content: 'x', excerpt: null, featured_image: null, meta_title: null, meta_description: null };
      await handle.db
        .insertInto('blog_posts')
        .values([
          { ...old, slug: 'old-live', category_id: null, author_id: null, published: 1, published_at: at, created_at: at, updated_at: at },
          { ...old, slug: 'old-draft', category_id: null, author_id: null, published: 0, published_at: null, created_at: at, updated_at: at },
        ])
        .execute();
      await migrate(handle, schema);
      const rows = await handle.db.selectFrom('blog_posts').select(['slug', 'language']).orderBy('slug').execute();
      expect(rows).toEqual([
        { slug: 'old-draft', language: 'en' },
        { slug: 'old-live', language: 'en' },
      ]);
    } finally {
      await handle.close();
      if (schema) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
