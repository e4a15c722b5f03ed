import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// The same Accept-Encoding gets the same coding whether the answer is made by the app
// (a cache miss, compressed by @fastify/compress), served from the answer cache by Fastify,
// or served by the fast path before Fastify.
const CASES: [string, 'br' | 'gzip' | undefined][] = [
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=0, br', 'br'],
  ['*;q=0', undefined],
  ['*', 'br'],
  ['gzip;q=0.5, br;q=0.4', 'gzip'],
  ['gzip;q=0, *', 'br'],
  ['identity;q=0', undefined],
  ['gzip, deflate, br', 'br'],
];

const PATH = '/api/blog-posts';

const decode = (body: Buffer, enc: string | undefined) => (enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body);

describe.each(backends)('content-coding negotiation on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let plain: Buffer;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const admin = (await t.signIn('admin')).token;
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news' } });
    const post = { title: 'Long', slug: 'long', content: 'Body '.repeat(600), categoryId: cat.json().id, published: true };
    expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: post })).statusCode).toBe(201);
    plain = (await get(PATH)).body;
    expect(plain.length).toBeGreaterThan(1024);
  });
  afterAll(() => t?.close());

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it.each(CASES)('Accept-Encoding: %s → %s on a miss, a Fastify hit and a fast-path hit', async (header, want) => {
    t.app.ctx.publicCache.invalidate();
    const miss = await get(PATH, { 'accept-encoding': header });
    expect(miss.status).toBe(200);
    expect(miss.headers['content-encoding'], 'miss').toBe(want);
    expect(decode(miss.body, want).equals(plain)).toBe(true);

    expect(t.app.ctx.publicCache.getResponse(PATH), 'the miss was cached').toBeDefined();
    const fastHit = await get(PATH, { 'accept-encoding': header });
    expect(fastHit.headers['content-encoding'], 'fast-path hit').toBe(want);
    expect(decode(fastHit.body, want).equals(plain)).toBe(true);

    const hit = await t.inject({ method: 'GET', url: PATH, headers: { 'accept-encoding': header } });
    expect(hit.headers['content-encoding'], 'Fastify hit').toBe(want);
    expect(decode(hit.rawPayload, want).equals(plain)).toBe(true);
  });

  it('applies the same choice to answers that are never cached', async () => {
    const admin = (await t.signIn('admin')).token;
    for (const [header, want] of CASES) {
      // Signed in: never from the cache, always made (and compressed) by the app.
      const res = await t.inject({ method: 'GET', url: PATH, token: admin, headers: { 'accept-encoding': header } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(want);
      expect(JSON.parse(decode(res.rawPayload, want).toString())[0].slug).toBe('long');
    }
  });
});
