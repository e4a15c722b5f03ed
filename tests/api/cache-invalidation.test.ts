import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Each domain's write drops exactly the cached data and answers that show it: an author's
// rename shows at once wherever the name appears, and leaves unrelated answers cached.
describe.each(backends)('public cache invalidation on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let author: { id: number; token: string };
  const SLUG = 'kept-in-cache';

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    author = await t.signIn('staff', { name: 'Coach Before' });
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news' } });
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: author.token,
      payload: { title: 'Cached post', slug: SLUG, content: 'Body', categoryId: cat.json().id, published: true },
    });
    expect(post.statusCode, post.body).toBe(201);
    const ig = await t.inject({
      method: 'POST',
      url: '/api/gallery/instagram',
      token: admin,
      payload: { title: 'IG', instagramUrl: 'https://instagram.com/p/abc' },
    });
    expect(ig.statusCode, ig.body).toBe(201);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url });
  const PUBLIC = [
    '/api/users',
    '/api/blog-posts',
    `/api/blog-posts/${SLUG}`,
    '/api/blog-categories',
    '/api/gallery',
    '/blog',
    `/blog/${SLUG}`,
    '/blog/rss.xml',
  ];
  const warm = async () => {
    for (const url of PUBLIC) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url)).statusCode, url).toBe(200);
      expect(t.app.ctx.publicCache.getResponse(url), `${url} is cached`).toBeDefined();
    }
  };
  const cached = (url: string) => t.app.ctx.publicCache.getResponse(url) !== undefined;

  it('shows a renamed author at once in the author list, the posts and the blog pages', async () => {
    await warm();
    const res = await t.inject({ method: 'PUT', url: `/api/users/${author.id}`, token: admin, payload: { name: 'Coach After' } });
    expect(res.statusCode, res.body).toBe(200);

    const names = (await get('/api/users')).json().map((u: { name: string }) => u.name);
    expect(names).toContain('Coach After');
    expect(names).not.toContain('Coach Before');
    const list = (await get('/api/blog-posts')).json();
    expect(list.find((p: { slug: string }) => p.slug === SLUG).author).toEqual({ id: author.id, name: 'Coach After' });
    expect((await get(`/api/blog-posts/${SLUG}`)).json().author).toEqual({ id: author.id, name: 'Coach After' });
    // Server-written pages (the feed names each post's author; the HTML pages are rendered
    // from the same cached posts).
    const feed = (await get('/blog/rss.xml')).body;
    expect(feed).toContain('Coach After');
    expect(feed).not.toContain('Coach Before');
    expect(cached(`/blog/${SLUG}`)).toBe(false);
    // Asked twice: the second answer, from the cache, has the new name too.
    expect((await get(`/api/blog-posts/${SLUG}`)).json().author.name).toBe('Coach After');
  });

  it('a user change leaves the gallery and categories cached; a gallery change leaves users and posts cached', async () => {
    await warm();
    const res = await t.inject({ method: 'PUT', url: `/api/users/${author.id}`, token: admin, payload: { name: 'Coach Third' } });
    expect(res.statusCode).toBe(200);
    expect(cached('/api/users')).toBe(false);
    expect(cached('/api/blog-posts')).toBe(false);
    expect(cached(`/api/blog-posts/${SLUG}`)).toBe(false);
    expect(cached(`/blog/${SLUG}`)).toBe(false);
    expect(cached('/blog/rss.xml')).toBe(false);
    expect(cached('/api/gallery')).toBe(true);
    expect(cached('/api/blog-categories')).toBe(true);

    await warm();
    const ig = await t.inject({
      method: 'POST',
      url: '/api/gallery/instagram',
      token: admin,
      payload: { title: 'IG 2', instagramUrl: 'https://instagram.com/p/def' },
    });
    expect(ig.statusCode).toBe(201);
    expect(cached('/api/gallery')).toBe(false);
    expect(cached('/api/users')).toBe(true);
    expect(cached('/api/blog-posts')).toBe(true);
    expect(cached('/api/blog-categories')).toBe(true);
    expect((await get('/api/gallery')).json().map((g: { title: string }) => g.title)).toContain('IG 2');
  });

  it('a new author appears in the author list as soon as a post of theirs is published', async () => {
    await warm();
    const newcomer = await t.signIn('staff', { name: 'Coach Newcomer' });
    // The public list names the authors of published posts only.
    expect((await get('/api/users')).json().map((u: { name: string }) => u.name)).not.toContain('Coach Newcomer');
    const cat = (await get('/api/blog-categories')).json()[0];
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: newcomer.token,
      payload: { title: 'First post', slug: `first-${newcomer.id}`, content: 'Body', categoryId: cat.id, published: true },
    });
    expect(post.statusCode, post.body).toBe(201);
    expect((await get('/api/users')).json().map((u: { name: string }) => u.name)).toContain('Coach Newcomer');
  });

  it('a category rename shows in the posts and the category list; the gallery stays cached', async () => {
    await warm();
    const cats = (await get('/api/blog-categories')).json();
    const news = cats.find((c: { slug: string }) => c.slug === 'news');
    const res = await t.inject({ method: 'PUT', url: `/api/blog-categories/${news.id}`, token: admin, payload: { name: 'Fresh news', slug: 'news' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cached('/api/gallery')).toBe(true);
    expect(cached('/api/users')).toBe(true);
    expect((await get(`/api/blog-posts/${SLUG}`)).json().category.name).toBe('Fresh news');
    expect((await get('/api/blog-categories')).json().map((c: { name: string }) => c.name)).toContain('Fresh news');
  });
});
