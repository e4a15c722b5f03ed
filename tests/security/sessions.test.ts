import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPasswordReset } from '../../src/server/auth/account.repository';
import { SESSION_TOUCH_MS } from '../../src/server/auth/auth.service';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 33, point 8: a back-office sign-in ends after SESSION_IDLE_HOURS without use as well as
// at SESSION_TTL_HOURS; "last used" is written at most once a minute per session; an admin who
// changes a user's e-mail, password, role or active flag ends that user's sessions, half-done
// two-factor sign-ins and reset links; so does turning two-factor on or off (issue 45 point 6),
// but for the session that did it. Times are moved by editing the stored rows, never waited.

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('session settings', () => {
  it('end a sign-in after 12 hours without use and 30 days after it was made, unless set otherwise', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(12 * HOUR);
    expect(loadConfig({}).sessionTtlMs).toBe(720 * HOUR);
    expect(loadConfig({ SESSION_IDLE_HOURS: '0.5' }).sessionIdleMs).toBe(HOUR / 2);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
  });
});

describe.each(backends)('sessions on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
  });
  afterAll(() => t?.close());

  const me = (token: string) => t.inject({ method: 'GET', url: '/api/auth/me', token });
  const session = (token: string) => t.app.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  const setSession = (token: string, values: { created_at?: string; last_used_at?: string; expires_at?: string }) =>
    t.app.ctx.db.updateTable('sessions').set(values).where('token_hash', '=', hashToken(token)).execute();
  const put = (id: number, payload: object, token = admin.token) => t.inject({ method: 'PUT', url: `/api/users/${id}`, payload, token });

  it('ends a sign-in left unused for SESSION_IDLE_HOURS, and keeps one in use past that age', async () => {
    const s = await t.signIn('staff');
    expect((await me(s.token)).statusCode).toBe(200);
    // Made 20 hours ago, used 11 hours ago: still open, and this request counts as use.
    await setSession(s.token, { created_at: ago(20 * HOUR), last_used_at: ago(11 * HOUR) });
    expect((await me(s.token)).statusCode).toBe(200);
    expect(Date.parse((await session(s.token))!.last_used_at!)).toBeGreaterThan(Date.now() - HOUR);

    // Unused for 12 hours and a minute: ended, for every kind of route.
    await setSession(s.token, { last_used_at: ago(12 * HOUR + 60_000) });
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/reservations', token: s.token })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/auth/logout', token: s.token })).statusCode).toBe(401);
    // A refused request does not bring it back.
    await setSession(s.token, { last_used_at: ago(12 * HOUR + 60_000) });
    expect((await me(s.token)).statusCode).toBe(401);
    // The next sign-in (anyone's) clears ended sessions from the table.
    await t.signIn('staff');
    expect(await session(s.token)).toBeUndefined();
  });

  it('ends a sign-in at SESSION_TTL_HOURS however much it is used', async () => {
    const s = await t.signIn('staff');
    await setSession(s.token, { expires_at: ago(1000), last_used_at: ago(1000) });
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('writes "last used" at most once a minute per session', async () => {
    const s = await t.signIn('staff');
    const atSignIn = (await session(s.token))!.last_used_at;
    expect(atSignIn).toBe((await session(s.token))!.created_at);
    for (let i = 0; i < 5; i++) expect((await me(s.token)).statusCode).toBe(200);
    // Within a minute of the last write: nothing written.
    expect((await session(s.token))!.last_used_at).toBe(atSignIn);

    // Last written over a minute ago: the next request writes it once, the following ones do not.
    const old = ago(SESSION_TOUCH_MS + 5_000);
    await setSession(s.token, { last_used_at: old });
    expect((await me(s.token)).statusCode).toBe(200);
    const touched = (await session(s.token))!.last_used_at!;
    expect(touched > old).toBe(true);
    await Promise.all(Array.from({ length: 10 }, () => me(s.token)));
    expect((await session(s.token))!.last_used_at).toBe(touched);
    // Another session of the same user keeps its own time.
    const other = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
    expect((await session(other.json<{ token: string }>().token))!.last_used_at).not.toBe(old);
  });

  describe('an admin changing an account ends its sign-ins and reset links', () => {
    /** A staff member signed in on two devices, with an open reset link and a half-done two-factor sign-in. */
    async function account() {
      const s = await t.signIn('staff');
      const second = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
      const reset = newToken();
      const now = Date.now();
      await insertPasswordReset(t.app.ctx.db, {
        userId: s.id,
        tokenHash: hashToken(reset),
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + 30 * 60_000).toISOString(),
      });
      await t.app.ctx.db
        .insertInto('login_challenges')
        .values({
          user_id: s.id,
          token_hash: hashToken(newToken()),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 300_000).toISOString(),
        })
        .execute();
      return { ...s, tokens: [s.token, second.json<{ token: string }>().token], reset };
    }
    async function ended(a: Awaited<ReturnType<typeof account>>) {
      for (const token of a.tokens) expect((await me(token)).statusCode).toBe(401);
      const confirm = await t.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: a.reset, password: 'taken over at last' } });
      expect(confirm.statusCode).toBe(400);
      expect(await t.app.ctx.db.selectFrom('login_challenges').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    }

    it.each([
      ['e-mail', () => ({ email: `moved-${newToken().slice(0, 8).toLowerCase()}@example.com` })],
      ['password', () => ({ password: 'a brand new password' })],
      ['role', () => ({ role: 'admin' })],
      ['active flag', () => ({ isActive: false })],
    ])('its %s', async (_what, change) => {
      const a = await account();
      const res = await put(a.id, change());
      expect(res.statusCode, res.body).toBe(200);
      await ended(a);
      // The admin who made the change is still signed in.
      expect((await me(admin.token)).statusCode).toBe(200);
    });

    it('but not its name, nor fields sent unchanged', async () => {
      const a = await account();
      const res = await put(a.id, { name: 'Renamed Coach', email: a.email.toUpperCase(), role: 'staff', isActive: true });
      expect(res.statusCode, res.body).toBe(200);
      for (const token of a.tokens) expect((await me(token)).statusCode).toBe(200);
      const row = await t.app.ctx.db.selectFrom('password_resets').select('used_at').where('token_hash', '=', hashToken(a.reset)).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    it('and an admin changing their own e-mail keeps the session they did it from, and only that one', async () => {
      const self = await t.signIn('admin');
      const elsewhere = (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: self.email, password: self.password } })).json<{
        token: string;
      }>().token;
      const res = await put(self.id, { email: `self-${newToken().slice(0, 8).toLowerCase()}@example.com` }, self.token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(self.token)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
    });
  });

  describe('turning two-factor on or off ends the account’s other sessions, not the one that did it', () => {
    const post = (url: string, payload: object, token?: string) => t.inject({ method: 'POST', url, payload, token });
    const code = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const challenges = (userId: number) => t.app.ctx.db.selectFrom('login_challenges').select('id').where('user_id', '=', userId).execute();

    /** Two-factor on from `token`, after another device signed in; answers the recovery codes. */
    async function turnOn(s: { token: string; email: string; password: string }) {
      const other = (await post('/api/auth/login', { email: s.email, password: s.password })).json<{ token: string }>().token;
      expect((await me(other)).statusCode).toBe(200);
      const { secret } = (await post('/api/auth/two-factor/setup', {}, s.token)).json<{ secret: string }>();
      const on = await post('/api/auth/two-factor/enable', { code: code(secret) }, s.token);
      expect(on.statusCode, on.body).toBe(200);
      return { other, recoveryCodes: on.json<{ recoveryCodes: string[] }>().recoveryCodes };
    }

    it('on', async () => {
      const s = await t.signIn('staff');
      const { other } = await turnOn(s);
      expect((await me(other)).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/reservations', token: other })).statusCode).toBe(401);
      expect((await me(s.token)).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token: s.token })).json()).toMatchObject({ enabled: true });
    });

    it('off, with a half-done two-factor sign-in', async () => {
      const s = await t.signIn('staff');
      const { recoveryCodes } = await turnOn(s);
      const signIn = async () => (await post('/api/auth/login', { email: s.email, password: s.password })).json<{ challenge: string }>().challenge;
      const second = await post('/api/auth/login/two-factor', { challenge: await signIn(), code: recoveryCodes[0] });
      const other = second.json<{ token: string }>().token;
      expect((await me(other)).statusCode).toBe(200);
      const halfDone = await signIn();
      const off = await post('/api/auth/two-factor/disable', { password: s.password, code: recoveryCodes[1] }, s.token);
      expect(off.statusCode, off.body).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect(await challenges(s.id)).toEqual([]);
      expect((await post('/api/auth/login/two-factor', { challenge: halfDone, code: recoveryCodes[2] })).statusCode).toBe(401);
      expect((await me(s.token)).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token: s.token })).json()).toMatchObject({ enabled: false });
    });
  });
});
