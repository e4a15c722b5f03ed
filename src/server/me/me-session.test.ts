import { afterEach, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { confirm, customer, me, signedIn, signInMail } from '../../../tests/helpers/me-sign-in';

// Issue 47, point 1: My page's session, on both databases. The cookie (HttpOnly, SameSite=Lax,
// Secure behind HTTPS), its end after 30 days or 14 idle days, signing out, an erase that ends
// every session, a merge that the session follows, and the wall between it and staff tokens.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(backends)('My page: the session on %s', (backend) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.close();
  });
  const open = async (overrides: Parameters<typeof createTestApp>[1] = {}) => {
    const t = await createTestApp(backend, overrides, {}, { startWorkers: false });
    apps.push(t);
    return t;
  };
  const sessionRows = (t: TestApp) => t.app.ctx.db.selectFrom('me_sessions').selectAll().orderBy('id').execute();

  it('sets an HttpOnly, SameSite=Lax cookie, Secure only when the request came over HTTPS', async () => {
    for (const trustProxy of [false, true]) {
      const t = await open({ trustProxy });
      await customer(t, 'cookie@example.com');
      const plain = await confirm(t, (await signInMail(t, 'cookie@example.com')).token);
      const viaProxy = await confirm(t, (await signInMail(t, 'cookie@example.com')).token, { 'x-forwarded-proto': 'https' });
      for (const res of [plain, viaProxy]) {
        const set = String(res.headers['set-cookie']);
        expect(set).toMatch(/^me_session=[A-Za-z0-9_-]{43}; /);
        expect(set).toContain('; HttpOnly');
        expect(set).toContain('; SameSite=Lax');
        expect(set).toContain('; Path=/');
        expect(set).toContain(`; Max-Age=${30 * 86_400}`);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
      // X-Forwarded-Proto counts only from a trusted proxy.
      expect(String(viaProxy.headers['set-cookie']).includes('; Secure')).toBe(trustProxy);
    }
  });

  it('answers 401 when signed out, the person when signed in, and no cache keeps it', async () => {
    const t = await open();
    const out = await me(t);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ error: expect.any(String), code: 'unauthorized' });
    expect((await me(t, 'me_session=not-a-token')).statusCode).toBe(401);
    await customer(t, 'in@example.com', 'In Person', 'de');
    const res = await me(t, await signedIn(t, 'in@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ person: { name: 'In Person', email: 'in@example.com' }, language: 'de', bookings: { upcoming: [], past: [] } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('ends after 14 idle days and after 30 days however used', async () => {
    const t = await open();
    await customer(t, 'idle@example.com');
    const [a, b, c] = [await signedIn(t, 'idle@example.com'), await signedIn(t, 'idle@example.com'), await signedIn(t, 'idle@example.com')];
    const [ra, rb, rc] = await sessionRows(t);
    const db = t.app.ctx.db;
    // a: last seen 13 days ago (alive, and seen now); b: 15 days ago (ended); c: used daily, but made 30 days ago.
    await db
      .updateTable('me_sessions')
      .set({ created_at: ago(20), last_used_at: ago(13) })
      .where('id', '=', ra.id)
      .execute();
    await db
      .updateTable('me_sessions')
      .set({ created_at: ago(20), last_used_at: ago(15) })
      .where('id', '=', rb.id)
      .execute();
    await db
      .updateTable('me_sessions')
      .set({ created_at: ago(30), expires_at: ago(0.001), last_used_at: ago(0.5) })
      .where('id', '=', rc.id)
      .execute();
    expect((await me(t, a)).statusCode).toBe(200);
    expect((await me(t, b)).statusCode).toBe(401);
    expect((await me(t, c)).statusCode).toBe(401);
    const touched = (await sessionRows(t)).find((r) => r.id === ra.id)!;
    expect(Date.now() - Date.parse(touched.last_used_at)).toBeLessThan(60_000);
    expect(Date.parse(touched.expires_at) - Date.parse(ra.created_at)).toBe(30 * DAY);
  });

  it('signing out ends the session of this browser only', async () => {
    const t = await open();
    await customer(t, 'out@example.com');
    const [here, there] = [await signedIn(t, 'out@example.com'), await signedIn(t, 'out@example.com')];
    const res = await t.inject({ method: 'POST', url: '/api/me/sign-out', headers: { cookie: here } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^me_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    expect((await me(t, here)).statusCode).toBe(401);
    expect((await me(t, there)).statusCode).toBe(200);
    // Signing out without a session changes nothing and says so alike.
    expect((await t.inject({ method: 'POST', url: '/api/me/sign-out' })).statusCode).toBe(204);
  });

  it('an erase of the person ends every session and sign-in link', async () => {
    const t = await open();
    const person = await customer(t, 'erase@example.com');
    await customer(t, 'keep@example.com');
    const sessions = [await signedIn(t, 'erase@example.com'), await signedIn(t, 'erase@example.com')];
    const kept = await signedIn(t, 'keep@example.com');
    const pending = await signInMail(t, 'erase@example.com');
    const staff = await t.signIn('staff');
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff.token, payload: { email: 'erase@example.com' } });
    expect(erased.statusCode, erased.body).toBe(200);
    for (const cookie of sessions) expect((await me(t, cookie)).statusCode).toBe(401);
    expect((await confirm(t, pending.token)).statusCode).toBe(400);
    expect((await me(t, kept)).statusCode).toBe(200);
    const db = t.app.ctx.db;
    expect(await db.selectFrom('me_sign_ins').select('id').where('customer_id', '=', person.id).execute()).toHaveLength(0);
    expect((await sessionRows(t)).map((r) => r.customer_id)).not.toContain(person.id);
    expect(await sessionRows(t)).toHaveLength(1);
  });

  it('a session follows the customer kept by a merge', async () => {
    const t = await open();
    const kept = await customer(t, 'kept@example.com', 'Kept Name');
    const gone = await customer(t, 'gone@example.com', 'Gone Name');
    const cookie = await signedIn(t, 'gone@example.com');
    const pending = await signInMail(t, 'gone@example.com');
    const staff = await t.signIn('staff');
    const merged = await t.inject({ method: 'POST', url: `/api/customers/${kept.id}/merge`, token: staff.token, payload: { otherId: gone.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await me(t, cookie)).json().person).toEqual({ name: 'Kept Name', email: 'kept@example.com' });
    // A code asked for before the merge still signs in, as the kept customer.
    const res = await t.inject({ method: 'POST', url: '/api/me/sign-in/code', payload: { email: 'gone@example.com', code: pending.code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person.name).toBe('Kept Name');
  });

  it('a staff token opens no page of a traveller, and the traveller cookie no staff route', async () => {
    const t = await open();
    const staff = await t.signIn('staff', { email: 'desk@example.com' });
    // Staff who are also customers: still no way in by the staff token.
    await customer(t, 'desk@example.com');
    expect((await me(t, undefined, staff.token)).statusCode).toBe(401);
    expect((await me(t, `me_session=${staff.token}`)).statusCode).toBe(401);
    const cookie = await signedIn(t, 'desk@example.com');
    for (const url of ['/api/auth/me', '/api/customers', '/api/dashboard/today']) {
      const res = await t.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
