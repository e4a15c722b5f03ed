import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST, type ErrorCode } from '../../src/shared/error-codes';
import { STALE_EDIT } from '../../src/shared/messages';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../helpers/test-app';

// Every error answer is `{ error, code }` with a code of the list: the browser chooses its
// words by the code. Fastify's own refusals (body too large, unknown content type, no such
// route) answer the same shape as the routes' own errors.

type Answer = { statusCode: number; body: string; headers: Record<string, unknown> };

function expectError(res: Answer, status: number, code: ErrorCode, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
  expect(String(res.headers['content-type']), what).toMatch(/application\/json/);
  const body = JSON.parse(res.body) as { error?: unknown; code?: unknown };
  expect(Object.keys(body).sort(), what).toEqual(['code', 'error']);
  expect(typeof body.error === 'string' && body.error.length > 0, what).toBe(true);
  expect(ERROR_CODE_LIST, what).toContain(body.code);
  expect(body.code, what).toBe(code);
}

describe.each(backends)('error codes on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    // The real limits: the sweep reaches the login limit too.
    t = await createTestApp(backend, { rateLimits: defaultRateLimits() });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
  });
  afterAll(() => t?.close());

  it('answers a sweep of bad requests with a code of the list', async () => {
    const cases: [what: string, send: () => Promise<Answer>, status: number, code: ErrorCode][] = [
      ['unknown API path', () => t.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found'],
      ['unknown file', () => t.inject({ method: 'GET', url: '/assets/gone.js' }), 404, 'not_found'],
      ['no token', () => t.inject({ method: 'GET', url: '/api/dashboard-stats' }), 401, 'unauthorized'],
      ['staff on an admin route', () => t.inject({ method: 'GET', url: '/api/settings/security', token: staff }), 403, 'forbidden'],
      ['no such record', () => t.inject({ method: 'GET', url: '/api/blog-posts/id/999999', token: admin }), 404, 'not_found'],
      ['invalid payload', () => t.inject({ method: 'POST', url: '/api/contact', payload: { firstName: '' } }), 400, 'validation'],
      ['invalid query', () => t.inject({ method: 'GET', url: '/api/timetable/cancellations?from=nope', token: admin }), 400, 'validation'],
      [
        'malformed JSON',
        () => t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
        400,
        'validation',
      ],
      [
        'unsupported content type',
        () => t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-yaml' }, payload: 'a: 1' }),
        415,
        'unsupported_media_type',
      ],
      [
        'body too large',
        () =>
          t.inject({
            method: 'POST',
            url: '/api/contact',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ m: 'x'.repeat(1_100_000) }),
          }),
        413,
        'payload_too_large',
      ],
      [
        "a path parameter over the router's length",
        () => t.inject({ method: 'PUT', url: `/api/blog-posts/${'x'.repeat(200)}`, payload: {} }),
        414,
        'validation',
      ],
      ['a path that does not decode', () => t.inject({ method: 'GET', url: '/api/blog-posts/%E0%A4%A' }), 400, 'validation'],
      [
        'wrong password',
        () => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong one' } }),
        401,
        'login_failed',
      ],
    ];
    for (const [what, send, status, code] of cases) expectError(await send(), status, code, what);
  });

  it('a stale edit is stale_version, a taken slug slug_taken', async () => {
    const payload = { name: 'Codes', slug: 'codes' };
    const created = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: number; version: number }>();
    expectError(await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload }), 409, 'slug_taken', 'taken slug');
    const first = await t.inject({ method: 'PUT', url: `/api/blog-categories/${id}`, token: admin, payload: { ...payload, name: 'Codes 2', version } });
    expect(first.statusCode).toBe(200);
    const stale = await t.inject({ method: 'PUT', url: `/api/blog-categories/${id}`, token: admin, payload: { ...payload, name: 'Codes 3', version } });
    expectError(stale, 409, 'stale_version', 'stale edit');
    expect(stale.json()).toEqual({ error: STALE_EDIT.category, code: 'stale_version' });
  });

  it('the rate limit answers rate_limited', async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 50; i += 1) {
      last = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `flood${i}@example.com`, password: 'wrong one' } });
      if (last.statusCode === 429) break;
    }
    expectError(last!, 429, 'rate_limited', 'login flood');
  });
});
