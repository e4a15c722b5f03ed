import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../helpers/test-app';

// Issue 12, point 2: the login limit holds under parallel requests, across instances sharing
// one PostgreSQL, and per IPv6 /64. The failure limit is the real one (10 in 15 minutes).

const TOO_MANY = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const statuses = (answers: LightMyRequestResponse[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
};

describe.each(backends)('login limit under parallel requests (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Route limits raised (the default in tests) so that every guess reaches the login limiter itself.
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('lets at most 10 of 150 parallel guesses reach the password check, and never the right password after them', async () => {
    const victim = await t.signIn('staff');
    const guesses = Array.from({ length: 149 }, (_, i) => login(t.app, victim.email, `wrong-guess-${i}`, '10.20.0.1'));
    // The attacker's last guess is the right one: it comes after ten failures and must be refused.
    guesses.push(login(t.app, victim.email, victim.password, '10.20.0.1'));
    const answers = await Promise.all(guesses);
    const count = statuses(answers);
    expect(count[401]).toBe(10);
    expect(count[429]).toBe(140);
    expect(count[200]).toBeUndefined();
    expect(answers[149].statusCode).toBe(429);
    for (const a of answers) {
      if (a.statusCode === 429) expect(a.json()).toEqual({ error: TOO_MANY, code: 'rate_limited' });
      else expect(a.json()).toEqual({ error: 'E-mail ou mot de passe incorrect', code: 'login_failed' });
    }
    // Still refused afterwards from that address, even with the right password...
    expect((await login(t.app, victim.email, victim.password, '10.20.0.1')).statusCode).toBe(429);
    // ...while the locked account still lets its owner in from an address with no failure.
    expect((await login(t.app, victim.email, victim.password, '10.20.0.2')).statusCode).toBe(200);
    // A wrong password on the locked account is refused from anywhere.
    expect((await login(t.app, victim.email, 'another-guess', '10.20.0.3')).statusCode).toBe(429);
  });

  it('checks at most 10 guesses spread over many accounts from one address', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(t.app, `nobody${i}@example.com`, 'guess', '10.21.0.1')));
    const count = statuses(answers);
    expect(count[401]).toBe(10);
    expect(count[429]).toBe(50);
  });

  it('holds with the real per-address route limit in front as well', async () => {
    const real = await createTestApp(backend, { rateLimits: defaultRateLimits() });
    try {
      const victim = await real.signIn('staff');
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => login(real.app, victim.email, `guess-${i}`, '10.22.0.1')));
      const count = statuses(answers);
      expect(count[401]).toBe(10);
      expect(count[429]).toBe(140);
      expect(Object.keys(count).sort()).toEqual(['401', '429']);
    } finally {
      await real.close();
    }
  });

  it('counts IPv6 clients per /64, and an IPv4-mapped address as its IPv4', async () => {
    // Ten failures from ten addresses of one /64 (each on its own account: no account lock).
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, `v6-${i}@example.com`, 'guess', `2001:db8:aa:bb:${(i + 1).toString(16)}::${i + 7}`);
      expect(res.statusCode).toBe(401);
    }
    const user = await t.signIn('staff');
    // Another address in the same /64 is blocked, right password or not.
    expect((await login(t.app, user.email, user.password, '2001:db8:aa:bb:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await login(t.app, user.email, user.password, '2001:db8:aa:bc::1')).statusCode).toBe(200);

    for (let i = 0; i < 10; i++) expect((await login(t.app, `v4-${i}@example.com`, 'guess', '::ffff:10.23.0.1')).statusCode).toBe(401);
    expect((await login(t.app, user.email, user.password, '10.23.0.1')).statusCode).toBe(429);
    expect((await login(t.app, user.email, user.password, '10.23.0.2')).statusCode).toBe(200);
  });

  it('gives a slot back on a correct password, so sign-ins do not use up the limit', async () => {
    const user = await t.signIn('staff');
    for (let i = 0; i < 9; i++) expect((await login(t.app, user.email, `bad-${i}`, '10.24.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(t.app, user.email, user.password, '10.24.0.1')).statusCode).toBe(200);
    expect((await login(t.app, user.email, 'bad-9', '10.24.0.1')).statusCode).toBe(401);
    expect((await login(t.app, user.email, user.password, '10.24.0.1')).statusCode).toBe(429);
  });
});

describe('two instances on one PostgreSQL share the login counts', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    second = await buildApp(t.config, { logger: false, startWorkers: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('lets at most 10 guesses through in all, whichever instance answers', async () => {
    const victim = await t.signIn('staff');
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(i % 2 === 0 ? t.app : second, victim.email, `guess-${i}`, '10.30.0.1')));
    const count = statuses(answers);
    expect(count[401]).toBe(10);
    expect(count[429]).toBe(110);
  });

  it('carries failures counted by one instance over to the other', async () => {
    const victim = await t.signIn('staff');
    for (let i = 0; i < 6; i++) expect((await login(t.app, victim.email, `a-${i}`, '10.31.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(second, victim.email, `b-${i}`, '10.31.0.1')).statusCode).toBe(401);
    expect((await login(t.app, victim.email, victim.password, '10.31.0.1')).statusCode).toBe(429);
    expect((await login(second, victim.email, victim.password, '10.31.0.1')).statusCode).toBe(429);
    // The account is locked on both; its owner still gets in from a clean address through either.
    expect((await login(second, victim.email, 'c-0', '10.31.0.2')).statusCode).toBe(429);
    expect((await login(second, victim.email, victim.password, '10.31.0.3')).statusCode).toBe(200);
  });
});
