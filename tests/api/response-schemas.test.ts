import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as usersPresenter from '../../src/server/users/users.presenter';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { bookingPayload } from '../helpers/factories';

// A presenter that slips: it hands the password hash on with the record. The routes' response
// schemas must still keep it (and anything else unlisted) out of every answer.
vi.mock('../../src/server/users/users.presenter', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/users/users.presenter')>();
  type Row = Parameters<typeof real.presentUser>[0];
  const leaky = (u: Row) => ({ ...real.presentUser(u), password_hash: u.password_hash, passwordHash: u.password_hash });
  return {
    ...real,
    presentUser: leaky,
    presentSessionUser: (u: Row) => ({ ...real.presentSessionUser(u), password_hash: u.password_hash }),
    // The public list's rows hold ids and names only, so this one makes up what it adds.
    presentUserName: (u: Pick<Row, 'id' | 'name'>) => ({ ...real.presentUserName(u), email: 'leak@example.com', password_hash: '$argon2id$leak' }),
  };
});

// A coming 14:00 session (gym time): bookings lie between today and two years ahead.
const booking = bookingPayload({ name: 'Cache Tester', email: 'cache@example.com', course: 'Muay Thai All Levels' });

describe.each(backends)('answers on %s', (backend) => {
  let t: TestApp;
  let admin: { token: string; id: number };
  let staff: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
    staff = await t.signIn('staff');
  });
  afterAll(() => t?.close());

  it('the stand-in presenter does leak the hash (so the checks below mean something)', async () => {
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(usersPresenter.presentUser(row)).toHaveProperty('password_hash', row.password_hash);
    expect(usersPresenter.presentUserName(row)).toHaveProperty('email');
  });

  it('user records never carry the password hash, whatever the presenter returns', async () => {
    const list = await t.inject({ method: 'GET', url: '/api/users', token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(/password|argon2/i);
    expect(Object.keys(list.json()[0]).sort()).toEqual(['createdAt', 'email', 'id', 'isActive', 'name', 'role', 'version']);

    const me = await t.inject({ method: 'GET', url: '/api/auth/me', token: staff.token });
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toMatch(/password|argon2/i);
    expect(me.json()).toMatchObject({ id: staff.id, staff: true, admin: false });

    const edited = await t.inject({ method: 'PUT', url: `/api/users/${staff.id}`, token: admin.token, payload: { name: 'Renamed staff' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).not.toMatch(/password|argon2/i);
    expect(edited.json().name).toBe('Renamed staff');

    const created = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      token: admin.token,
      payload: { email: 'new-user@example.com', name: 'New', password: 'long enough pw' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toMatch(/password|argon2/i);
  });

  it('the public author list is ids and names only, even from a presenter that adds more', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|argon2|@example\.com/i);
    for (const u of res.json()) expect(Object.keys(u).sort()).toEqual(['id', 'name']);
    // A staff token is not an admin's: still the public list.
    const asStaff = await t.inject({ method: 'GET', url: '/api/users', token: staff.token });
    for (const u of asStaff.json()) expect(Object.keys(u).sort()).toEqual(['id', 'name']);
  });

  it('signed-in answers carry Cache-Control: no-store; anonymous public ones do not', async () => {
    const made = await t.inject({ method: 'POST', url: '/api/reservations', payload: booking });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['cache-control'] ?? '').not.toMatch(/no-store/);

    const list = await t.inject({ method: 'GET', url: '/api/reservations', token: staff.token });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().some((r: { name: string }) => r.name === 'Cache Tester')).toBe(true);

    // A public read made with a token shows that person's view (drafts): not for shared caches.
    const withToken = await t.inject({ method: 'GET', url: '/api/blog-categories', token: staff.token });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
    const anonymous = await t.inject({ method: 'GET', url: '/api/blog-categories' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control'] ?? '').not.toMatch(/no-store/);

    // Refusals to a signed-in caller too (an admin-only route asked by staff).
    const refused = await t.inject({ method: 'PUT', url: `/api/users/${admin.id}`, token: staff.token, payload: { name: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
