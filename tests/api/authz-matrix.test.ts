import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBool } from '../../src/server/db/database';
import { endpoints, withId } from '../helpers/endpoints';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Every signed-in endpoint × anonymous, invalid token, deactivated user, staff, admin.
// Calls use an id that does not exist and an empty body, so staff and admin get past the
// guard (a 400 or 404) without changing anything.
describe.each(backends)('authorisation matrix on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let revoked: string;
  let inactive: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    // Deactivated through the API: its sessions are revoked.
    const r = await t.signIn('staff');
    revoked = r.token;
    const off = await t.inject({ method: 'PUT', url: `/api/users/${r.id}`, payload: { isActive: false }, token: admin });
    expect(off.statusCode).toBe(200);
    // Deactivated behind the API's back: the session row survives, the check must still refuse it.
    const i = await t.signIn('admin');
    inactive = i.token;
    await t.app.ctx.db
      .updateTable('users')
      .set({ is_active: fromBool(false) })
      .where('id', '=', i.id)
      .execute();
  });
  afterAll(() => t?.close());

  const guarded = endpoints.filter((e) => e.access !== 'public');
  const call = (e: (typeof guarded)[number], token?: string) =>
    t.inject({
      method: e.method,
      url: withId(e.path, 999999),
      token,
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
    });

  for (const e of guarded) {
    it(`${e.method} ${e.path}`, async () => {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['invalid token', 'not-a-real-token-' + 'x'.repeat(30)],
        ['revoked (deactivated) user', revoked],
        ['inactive user', inactive],
      ] as const) {
        const res = await call(e, token);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(401);
        expect(typeof res.json().error, who).toBe('string');
      }
      const asStaff = e.sessionChanging ? null : await call(e, staff);
      if (asStaff) {
        if (e.access === 'admin') expect(asStaff.statusCode, asStaff.body).toBe(403);
        else expect([401, 403], asStaff.body).not.toContain(asStaff.statusCode);
        expect(asStaff.statusCode).toBeLessThan(500);
      }
      if (!e.sessionChanging) {
        const asAdmin = await call(e, admin);
        expect([401, 403], asAdmin.body).not.toContain(asAdmin.statusCode);
        expect(asAdmin.statusCode, asAdmin.body).toBeLessThan(500);
      }
    });
  }

  it('lists every registered /api route in tests/helpers/endpoints.ts with the access the route declares', () => {
    // The app records each route and its declared access as it is registered, so a new route
    // left out of the list, or one whose access changed, fails here.
    const declared = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(declared).toContainEqual({ method: 'GET', url: '/api/auth/me', access: 'user' });
    expect(declared).toContainEqual({ method: 'PUT', url: '/api/conversations/:id/mark-read', access: 'user' });
    expect(declared).toContainEqual({ method: 'PUT', url: '/api/users/:id', access: 'admin' });
    const key = (method: string, path: string) => `${method} ${path}`;
    const registered = new Map(declared.map((r) => [key(r.method, r.url), r.access]));
    const listed = new Map(endpoints.map((e) => [key(e.method, e.path), e.access]));
    expect(registered.size, 'a route registered twice').toBe(declared.length);
    expect(listed.size, 'an endpoint listed twice').toBe(endpoints.length);
    expect(
      [...registered.keys()].filter((k) => !listed.has(k)),
      'registered, missing from tests/helpers/endpoints.ts',
    ).toEqual([]);
    expect(
      [...listed.keys()].filter((k) => !registered.has(k)),
      'listed, yet no such route',
    ).toEqual([]);
    expect(
      [...registered].filter(([k, access]) => listed.get(k) !== access).map(([k, access]) => `${k}: declares ${access}, listed as ${listed.get(k)}`),
      'access differs',
    ).toEqual([]);
  });

  it('the route catalogue cannot be changed from outside', () => {
    const catalogue = t.app.routeCatalogue;
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(Object.isFrozen(catalogue[0])).toBe(true);
    expect(() => ((t.app as unknown as { routeCatalogue: unknown }).routeCatalogue = [])).toThrow();
  });

  it('public endpoints need no token', async () => {
    for (const e of endpoints.filter((x) => x.access === 'public' && x.method === 'GET')) {
      const res = await t.inject({ method: e.method, url: withId(e.path, 999999) });
      // Answered on its merits (400 for the unsubscribe link without its token), never 401/403;
      // My page's reads answer 401 without the traveller's cookie (a staff token opens none).
      expect(e.travellerSession ? [401] : [200, 400, 404], `${e.path}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
