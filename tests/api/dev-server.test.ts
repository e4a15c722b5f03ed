import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// npm run dev: the same Fastify app with Vite's dev server in middleware mode. Pages are still
// rendered on the server (from the sources), modules come from Vite, the API is untouched.
describe('development server (NODE_ENV=development)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { dev: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 120_000);
  afterAll(() => t?.close());

  it('renders pages on the server from the sources, with Vite’s client for hot reload', async () => {
    const res = await fetch(`${base}/booking`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('Book Your Class');
    // The React refresh preamble is inline: allowed in development only.
    expect(res.headers.get('content-security-policy')).toContain("'unsafe-inline'");
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404 Page Not Found');
  });

  it('serves the front end’s modules through Vite', async () => {
    const res = await fetch(`${base}/src/web/main.tsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toMatch(/import/);
  });

  it('leaves the API and the health check to the server', async () => {
    const api = await fetch(`${base}/api/gallery`);
    expect(api.status).toBe(200);
    expect(Array.isArray(await api.json())).toBe(true);
    const unknown = await fetch(`${base}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
