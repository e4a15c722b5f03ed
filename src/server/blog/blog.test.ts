import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_POSTS } from './blog.demo-content';
import { seedDemoBlog } from './blog.seed';
import { getPublishedPostBySlug, listPublishedPosts } from './blog.service';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const POST_KEYS = [
  'author',
  'authorId',
  'category',
  'categoryId',
  'content',
  'createdAt',
  'excerpt',
  'featuredImage',
  'featuredImageAlt',
  'id',
  'language',
  'metaDescription',
  'metaTitle',
  'published',
  'publishedAt',
  'slug',
  'title',
  'updatedAt',
  'version',
].sort();
const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];

describe.each(backends)('blog posts API on %s', (backend) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<TestApp['signIn']>>;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  let catA: { id: number; slug: string; name: string };
  let catB: { id: number; slug: string; name: string };
  let n = 0;

  const postBody = (over: Record<string, unknown> = {}) => {
    n += 1;
    return {
      title: `Post ${n}`,
      slug: `post-${n}`,
      content: `# Heading\n\nBody of post ${n}.`,
      excerpt: 'Short summary',
      featuredImage: '',
      metaTitle: '',
      metaDescription: 'Meta description',
      categoryId: catA.id,
      published: false,
      ...over,
    };
  };
  const create = async (over: Record<string, unknown> = {}, token = staff.token) => {
    const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody(over), token });
    if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const anonList = async (qs = '') => {
    const res = await t.inject({ method: 'GET', url: `/api/blog-posts${qs}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number; slug: string; title: string; published: boolean; publishedAt: string; category: { name: string } | null }[]>();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin', { name: 'Alice Admin' });
    staff = await t.signIn('staff', { name: 'Sam Staff' });
    const mk = async (name: string, slug: string) => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-categories', payload: { name, slug }, token: admin.token });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    catA = await mk('Training Tips', 'training-tips');
    catB = await mk('Gym News', 'gym-news');
  });
  afterAll(() => t?.close());

  describe('POST /api/blog-posts', () => {
    it('creates a draft, answers 201 with the full DTO and counts the statistic', async () => {
      const before = await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'blog_post_created').execute();
      const res = await t.inject({
        method: 'POST',
        url: '/api/blog-posts',
        token: staff.token,
        payload: postBody({ title: '  My First Post  ', slug: 'my-first-post', featuredImage: 'https://example.com/a.jpg' }),
      });
      expect(res.statusCode).toBe(201);
      const p = res.json();
      expect(Object.keys(p).sort()).toEqual(POST_KEYS);
      expect(p).toMatchObject({
        title: 'My First Post',
        slug: 'my-first-post',
        content: expect.stringContaining('# Heading'),
        excerpt: 'Short summary',
        featuredImage: 'https://example.com/a.jpg',
        metaTitle: null,
        metaDescription: 'Meta description',
        categoryId: catA.id,
        authorId: staff.id,
        published: false,
        publishedAt: null,
        category: { id: catA.id, name: 'Training Tips', slug: 'training-tips' },
        author: { id: staff.id, name: 'Sam Staff' },
      });
      expect(Number.isInteger(p.id)).toBe(true);
      expect(p.createdAt).toMatch(ISO);
      expect(p.updatedAt).toBe(p.createdAt);
      const after = await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'blog_post_created').execute();
      const sum = (rows: { value: number }[]) => rows.reduce((a, r) => a + Number(r.value), 0);
      expect(sum(after)).toBe(sum(before) + 1);
    });

    it('sets publishedAt when created published, and accepts a digit-string categoryId', async () => {
      const p = await create({ published: true, categoryId: String(catB.id) });
      expect(p.published).toBe(true);
      expect(p.publishedAt).toMatch(ISO);
      expect(p.categoryId).toBe(catB.id);
    });

    it('defaults published to false and optional fields to null', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/blog-posts',
        token: staff.token,
        payload: { title: 'Minimal', slug: 'minimal-post', content: 'x', categoryId: catA.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ published: false, publishedAt: null, excerpt: null, featuredImage: null, metaTitle: null, metaDescription: null });
    });

    it.each([
      [{ title: '' }, 'Le titre est requis'],
      [{ title: '   ' }, 'Le titre est requis'],
      [{ title: undefined }, 'Le titre est requis'],
      [{ slug: '' }, 'Le slug est requis'],
      [{ slug: undefined }, 'Le slug est requis'],
      [{ content: '' }, 'Le contenu est requis'],
      [{ content: '  \n ' }, 'Le contenu est requis'],
      [{ content: undefined }, 'Le contenu est requis'],
      [{ categoryId: undefined }, 'La catégorie est requise'],
      [{ categoryId: 0 }, 'La catégorie est requise'],
      [{ categoryId: -3 }, 'La catégorie est requise'],
      [{ categoryId: 1.5 }, 'La catégorie est requise'],
      [{ categoryId: 'abc' }, 'La catégorie est requise'],
      [{ categoryId: null }, 'La catégorie est requise'],
      [{ categoryId: true }, 'La catégorie est requise'],
      [{ categoryId: 99999999999 }, 'La catégorie est requise'],
    ])('refuses %j with "%s"', async (over, message) => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody(over), token: staff.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'validation' });
    });

    it('refuses a category that does not exist with "La catégorie est requise"', async () => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody({ categoryId: 987654 }), token: staff.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'La catégorie est requise', code: 'validation' });
    });

    it('refuses wrong JSON types and malformed bodies with 400', async () => {
      for (const over of [{ title: 42 }, { published: 'yes' }, { excerpt: 5 }, { slug: 'Not A Slug' }, { featuredImage: 'javascript:alert(1)' }]) {
        const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody(over), token: staff.token });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
      const arr = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: [1, 2], token: staff.token });
      expect(arr.statusCode).toBe(400);
      const bad = await t.inject({
        method: 'POST',
        url: '/api/blog-posts',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": ',
        token: staff.token,
      });
      expect(bad.statusCode).toBe(400);
      const empty = await t.inject({ method: 'POST', url: '/api/blog-posts', token: staff.token });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('Le titre est requis');
    });

    it('answers 409 for a duplicate slug', async () => {
      await create({ slug: 'taken-slug' });
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody({ slug: 'taken-slug' }), token: admin.token });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Un article avec ce slug existe déjà', code: 'slug_taken' });
    });

    it('answers 401 without a valid token', async () => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
      const bad = await t.inject({ method: 'POST', url: '/api/blog-posts', payload: postBody(), token: 'nope' });
      expect(bad.statusCode).toBe(401);
    });
  });

  describe('GET /api/blog-posts', () => {
    it('shows anonymous callers published posts only, whatever the query', async () => {
      const draft = await create({ published: false });
      const pub = await create({ published: true });
      for (const qs of ['', '?published=true', '?published=false']) {
        const list = await anonList(qs);
        expect(list.every((p) => p.published)).toBe(true);
        expect(list.some((p) => p.id === pub.id)).toBe(true);
        expect(list.some((p) => p.id === draft.id)).toBe(false);
      }
    });

    it('shows signed-in callers every post; ?published=true filters, ?published=false shows drafts', async () => {
      const draft = await create({ published: false });
      const pub = await create({ published: true });
      const all = (await t.inject({ method: 'GET', url: '/api/blog-posts', token: staff.token })).json();
      expect(all.some((p: { id: number }) => p.id === draft.id)).toBe(true);
      expect(all.some((p: { id: number }) => p.id === pub.id)).toBe(true);
      const onlyPub = (await t.inject({ method: 'GET', url: '/api/blog-posts?published=true', token: staff.token })).json();
      expect(onlyPub.length).toBeGreaterThan(0);
      expect(onlyPub.every((p: { published: boolean }) => p.published)).toBe(true);
      const drafts = (await t.inject({ method: 'GET', url: '/api/blog-posts?published=false', token: admin.token })).json();
      expect(drafts.length).toBeGreaterThan(0);
      expect(drafts.every((p: { published: boolean }) => !p.published)).toBe(true);
      for (const p of all) expect(Object.keys(p).sort()).toEqual(POST_KEYS);
    });

    it('orders published posts by publishedAt desc and the admin list by createdAt desc', async () => {
      const a = await create({ published: true });
      const b = await create({ published: true });
      const c = await create({ published: true });
      const db = t.app.ctx.db;
      // Publication order differs from creation order on purpose.
      await db
        .updateTable('blog_posts')
        .set({ published_at: '2020-01-03T00:00:00.000Z', created_at: '2019-01-01T00:00:00.000Z' })
        .where('id', '=', a.id)
        .execute();
      await db
        .updateTable('blog_posts')
        .set({ published_at: '2020-01-01T00:00:00.000Z', created_at: '2019-01-03T00:00:00.000Z' })
        .where('id', '=', b.id)
        .execute();
      await db
        .updateTable('blog_posts')
        .set({ published_at: '2020-01-02T00:00:00.000Z', created_at: '2019-01-02T00:00:00.000Z' })
        .where('id', '=', c.id)
        .execute();
      t.app.ctx.publicCache.invalidate();
      const ours = (ids: number[]) => ids.filter((id) => [a.id, b.id, c.id].includes(id));
      const pub = await anonList();
      expect(ours(pub.map((p) => p.id))).toEqual([a.id, c.id, b.id]);
      const admin_ = (await t.inject({ method: 'GET', url: '/api/blog-posts', token: admin.token })).json();
      expect(ours(admin_.map((p: { id: number }) => p.id))).toEqual([b.id, c.id, a.id]);
      const created = admin_.map((p: { createdAt: string }) => p.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      const dates = pub.map((p) => p.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('filters by category slug, and an unknown category gives an empty list', async () => {
      const inB = await create({ published: true, categoryId: catB.id });
      const list = await anonList('?category=gym-news');
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((p) => p.id === inB.id)).toBe(true);
      expect(list.every((p) => p.category?.name === 'Gym News')).toBe(true);
      expect(await anonList('?category=no-such-category')).toEqual([]);
      const staffList = (await t.inject({ method: 'GET', url: '/api/blog-posts?category=training-tips', token: staff.token })).json();
      expect(staffList.every((p: { categoryId: number }) => p.categoryId === catA.id)).toBe(true);
    });

    it('honours ?limit and refuses bad query values', async () => {
      expect((await anonList('?limit=1')).length).toBe(1);
      for (const qs of ['?published=maybe', '?limit=0', '?limit=abc', '?limit=101', '?category=a&category=b']) {
        const res = await t.inject({ method: 'GET', url: `/api/blog-posts${qs}` });
        expect(res.statusCode, qs).toBe(400);
      }
    });

    it('shows a post published by a staff member to anonymous readers at once (cache dropped)', async () => {
      const draft = await create({ published: false, title: 'Soon public' });
      expect((await anonList()).some((p) => p.id === draft.id)).toBe(false); // now cached
      const put = await t.inject({
        method: 'PUT',
        url: `/api/blog-posts/${draft.id}`,
        token: staff.token,
        payload: postBody({ title: 'Soon public', slug: draft.slug, published: true }),
      });
      expect(put.statusCode).toBe(200);
      const list = await anonList();
      expect(list.find((p) => p.id === draft.id)?.title).toBe('Soon public');
      expect(list[0].id).toBe(draft.id); // newest publication first
      // And a delete takes it away at once, from the list and by slug.
      expect((await t.inject({ method: 'GET', url: `/api/blog-posts/${draft.slug}` })).statusCode).toBe(200);
      expect((await t.inject({ method: 'DELETE', url: `/api/blog-posts/${draft.id}`, token: staff.token })).statusCode).toBe(204);
      expect((await anonList()).some((p) => p.id === draft.id)).toBe(false);
      expect((await t.inject({ method: 'GET', url: `/api/blog-posts/${draft.slug}` })).statusCode).toBe(404);
    });
  });

  describe('GET /api/blog-posts/:slug', () => {
    it('returns a published post to anyone', async () => {
      const p = await create({ published: true, slug: 'public-by-slug' });
      const res = await t.inject({ method: 'GET', url: '/api/blog-posts/public-by-slug' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: p.id, slug: 'public-by-slug', published: true, author: { id: staff.id, name: 'Sam Staff' } });
      expect(Object.keys(res.json()).sort()).toEqual(POST_KEYS);
    });

    it('hides drafts from anonymous callers with 404, shows them to staff', async () => {
      const d = await create({ published: false, slug: 'secret-draft' });
      const anon = await t.inject({ method: 'GET', url: '/api/blog-posts/secret-draft' });
      expect(anon.statusCode).toBe(404);
      expect(anon.json()).toEqual({ error: 'Article not found', code: 'not_found' });
      const badToken = await t.inject({ method: 'GET', url: '/api/blog-posts/secret-draft', token: 'x'.repeat(43) });
      expect(badToken.statusCode).toBe(404);
      const signed = await t.inject({ method: 'GET', url: '/api/blog-posts/secret-draft', token: staff.token });
      expect(signed.statusCode).toBe(200);
      expect(signed.json()).toMatchObject({ id: d.id, published: false });
    });

    it('answers 404 for unknown or odd slugs, never 5xx', async () => {
      // Fastify itself refuses a path parameter over 100 characters with 414.
      const long = await t.inject({ method: 'GET', url: `/api/blog-posts/${'a'.repeat(5000)}` });
      expect([404, 414]).toContain(long.statusCode);
      for (const slug of ['nope', 'UPPER', '%20', 'a'.repeat(99), '..%2F..', '%E2%9C%93', '1', 'id']) {
        const res = await t.inject({ method: 'GET', url: `/api/blog-posts/${slug}` });
        expect(res.statusCode, slug).toBe(404);
        expect(res.json()).toEqual({ error: 'Article not found', code: 'not_found' });
      }
    });
  });

  describe('GET /api/blog-posts/id/:id', () => {
    it('loads any post for the editor', async () => {
      const d = await create({ published: false });
      const res = await t.inject({ method: 'GET', url: `/api/blog-posts/id/${d.id}`, token: staff.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(d);
    });

    it('answers 401 without a token, 404 for an unknown id, 400 for odd ids', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/blog-posts/id/1' })).statusCode).toBe(401);
      const missing = await t.inject({ method: 'GET', url: '/api/blog-posts/id/999999', token: staff.token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Article introuvable', code: 'not_found' });
      for (const id of ODD_IDS) {
        const res = await t.inject({ method: 'GET', url: `/api/blog-posts/id/${id}`, token: staff.token });
        expect([400, 404], id).toContain(res.statusCode);
      }
    });
  });

  describe('PUT /api/blog-posts/:id', () => {
    it('updates every field, keeps the author, and maintains publishedAt and updatedAt', async () => {
      const d = await create({ published: false });
      await new Promise((r) => setTimeout(r, 5));
      const body = postBody({
        title: 'Edited',
        slug: `${d.slug}-edited`,
        content: 'New body',
        excerpt: null,
        categoryId: catB.id,
        published: true,
        metaTitle: 'SEO',
      });
      const res = await t.inject({ method: 'PUT', url: `/api/blog-posts/${d.id}`, token: admin.token, payload: body });
      expect(res.statusCode).toBe(200);
      const p = res.json();
      expect(p).toMatchObject({
        id: d.id,
        title: 'Edited',
        slug: `${d.slug}-edited`,
        content: 'New body',
        excerpt: null,
        metaTitle: 'SEO',
        categoryId: catB.id,
        category: { id: catB.id, name: 'Gym News', slug: 'gym-news' },
        authorId: staff.id,
        published: true,
        createdAt: d.createdAt,
      });
      expect(p.publishedAt).toMatch(ISO);
      expect(p.updatedAt > d.updatedAt).toBe(true);

      // Saving again while published keeps the original publication date.
      await new Promise((r) => setTimeout(r, 5));
      const again = (await t.inject({ method: 'PUT', url: `/api/blog-posts/${d.id}`, token: admin.token, payload: { ...body, title: 'Edited twice' } })).json();
      expect(again.publishedAt).toBe(p.publishedAt);
      expect(again.updatedAt > p.updatedAt).toBe(true);

      // Unpublishing clears it.
      const unpub = (await t.inject({ method: 'PUT', url: `/api/blog-posts/${d.id}`, token: admin.token, payload: { ...body, published: false } })).json();
      expect(unpub.published).toBe(false);
      expect(unpub.publishedAt).toBeNull();
    });

    it('validates like POST, including the French messages', async () => {
      const d = await create();
      for (const [over, message] of [
        [{ title: '' }, 'Le titre est requis'],
        [{ slug: '' }, 'Le slug est requis'],
        [{ content: '' }, 'Le contenu est requis'],
        [{ categoryId: 0 }, 'La catégorie est requise'],
        [{ categoryId: 424242 }, 'La catégorie est requise'],
      ] as const) {
        const res = await t.inject({ method: 'PUT', url: `/api/blog-posts/${d.id}`, token: staff.token, payload: postBody(over) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message, code: 'validation' });
      }
    });

    it("answers 409 when taking another post's slug", async () => {
      const a = await create({ slug: 'slug-a' });
      const b = await create({ slug: 'slug-b' });
      const res = await t.inject({ method: 'PUT', url: `/api/blog-posts/${b.id}`, token: staff.token, payload: postBody({ slug: a.slug }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Un article avec ce slug existe déjà', code: 'slug_taken' });
      // Keeping its own slug is fine.
      const same = await t.inject({ method: 'PUT', url: `/api/blog-posts/${b.id}`, token: staff.token, payload: postBody({ slug: b.slug }) });
      expect(same.statusCode).toBe(200);
    });

    it('answers 401, 404 and 400 for odd ids', async () => {
      expect((await t.inject({ method: 'PUT', url: '/api/blog-posts/1', payload: postBody() })).statusCode).toBe(401);
      const missing = await t.inject({ method: 'PUT', url: '/api/blog-posts/999999', token: staff.token, payload: postBody() });
      expect(missing.statusCode).toBe(404);
      for (const id of ODD_IDS) {
        const res = await t.inject({ method: 'PUT', url: `/api/blog-posts/${id}`, token: staff.token, payload: postBody() });
        expect([400, 404], id).toContain(res.statusCode);
      }
    });
  });

  describe('DELETE /api/blog-posts/:id', () => {
    it('deletes with 204, then 404', async () => {
      const d = await create();
      const res = await t.inject({ method: 'DELETE', url: `/api/blog-posts/${d.id}`, token: staff.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await t.inject({ method: 'GET', url: `/api/blog-posts/id/${d.id}`, token: staff.token })).statusCode).toBe(404);
      const again = await t.inject({ method: 'DELETE', url: `/api/blog-posts/${d.id}`, token: staff.token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: 'Article introuvable', code: 'not_found' });
    });

    it('answers 401 without a token and 400 for odd ids', async () => {
      const d = await create();
      expect((await t.inject({ method: 'DELETE', url: `/api/blog-posts/${d.id}` })).statusCode).toBe(401);
      for (const id of ODD_IDS) {
        const res = await t.inject({ method: 'DELETE', url: `/api/blog-posts/${id}`, token: staff.token });
        expect([400, 404], id).toContain(res.statusCode);
      }
      expect((await t.inject({ method: 'GET', url: `/api/blog-posts/id/${d.id}`, token: staff.token })).statusCode).toBe(200);
    });
  });

  describe('functions for the server-rendered pages', () => {
    it('listPublishedPosts and getPublishedPostBySlug return published posts only', async () => {
      const pub = await create({ published: true, slug: 'ssr-published' });
      await create({ published: false, slug: 'ssr-draft' });
      const list = await listPublishedPosts(t.app.ctx);
      expect(list.some((p) => p.id === pub.id)).toBe(true);
      expect(list.every((p) => p.published)).toBe(true);
      expect((await getPublishedPostBySlug(t.app.ctx, 'ssr-published'))?.id).toBe(pub.id);
      expect(await getPublishedPostBySlug(t.app.ctx, 'ssr-draft')).toBeNull();
      expect(await getPublishedPostBySlug(t.app.ctx, 'no-such-post')).toBeNull();
      expect(await getPublishedPostBySlug(t.app.ctx, 'Bad Slug!')).toBeNull();
    });
  });
});

describe.each(backends)('demo blog seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('creates 3 categories, 8 published posts and 1 draft, once', async () => {
    const admin = await t.signIn('admin', { name: 'Seed Author' });
    await seedDemoBlog(t.app.ctx, admin.id);
    await seedDemoBlog(t.app.ctx, admin.id); // second call is a no-op

    const posts = (await t.inject({ method: 'GET', url: '/api/blog-posts?published=true' })).json();
    expect(posts).toHaveLength(8);
    for (const p of posts) {
      expect(p.published).toBe(true);
      expect(p.publishedAt).toMatch(ISO);
      expect(p.featuredImage).toBeNull();
      expect(p.content.length).toBeGreaterThanOrEqual(1500);
      expect(p.content.length).toBeLessThanOrEqual(4000);
      expect(p.content).toMatch(/^## /m);
      expect(p.content).toMatch(/\[[^\]]+\]\([^)]+\)/);
      expect(p.author).toEqual({ id: admin.id, name: 'Seed Author' });
      expect(p.category).not.toBeNull();
    }
    // Staggered dates, newest first, all distinct.
    const dates = posts.map((p: { publishedAt: string }) => p.publishedAt);
    expect(new Set(dates).size).toBe(8);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all = (await t.inject({ method: 'GET', url: '/api/blog-posts', token: admin.token })).json();
    expect(all).toHaveLength(9);
    expect(all.filter((p: { published: boolean }) => !p.published)).toHaveLength(1);

    const cats = (await t.inject({ method: 'GET', url: '/api/blog-categories' })).json();
    expect(cats.map((c: { slug: string }) => c.slug).sort()).toEqual(['fight-culture', 'gym-news', 'training-tips']);
    expect(cats.reduce((s: number, c: { postCount: number }) => s + c.postCount, 0)).toBe(8);

    const first = DEMO_POSTS.find((p) => p.publishedDaysAgo !== null)!;
    expect((await t.inject({ method: 'GET', url: `/api/blog-posts/${first.slug}` })).statusCode).toBe(200);
  });
});
