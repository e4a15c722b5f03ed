import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TOUCH_MS } from '../../src/server/auth/auth.service';
import { hashToken } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 33, point 8: a back-office sign-in ends after SESSION_IDLE_HOURS without use as well as
// at SESSION_TTL_HOURS; "last used" is written at most once a minute per session. Times are
// moved by editing the stored rows, never waited.

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

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const me = (token: string) => t.inject({ method: 'GET', url: '/api/auth/me', token });
  const session = (token: string) => t.app.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  const setSession = (token: string, values: { created_at?: string; last_used_at?: string; expires_at?: string }) =>
    t.app.ctx.db.updateTable('sessions').set(values).where('token_hash', '=', hashToken(token)).execute();

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
});
