import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

describe.each(backends)('serving on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('GET /healthz checks the database', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /livez answers 200 while the process turns', async () => {
    const res = await t.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api'],
      ['DELETE', '/api/blog-posts'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('answers unknown page paths with the HTML of the app', async () => {
    for (const url of ['/', '/booking', '/blog/some-post', '/some/unknown/page', '/admin/dashboard']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toMatch(/<html/i);
    }
    const asset = await t.inject({ method: 'GET', url: '/assets/missing-file.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('sends security headers with a content security policy that allows no inline script', async () => {
    const res = await t.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain HTTP: no HSTS (tests/security/headers-and-small.test.ts covers HTTPS).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBeTruthy();
    const api = await t.inject({ method: 'GET', url: '/api/blog-posts' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large answers', async () => {
    const admin = await t.signIn('admin');
    for (let i = 0; i < 20; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/register',
        token: admin.token,
        payload: { email: `coach${i}@example.com`, name: `Coach number ${i} with a long enough name`, password: 'longenough1' },
      });
      expect(res.statusCode).toBe(201);
    }
    const plain = await t.inject({ method: 'GET', url: '/api/users', token: admin.token });
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const enc of ['gzip', 'br']) {
      const res = await t.inject({ method: 'GET', url: '/api/users', token: admin.token, headers: { 'accept-encoding': enc } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
    }
  });

  it('never answers a 5xx with details', async () => {
    // A failing database turns into a bare 500 (and, on SQLite where the health probe reads the
    // same connection, a 503 on /healthz once three probes in a row failed). On PostgreSQL the probe
    // has a connection of its own, which a closed pool does not close: tests/api/healthz.test.ts
    // cuts the database off for real.
    const other = await createTestApp(backend);
    await other.app.ctx.db.destroy();
    if (backend === 'sqlite') {
      let health = await other.inject({ method: 'GET', url: '/healthz' });
      for (let i = 0; i < 100 && health.statusCode !== 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        health = await other.inject({ method: 'GET', url: '/healthz' });
      }
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'error', error: 'database unavailable', code: 'internal' });
    }
    const res = await other.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    await other.close().catch(() => {});
  });
});
