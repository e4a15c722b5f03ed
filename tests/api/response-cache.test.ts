import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

describe.each(backends)('cached public answers on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news', description: null } });
    categoryId = cat.json().id;
  });
  afterAll(() => t?.close());

  const post = (n: number, published = true) => ({ title: `Post ${n}`, slug: `post-${n}`, content: 'Body '.repeat(400), excerpt: 'x', featuredImage: null, metaTitle: null, metaDescription: null, categoryId, published });

  it('serves the same bytes again, compressed on request, and shows a write at once', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: post(1) })).statusCode).toBe(201);
    const first = await t.inject({ method: 'GET', url: '/api/blog-posts?published=true' });
    const second = await t.inject({ method: 'GET', url: '/api/blog-posts?published=true' });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/application\/json/);
    const br = await t.inject({ method: 'GET', url: '/api/blog-posts?published=true', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await t.inject({ method: 'GET', url: '/api/blog-posts?published=true', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    // Security headers are on cached answers too.
    expect(second.headers['x-content-type-options']).toBe('nosniff');

    expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: post(2) })).statusCode).toBe(201);
    const after = (await t.inject({ method: 'GET', url: '/api/blog-posts?published=true' })).json();
    expect(after.map((p: { slug: string }) => p.slug)).toContain('post-2');
  });

  it('never serves a cached answer to a signed-in caller, nor caches theirs', async () => {
    await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: post(3, false) });
    const anon = (await t.inject({ method: 'GET', url: '/api/blog-posts' })).json();
    expect(anon.map((p: { slug: string }) => p.slug)).not.toContain('post-3');
    const signedIn = (await t.inject({ method: 'GET', url: '/api/blog-posts', token: admin })).json();
    expect(signedIn.map((p: { slug: string }) => p.slug)).toContain('post-3');
    const anonAgain = (await t.inject({ method: 'GET', url: '/api/blog-posts' })).json();
    expect(anonAgain.map((p: { slug: string }) => p.slug)).not.toContain('post-3');
  });

  it('keeps counting page views for pages served from the cache', async () => {
    await t.app.ctx.stats.flush();
    const count = async () =>
      Number((await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'page_view').execute()).reduce((a, r) => a + Number(r.value), 0));
    const before = await count();
    for (let i = 0; i < 3; i++) expect((await t.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    await t.app.ctx.stats.flush();
    expect((await count()) - before).toBe(3);
  });

  it('does not cache errors or private paths', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/blog-posts/nope' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: { ...post(4), slug: 'nope' } })).statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: '/api/blog-posts/nope' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/dashboard-stats' })).statusCode).toBe(401);
  });
});

describe('the public author list follows user changes', () => {
  it('shows a new user and a rename at once', async () => {
    const t = await createTestApp('sqlite');
    try {
      const admin = (await t.signIn('admin')).token;
      const before = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      const res = await t.inject({ method: 'POST', url: '/api/auth/register', token: admin, payload: { email: 'c@example.com', name: 'Coach C', password: 'longenough1' } });
      const after = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      expect(after.length).toBe(before.length + 1);
      await t.inject({ method: 'PUT', url: `/api/users/${res.json().id}`, token: admin, payload: { name: 'Coach Cee' } });
      const renamed = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      expect(renamed.map((u: { name: string }) => u.name)).toContain('Coach Cee');
    } finally {
      await t.close();
    }
  });
});
