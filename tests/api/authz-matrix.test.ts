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

  it('catalogues every registered /api route that needs a signed-in user', async () => {
    // The routes come from the router itself, so a new guarded route left out of
    // tests/helpers/endpoints.ts fails here; "needs a user" is what it answers anonymously (401).
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; path: string }[] = [];
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      // printRoutes draws a tree: 4 characters of indent per level, each node a piece of its path.
      const stack: string[] = [];
      for (const line of t.app.printRoutes({ method, commonPrefix: false }).split('\n')) {
        const m = /^((?:│ {3}| {4})*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
        if (!m) continue;
        stack.length = m[1].length / 4;
        stack.push(m[2]);
        if (m[3]?.split(', ').includes(method)) routes.push({ method, path: stack.join('') });
      }
    }
    expect(routes).toContainEqual({ method: 'GET', path: '/api/auth/me' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/conversations/:id/mark-read' });

    const needsUser = new Set<string>();
    for (const r of routes.filter((x) => x.path.startsWith('/api/'))) {
      const res = await t.inject({
        method: r.method,
        url: r.path.replace(/:\w+/g, '999999'),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode === 401) needsUser.add(`${r.method} ${r.path.replace(/:\w+/g, ':id')}`);
    }
    const catalogued = new Set(guarded.map((e) => `${e.method} ${e.path}`));
    expect(
      [...needsUser].filter((k) => !catalogued.has(k)),
      'routes needing a user, missing from tests/helpers/endpoints.ts',
    ).toEqual([]);
    expect(
      [...catalogued].filter((k) => !needsUser.has(k)),
      'catalogued as signed-in, yet not a guarded route',
    ).toEqual([]);
  });

  it('public endpoints need no token', async () => {
    for (const e of endpoints.filter((x) => x.access === 'public' && x.method === 'GET')) {
      const res = await t.inject({ method: e.method, url: e.path });
      // Answered on its merits (400 for the unsubscribe link without its token), never 401/403.
      expect([200, 400, 404], `${e.path}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
