import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Point 7 of "Open to the internet": every back-office write, sign-in and sign-out is recorded
// (who, what, when, from where), admins read it with filters, and it is kept for a year.

const DAY = 24 * 3_600_000;

describe.each(backends)('audit log on %s', (backend) => {
  let t: TestApp;
  let admin: { token: string; id: number; email: string; password: string };
  let staff: { token: string; id: number; email: string; password: string };
  const entries = () => t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  const lastEntry = async () => (await entries()).at(-1)!;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
    staff = await t.signIn('staff');
  });
  afterAll(() => t?.close());

  it('records a write of each kind with the user, the address, the route and the entity, never a value', async () => {
    const from = '203.0.113.7';
    const created = await t.inject({
      method: 'POST',
      url: '/api/blog-categories',
      token: staff.token,
      remoteAddress: from,
      payload: { name: 'Audit secrets', slug: 'audit-secrets', description: 'never-in-the-log' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const e = await lastEntry();
    expect(e).toMatchObject({
      user_id: staff.id,
      user_email: staff.email,
      method: 'POST',
      route: '/api/blog-categories',
      entity_type: 'blog-categories',
      entity_id: String(id),
      status: 201,
      ip: from,
    });
    expect(e.summary).toContain('name');
    expect(e.summary).toContain('description');
    expect(new Date(e.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const put = await t.inject({
      method: 'PUT',
      url: `/api/blog-categories/${id}`,
      token: staff.token,
      payload: { name: 'Audit renamed', slug: 'audit-renamed' },
    });
    expect(put.statusCode).toBe(200);
    expect(await lastEntry()).toMatchObject({
      method: 'PUT',
      route: '/api/blog-categories/:id',
      entity_type: 'blog-categories',
      entity_id: String(id),
      status: 200,
    });

    const patch = await t.inject({ method: 'PATCH', url: '/api/timetable/classes/1', token: staff.token, payload: { description: 'Edited' } });
    expect(patch.statusCode).toBe(200);
    expect(await lastEntry()).toMatchObject({
      method: 'PATCH',
      route: '/api/timetable/classes/:id',
      entity_type: 'timetable/classes',
      entity_id: '1',
      summary: 'description',
    });

    const del = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${id}`, token: staff.token });
    expect(del.statusCode).toBeLessThan(300);
    expect(await lastEntry()).toMatchObject({ method: 'DELETE', route: '/api/blog-categories/:id', entity_id: String(id), user_id: staff.id });

    // A refused write is recorded with its outcome (a staff member on an admin route).
    const refused = await t.inject({ method: 'PUT', url: `/api/users/${admin.id}`, token: staff.token, payload: { password: 'stolen-password-1' } });
    expect(refused.statusCode).toBe(403);
    expect(await lastEntry()).toMatchObject({ route: '/api/users/:id', status: 403, user_id: staff.id, entity_id: String(admin.id) });

    // An admin's password change: the field's name, never its value.
    const other = await t.signIn('staff');
    const changed = await t.inject({ method: 'PUT', url: `/api/users/${other.id}`, token: admin.token, payload: { password: 'brand-new-password-9' } });
    expect(changed.statusCode).toBe(200);
    expect(await lastEntry()).toMatchObject({ route: '/api/users/:id', user_id: admin.id, entity_id: String(other.id), summary: 'password', status: 200 });

    // Reads are not recorded.
    const before = (await entries()).length;
    expect((await t.inject({ method: 'GET', url: '/api/blog-categories', token: staff.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/reservations', token: staff.token })).statusCode).toBe(200);
    expect((await entries()).length).toBe(before);

    const all = JSON.stringify(await entries());
    expect(all).not.toContain('never-in-the-log');
    expect(all).not.toContain('stolen-password-1');
    expect(all).not.toContain('brand-new-password-9');
  });

  it('records sign-ins, failed sign-ins and sign-outs, without the password or the token', async () => {
    const from = '198.51.100.23';
    const bad = await t.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { email: staff.email, password: 'wrong-guess-123' } });
    expect(bad.statusCode).toBe(401);
    expect(await lastEntry()).toMatchObject({ route: '/api/auth/login', method: 'POST', status: 401, user_id: null, user_email: staff.email, ip: from });

    const unknown = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from,
      payload: { email: 'Nobody@Example.com', password: 'whatever-1' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(await lastEntry()).toMatchObject({ status: 401, user_id: null, user_email: 'nobody@example.com' });

    const ok = await t.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { email: staff.email, password: staff.password } });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    expect(await lastEntry()).toMatchObject({
      route: '/api/auth/login',
      status: 200,
      user_id: staff.id,
      user_email: staff.email,
      ip: from,
      summary: 'email, password',
    });

    const out = await t.inject({ method: 'POST', url: '/api/auth/logout', token, remoteAddress: from });
    expect(out.statusCode).toBe(200);
    expect(await lastEntry()).toMatchObject({ route: '/api/auth/logout', status: 200, user_id: staff.id, user_email: staff.email, ip: from });

    const all = JSON.stringify(await entries());
    expect(all).not.toContain('wrong-guess-123');
    expect(all).not.toContain(staff.password);
    expect(all).not.toContain(token);
  });

  it('does not record sign-ins a rate limit refused unchecked (a flood would grow the log)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.99',
        payload: { email: 'flood@example.com', password: `guess-${i}-xx` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    const rows = await t.app.ctx.db.selectFrom('audit_log').select('status').where('user_email', '=', 'flood@example.com').execute();
    expect(rows.length).toBe(statuses.filter((s) => s !== 429).length);
    expect(rows.every((r) => r.status === 401)).toBe(true);
  });

  it('admins read it; staff get 403 and anonymous callers 401', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/audit-log', token: staff.token })).statusCode).toBe(403);
    const res = await t.inject({ method: 'GET', url: '/api/audit-log', token: admin.token });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe((await entries()).length);
    expect(page.items[0]).toMatchObject({ method: expect.any(String), route: expect.any(String), createdAt: expect.any(String), ip: expect.any(String) });
    // Newest first.
    const ids = (page.items as { id: number }[]).map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.users).toEqual(expect.arrayContaining([{ id: staff.id, email: staff.email }]));
    expect(page.actions).toEqual(expect.arrayContaining(['POST /api/blog-categories', 'POST /api/auth/login']));
  });

  it('filters by user, action, date range and text, and pages', async () => {
    const get = async (query: string) => {
      const res = await t.inject({ method: 'GET', url: `/api/audit-log?${query}`, token: admin.token });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { userId: number | null; method: string; route: string; createdAt: string; ip: string }[]; total: number }>();
    };
    const byStaff = await get(`userId=${staff.id}`);
    expect(byStaff.total).toBeGreaterThan(3);
    expect(byStaff.items.every((i) => i.userId === staff.id)).toBe(true);

    const logins = await get(`action=${encodeURIComponent('POST /api/auth/login')}`);
    expect(logins.items.length).toBeGreaterThanOrEqual(4);
    expect(logins.items.every((i) => i.route === '/api/auth/login' && i.method === 'POST')).toBe(true);

    const text = await get('q=198.51.100');
    expect(text.total).toBe(4);
    expect(text.items.every((i) => i.ip === '198.51.100.23')).toBe(true);
    expect((await get('q=NOBODY@example')).total).toBe(1);
    // LIKE's wildcards are taken literally.
    expect((await get('q=%25')).total).toBe(0);

    // An old entry, outside a date range that covers today (gym time).
    const oldAt = new Date(Date.now() - 40 * DAY).toISOString();
    await t.app.ctx.db
      .insertInto('audit_log')
      .values({
        created_at: oldAt,
        user_id: staff.id,
        user_email: staff.email,
        method: 'DELETE',
        route: '/api/gallery/:id',
        entity_type: 'gallery',
        entity_id: '9',
        status: 204,
        ip: '192.0.2.1',
        summary: null,
      })
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const recent = await get(`from=${yesterday}&to=${tomorrow}`);
    expect(recent.items.some((i) => i.route === '/api/gallery/:id')).toBe(false);
    const total = (await entries()).length;
    expect(recent.total).toBe(total - 1);
    const old = await get(`to=${new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10)}`);
    expect(old.total).toBe(1);
    expect(old.items[0].route).toBe('/api/gallery/:id');
    expect((await get(`from=${today}&to=${yesterday}`)).total).toBe(0);

    // Paging: pages of 2 cover every entry once.
    const p1 = await get('pageSize=2&page=1');
    const p2 = await get('pageSize=2&page=2');
    expect(p1.items).toHaveLength(2);
    expect(p2.items).toHaveLength(2);
    expect(p1.total).toBe(total);
    expect(new Set([...p1.items, ...p2.items].map((i) => JSON.stringify(i))).size).toBe(4);
    expect((await get(`pageSize=2&page=${Math.ceil(total / 2) + 1}`)).items).toHaveLength(0);

    const bad = await t.inject({ method: 'GET', url: '/api/audit-log?from=yesterday', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/audit-log?pageSize=5000', token: admin.token })).statusCode).toBe(400);
  });

  it('purges entries older than a year, daily and at start', async () => {
    const now = Date.now();
    const row = (daysAgo: number, route: string) => ({
      created_at: new Date(now - daysAgo * DAY).toISOString(),
      user_id: admin.id,
      user_email: admin.email,
      method: 'POST',
      route,
      entity_type: null,
      entity_id: null,
      status: 200,
      ip: '192.0.2.2',
      summary: null,
    });
    await t.app.ctx.db
      .insertInto('audit_log')
      .values([row(400, '/api/purge/too-old'), row(367, '/api/purge/just-too-old'), row(360, '/api/purge/kept')])
      .execute();
    const deleted = await t.app.auditPurge.runOnce();
    expect(deleted).toBe(2);
    const routes = (await entries()).map((e) => e.route);
    expect(routes).toContain('/api/purge/kept');
    expect(routes).not.toContain('/api/purge/too-old');
    expect(routes).not.toContain('/api/purge/just-too-old');

    // At start: another instance on the same storage purges as its workers start.
    await t.app.ctx.db.insertInto('audit_log').values(row(500, '/api/purge/at-start')).execute();
    const second = await buildApp(t.config, { logger: false });
    try {
      await second.ready();
      // stop() waits for the run start() began; nothing else purges here.
      await second.auditPurge.stop();
      const left = await t.app.ctx.db.selectFrom('audit_log').select('id').where('route', '=', '/api/purge/at-start').execute();
      expect(left).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('a failing audit insert does not fail the write, and is logged', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ ...t.config, logLevel: 'error' }, { logStream: { write: (l: string) => void lines.push(l) }, startWorkers: false });
    try {
      await logged.ready();
      // The table is gone: every insert of the audit fails.
      await t.app.ctx.db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
      const res = await logged.inject({
        method: 'POST',
        url: '/api/blog-categories',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { name: 'Written without audit', slug: 'written-without-audit' },
      });
      expect(res.statusCode).toBe(201);
      const stored = await t.app.ctx.db.selectFrom('blog_categories').select('name').where('name', '=', 'Written without audit').execute();
      expect(stored).toHaveLength(1);
      const failure = lines
        .map((l) => JSON.parse(l) as { msg: string; level: number; audit?: { route: string } })
        .find((l) => l.msg === 'audit entry could not be written');
      expect(failure).toBeDefined();
      expect(failure?.level).toBe(50);
      expect(failure?.audit?.route).toBe('/api/blog-categories');
    } finally {
      await t.app.ctx.db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
      await logged.close();
    }
  });
});
