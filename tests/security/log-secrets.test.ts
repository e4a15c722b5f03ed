import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 45 point 4: no link's key reaches the request log. Every registered route (the API's,
// the pages', the calendar feeds') is called with a marker in each path parameter and in each
// key-like query parameter, signed in as an admin so that handlers run too; the whole log, at
// trace level, must not hold the marker.

/** Shaped like a real key: long and opaque. */
const MARKER = 'SECRETMARKER0123456789abcdef';
/** Too short to look like a key: only a route's own declaration hides it. */
const SHORT = 'sEkReT42';
/** Parameter names that carry a link's key (a token, a feed's secret, a letter's code, a feed file). */
const KEY_NAME = /token|secret|code|file|key/i;

interface Call {
  method: string;
  url: string;
}

/** Every line the app logs, as written. */
function logSink() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

/** The path with every parameter (and a wildcard's rest) replaced by `value(name)`. */
const fill = (url: string, value: (name: string) => string) => url.replace(/:(\w+)/g, (_, name: string) => value(name)).replace(/\*$/, value('*'));

describe.each(backends)('the request log on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  const log = logSink();
  /** The query parameters each API route declares, by "METHOD /path/:param". */
  const queries = new Map<string, string[]>();

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { LOG_LEVEL: 'trace' }, { logStream: log.stream });
    admin = await t.signIn('admin');
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        queries.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, names);
      }
    }
  });
  afterAll(() => t?.close());

  /** Every route, with `value` in its parameters; signing out last. */
  function calls(value: (name: string) => string): Call[] {
    const routes = t.app.routeCatalogue.filter((r) => r.method !== 'OPTIONS');
    const ordered = [...routes.filter((r) => r.url !== '/api/auth/logout'), ...routes.filter((r) => r.url === '/api/auth/logout')];
    return ordered.map((r) => {
      const keys = (queries.get(`${r.method} ${r.url}`) ?? []).filter((n) => KEY_NAME.test(n));
      const query = keys.map((n) => `${n}=${value(n)}`).join('&');
      return { method: r.method, url: fill(r.url, value) + (query ? `?${query}` : '') };
    });
  }

  /** The pages and feeds behind a key, in their other forms, and paths no route has. */
  const extra = (key: string): Call[] =>
    [
      `/calendar/trainer/${key}.ics`,
      `/booking/manage/${key}`,
      `/ru/booking/manage/${key}`,
      `/th/booking/order/${key}/`,
      `/de/booking/waitlist/${key}?lang=de`,
      `/zh/verify/${key}`,
      `/admin/reset-password?token=${key}`,
      `/nothing/here/${key}?token=${key}&secret=${key}&key=${key}`,
      `/api/nothing/${key}`,
      // A path the router cannot decode is answered (and logged) before any route.
      `/booking/manage/%E0%A4%A/${key}`,
    ].map((url) => ({ method: 'GET', url }));

  async function walk(list: Call[]) {
    let token = admin.token;
    for (const call of list) {
      const res = await t.inject({ method: call.method, url: call.url, token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
      if (call.url === '/api/auth/logout') token = (await t.signIn('admin')).token;
    }
  }

  const holding = (marker: string) => log.lines.filter((line) => line.includes(marker));

  it('never holds a long key put in any route’s path or key-like query parameter', async () => {
    const list = [...calls(() => MARKER), ...extra(MARKER)];
    // The walk holds every operation of the API document (and the routes it leaves out).
    const walked = new Set(t.app.routeCatalogue.map((r) => `${r.method} ${r.url}`));
    expect([...queries.keys()].filter((op) => !walked.has(op))).toEqual([]);
    expect(list.length).toBeGreaterThan(200);
    const before = log.lines.length;
    await walk(list);
    const incoming = log.lines.slice(before).filter((line) => line.includes('"incoming request"'));
    // Every call was logged (pages' own API reads add more).
    expect(incoming.length).toBeGreaterThanOrEqual(list.length);
    expect(holding(MARKER)).toEqual([]);
    const urls = incoming.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toContain('/api/private-lessons/manage/[redacted]/move');
    expect(urls).toContain('/calendar/trainer/[redacted]');
    expect(urls).toContain('/ru/booking/manage/[redacted]');
    expect(urls).toContain('/admin/reset-password?token=[redacted]');
    expect(urls).toContain('/booking/manage/%E0%A4%A/[redacted]');
  });

  it('never holds a short key either: routes declare the parameters that carry one', async () => {
    const before = log.lines.length;
    await walk([...calls((name) => (KEY_NAME.test(name) ? SHORT : '1')), ...extra(SHORT).filter((c) => !/^\/(?:api\/)?nothing\/|\/$|%A\//.test(c.url))]);
    expect(holding(SHORT)).toEqual([]);
    // What is no key stays readable.
    const urls = log.lines.slice(before).map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url);
    expect(urls).toContain('/api/reservations/1');
    expect(urls).toContain('/api/orders/by-token/[redacted]/receipt.pdf');
    expect(urls).toContain('/api/newsletter/unsubscribe?token=[redacted]');
  });
});
