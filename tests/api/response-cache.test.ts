import http from 'node:http';
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

  const post = (n: number, published = true) => ({
    title: `Post ${n}`,
    slug: `post-${n}`,
    content: 'Body '.repeat(400),
    excerpt: 'x',
    featuredImage: null,
    metaTitle: null,
    metaDescription: null,
    categoryId,
    published,
  });

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
      Number(
        (await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'page_view').execute()).reduce((a, r) => a + Number(r.value), 0),
      );
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
  it('shows a new author and a rename at once', async () => {
    const t = await createTestApp('sqlite');
    try {
      const admin = (await t.signIn('admin')).token;
      const before = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      const coach = await t.signIn('staff', { name: 'Coach C' });
      // The public list names the authors of published posts: the new user's first post adds them.
      const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news' } });
      const post = await t.inject({
        method: 'POST',
        url: '/api/blog-posts',
        token: coach.token,
        payload: { title: 'Hello', slug: 'hello', content: 'Body', categoryId: cat.json().id, published: true },
      });
      expect(post.statusCode, post.body).toBe(201);
      const after = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      expect(after.length).toBe(before.length + 1);
      await t.inject({ method: 'PUT', url: `/api/users/${coach.id}`, token: admin, payload: { name: 'Coach Cee' } });
      const renamed = (await t.inject({ method: 'GET', url: '/api/users' })).json();
      expect(renamed.map((u: { name: string }) => u.name)).toContain('Coach Cee');
    } finally {
      await t.close();
    }
  });
});

// Over real HTTP, hits are written by the server's request handler before Fastify (the fast
// path); they must answer exactly what Fastify answered the first time.
describe.each(backends)('cached public answers over HTTP on %s', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  const withoutDate = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'keep-alive', 'vary'].includes(k)));

  it('a hit has the status, headers (security headers included) and bytes of the first answer', async () => {
    for (const path of ['/api/gallery', '/api/blog-posts?published=true', '/']) {
      for (const enc of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const first = await get(path, enc);
        const hit = await get(path, enc);
        expect(hit.status, path).toBe(200);
        expect(withoutDate(hit.headers), path).toEqual(withoutDate(first.headers));
        expect(hit.body.equals(first.body), path).toBe(true);
        expect(hit.headers['content-security-policy']).toContain("script-src 'self'");
        expect(hit.headers['x-content-type-options']).toBe('nosniff');
        expect(hit.headers.vary).toMatch(/accept-encoding/i);
      }
    }
    const br = await get('/api/gallery', { 'accept-encoding': 'br' });
    const plain = await get('/api/gallery');
    if (plain.body.length >= 1024) expect(br.headers['content-encoding']).toBe('br');
    const decoded = br.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(br.body) : br.body;
    expect(decoded.equals(plain.body)).toBe(true);
  });

  it('never answers a signed-in caller from the cache, and a write shows at once', async () => {
    const admin = (await t.signIn('admin')).token;
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'Fast', slug: 'fast', description: null } });
    const draft = {
      title: 'Hidden draft',
      slug: 'hidden-draft',
      content: 'x',
      excerpt: 'x',
      featuredImage: null,
      metaTitle: null,
      metaDescription: null,
      categoryId: cat.json().id,
      published: false,
    };
    expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: draft })).statusCode).toBe(201);
    const slugs = (r: { body: Buffer }) => (JSON.parse(r.body.toString()) as { slug: string }[]).map((p) => p.slug);
    await get('/api/blog-posts');
    const anonHit = await get('/api/blog-posts');
    expect(slugs(anonHit)).not.toContain('hidden-draft');
    const signedIn = await get('/api/blog-posts', { authorization: `Bearer ${admin}` });
    expect(slugs(signedIn)).toContain('hidden-draft');

    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `/api/blog-posts/${(await t.inject({ method: 'GET', url: '/api/blog-posts/hidden-draft', headers: { authorization: `Bearer ${admin}` } })).json().id}`,
          token: admin,
          payload: { ...draft, published: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(slugs(await get('/api/blog-posts'))).toContain('hidden-draft');
  });

  it('counts a page view for every page served from the fast path', async () => {
    await get('/booking');
    await t.app.ctx.stats.flush();
    const count = async () =>
      (await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'page_view').execute()).reduce((a, r) => a + Number(r.value), 0);
    const before = await count();
    for (let i = 0; i < 4; i++) expect((await get('/booking')).status).toBe(200);
    await t.app.ctx.stats.flush();
    expect((await count()) - before).toBe(4);
  });
});
