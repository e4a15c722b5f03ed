import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetsIdle } from '../../src/server/auth/account.service';
import { passwordHashingLoad } from '../../src/server/auth/password';
import { hashToken } from '../../src/server/auth/tokens';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { FAST_MAIL } from '../helpers/factories';

// Issue 12 point 6: staff accounts. Password reset by e-mail link, password change, TOTP
// two-factor (enrolment, sign-in, recovery codes, limits, required by an admin), and Argon2
// kept from starving static files. Real SQLite and PostgreSQL, a real SMTP peer.

const RESET_INVALID = "Ce lien de réinitialisation n'est plus valable (déjà utilisé, expiré ou incorrect). Demandez-en un nouveau.";

const totpOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
/** A code of the next time step: accepted (one step of drift) and never the one just used. */
const nextCode = (secret: string) => totpOf(secret).generate({ timestamp: Date.now() + 30_000 });
const currentCode = (secret: string) => totpOf(secret).generate({ timestamp: Date.now() });
const wrongCode = (secret: string) => {
  const right = new Set([-30_000, 0, 30_000].map((d) => totpOf(secret).generate({ timestamp: Date.now() + d })));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!right.has(c)) return c;
  }
};

describe.each(backends)('staff accounts on %s', (backend) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const post = (url: string, payload: unknown, token?: string) => t.inject({ method: 'POST', url, payload: payload as object, token });
  const me = (token: string) => t.inject({ method: 'GET', url: '/api/auth/me', token });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });
  const mailsTo = (to: string) => peer.messages.filter((m) => m.to.includes(to));
  const linkIn = (body: string) => {
    const m = /(http:\/\/gym\.test\/admin\/reset-password\?token=([A-Za-z0-9_%-]+))/.exec(body);
    if (!m) throw new Error(`no reset link in:\n${body}`);
    return { url: m[1], token: decodeURIComponent(m[2]) };
  };
  /** Asks for a link and returns it from the e-mail the SMTP peer received. */
  async function resetLink(email: string) {
    const before = mailsTo(email).length;
    const res = await post('/api/auth/password-reset', { email });
    expect(res.statusCode).toBe(200);
    await passwordResetsIdle(t.app.ctx);
    await waitUntil(() => mailsTo(email).length > before, 10_000, 'the reset e-mail');
    const mails = mailsTo(email);
    expect(mails.length).toBe(before + 1);
    return linkIn(mails[mails.length - 1].body);
  }

  describe('password reset', () => {
    it('answers the same for an unknown address, and e-mails a link only to an account', async () => {
      const user = await t.signIn('staff');
      const known = await post('/api/auth/password-reset', { email: user.email.toUpperCase() });
      const unknown = await post('/api/auth/password-reset', { email: 'nobody-here@example.com' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ ok: true });
      await passwordResetsIdle(t.app.ctx);
      const [mail] = await waitUntil(() => (mailsTo(user.email).length ? mailsTo(user.email) : null), 10_000, 'the reset e-mail');
      expect(mail).toBeDefined();
      expect(mailsTo('nobody-here@example.com')).toEqual([]);
      const outbox = await t.app.ctx.db.selectFrom('outbox').select('to_address').execute();
      expect(outbox.map((o) => o.to_address)).not.toContain('nobody-here@example.com');
      expect(mail.headers.subject).toBeTruthy();
      const { token } = linkIn(mail.body);
      // 256 random bits on the wire; only the SHA-256 digest is stored, valid for 30 minutes.
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const row = await t.app.ctx.db.selectFrom('password_resets').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(user.id);
      expect(JSON.stringify(row)).not.toContain(token);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 60_000);
    });

    it('refuses a malformed address with 400, and sends nothing for an inactive account', async () => {
      expect((await post('/api/auth/password-reset', { email: 'not-an-address' })).statusCode).toBe(400);
      const off = await t.signIn('staff');
      await t.inject({ method: 'PUT', url: `/api/users/${off.id}`, payload: { isActive: false }, token: admin.token });
      const res = await post('/api/auth/password-reset', { email: off.email });
      expect(res.json()).toEqual({ ok: true });
      await passwordResetsIdle(t.app.ctx);
      expect(await t.app.ctx.db.selectFrom('password_resets').select('id').where('user_id', '=', off.id).execute()).toEqual([]);
    });

    it('sets the new password once, ends every session, and the page GET never uses the link', async () => {
      const user = await t.signIn('staff');
      const other = await login(user.email, user.password);
      const { url, token } = await resetLink(user.email);
      // Opening the link (a mail scanner, a preview) changes nothing.
      const page = await t.inject({ method: 'GET', url: url.replace('http://gym.test', '') });
      expect(page.statusCode).toBeLessThan(500);
      const row = await t.app.ctx.db.selectFrom('password_resets').select('used_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();

      const short = await post('/api/auth/password-reset/confirm', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('Le mot de passe doit contenir au moins 8 caractères');

      const ok = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new secret' });
      expect(ok.statusCode).toBe(200);
      expect((await me(user.token)).statusCode).toBe(401);
      expect((await me(other.json().token as string)).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);

      const again = await post('/api/auth/password-reset/confirm', { token, password: 'yet another secret' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(RESET_INVALID);
      expect((await login(user.email, 'yet another secret')).statusCode).toBe(401);
    });

    it('refuses an expired or wrong token with the same French text', async () => {
      const user = await t.signIn('staff');
      const { token } = await resetLink(user.email);
      await t.app.ctx.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const expired = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new secret' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe(RESET_INVALID);
      const wrong = await post('/api/auth/password-reset/confirm', { token: 'A'.repeat(43), password: 'a brand new secret' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe(RESET_INVALID);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('a newer link or a password change closes the older links', async () => {
      const user = await t.signIn('staff');
      const first = await resetLink(user.email);
      const second = await resetLink(user.email);
      expect((await post('/api/auth/password-reset/confirm', { token: second.token, password: 'second secret!' })).statusCode).toBe(200);
      expect((await post('/api/auth/password-reset/confirm', { token: first.token, password: 'first secret!' })).statusCode).toBe(400);
    });

    it('sends at most 3 links an hour to one account, with the same answer', async () => {
      const user = await t.signIn('staff');
      for (let i = 0; i < 5; i++) expect((await post('/api/auth/password-reset', { email: user.email })).json()).toEqual({ ok: true });
      await passwordResetsIdle(t.app.ctx);
      const rows = await t.app.ctx.db.selectFrom('password_resets').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(3);
    });
  });

  describe('password change', () => {
    it('needs the current password, ends every session and hands back a new token', async () => {
      const user = await t.signIn('staff');
      const second = (await login(user.email, user.password)).json().token as string;
      const missing = await post('/api/auth/password', { newPassword: 'changed secret' }, user.token);
      expect(missing.statusCode).toBe(400);
      const wrong = await post('/api/auth/password', { currentPassword: 'not it at all', newPassword: 'changed secret' }, user.token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('Le mot de passe actuel est incorrect');
      const short = await post('/api/auth/password', { currentPassword: user.password, newPassword: 'short' }, user.token);
      expect(short.json().error).toBe('Le mot de passe doit contenir au moins 8 caractères');

      const ok = await post('/api/auth/password', { currentPassword: user.password, newPassword: 'changed secret' }, user.token);
      expect(ok.statusCode).toBe(200);
      const fresh = ok.json().token as string;
      expect(ok.json().user.email).toBe(user.email);
      expect(JSON.stringify(ok.json())).not.toMatch(/argon|password/i);
      expect((await me(user.token)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, 'changed secret')).statusCode).toBe(200);
    });

    it('refuses a sixth wrong current password within 15 minutes with 429, even a right one', async () => {
      const user = await t.signIn('staff');
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/auth/password', { currentPassword: `wrong guess ${i}`, newPassword: 'changed secret' }, user.token);
        expect(res.statusCode).toBe(400);
      }
      const blocked = await post('/api/auth/password', { currentPassword: user.password, newPassword: 'changed secret' }, user.token);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
      // The session itself is untouched (a 401 would sign the person out).
      expect((await me(user.token)).statusCode).toBe(200);
    });

    it('counts parallel wrong guesses before checking them: at most 5 are checked', async () => {
      const user = await t.signIn('staff');
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post('/api/auth/password', { currentPassword: `parallel ${i}`, newPassword: 'changed secret' }, user.token)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
    });
  });

  describe('two-factor (TOTP)', () => {
    async function enrol(token: string) {
      const setup = await post('/api/auth/two-factor/setup', {}, token);
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json<{ secret: string }>();
      const enabled = await post('/api/auth/two-factor/enable', { code: currentCode(secret) }, token);
      expect(enabled.statusCode, enabled.body).toBe(200);
      return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
    }

    it('enrols with a QR code and a confirming code, and hands out 10 recovery codes stored hashed', async () => {
      const user = await t.signIn('staff');
      expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token: user.token })).json()).toEqual({
        enabled: false,
        required: false,
        recoveryCodesLeft: 0,
      });
      const setup = await post('/api/auth/two-factor/setup', {}, user.token);
      const body = setup.json();
      expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
      expect(body.otpauthUrl).toContain(encodeURIComponent(user.email));
      expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

      const bad = await post('/api/auth/two-factor/enable', { code: wrongCode(body.secret) }, user.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Code incorrect');
      const ok = await post('/api/auth/two-factor/enable', { code: currentCode(body.secret) }, user.token);
      expect(ok.statusCode).toBe(200);
      const codes = ok.json().recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const rows = await t.app.ctx.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(10);
      for (const c of codes) expect(JSON.stringify(rows)).not.toContain(c.replace('-', ''));
      expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token: user.token })).json()).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      expect((await me(user.token)).json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
      // Already on: a new setup is refused.
      expect((await post('/api/auth/two-factor/setup', {}, user.token)).statusCode).toBe(409);
    });

    it('signs in with password then code; codes are single use; a recovery code works once', async () => {
      const user = await t.signIn('staff');
      const { secret, recoveryCodes } = await enrol(user.token);

      const first = await login(user.email, user.password);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const challenge = first.json().challenge as string;
      const stored = await t.app.ctx.db.selectFrom('login_challenges').selectAll().where('user_id', '=', user.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).toBe(hashToken(challenge));
      // The challenge is no session.
      expect((await me(challenge)).statusCode).toBe(401);

      const wrong = await post('/api/auth/login/two-factor', { challenge, code: wrongCode(secret) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('Code incorrect');
      const code = nextCode(secret);
      const ok = await post('/api/auth/login/two-factor', { challenge, code: code.slice(0, 3) + ' ' + code.slice(3) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toMatchObject({ email: user.email, twoFactorEnabled: true });
      expect((await me(ok.json().token as string)).statusCode).toBe(200);
      // The challenge is spent, and the same code is not accepted twice.
      expect((await post('/api/auth/login/two-factor', { challenge, code })).statusCode).toBe(401);
      const second = (await login(user.email, user.password)).json().challenge as string;
      expect((await post('/api/auth/login/two-factor', { challenge: second, code })).statusCode).toBe(401);
      expect((await post('/api/auth/login/two-factor', { challenge: second, code: currentCode(secret) })).statusCode).toBe(401);

      const recovery = await post('/api/auth/login/two-factor', { challenge: second, code: recoveryCodes[0].toUpperCase() });
      expect(recovery.statusCode).toBe(200);
      const third = (await login(user.email, user.password)).json().challenge as string;
      expect((await post('/api/auth/login/two-factor', { challenge: third, code: recoveryCodes[0] })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token: recovery.json().token as string })).json().recoveryCodesLeft).toBe(9);
    });

    it('refuses an expired challenge', async () => {
      const user = await t.signIn('staff');
      const { recoveryCodes } = await enrol(user.token);
      const challenge = (await login(user.email, user.password)).json().challenge as string;
      await t.app.ctx.db
        .updateTable('login_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(challenge))
        .execute();
      const res = await post('/api/auth/login/two-factor', { challenge, code: recoveryCodes[1] });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/La connexion a expiré/);
    });

    it('answers 429 after 5 wrong codes in 15 minutes, even to the right code, across challenges', async () => {
      const user = await t.signIn('staff');
      const { secret } = await enrol(user.token);
      const c1 = (await login(user.email, user.password)).json().challenge as string;
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/login/two-factor', { challenge: c1, code: wrongCode(secret) })).statusCode).toBe(401);
      // A new challenge does not reset the count.
      const c2 = (await login(user.email, user.password)).json().challenge as string;
      for (let i = 0; i < 2; i++) expect((await post('/api/auth/login/two-factor', { challenge: c2, code: wrongCode(secret) })).statusCode).toBe(401);
      const blocked = await post('/api/auth/login/two-factor', { challenge: c2, code: nextCode(secret) });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('Trop de codes incorrects. Réessayez dans 15 minutes.');
    });

    it('checks at most 5 of 20 parallel codes', async () => {
      const user = await t.signIn('staff');
      const { secret } = await enrol(user.token);
      const challenge = (await login(user.email, user.password)).json().challenge as string;
      const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/auth/login/two-factor', { challenge, code: wrongCode(secret) })));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
    });

    it('turns off with the password and a code, not with either alone', async () => {
      const user = await t.signIn('staff');
      const { secret, recoveryCodes } = await enrol(user.token);
      const noPassword = await post('/api/auth/two-factor/disable', { password: 'wrong password', code: recoveryCodes[0] }, user.token);
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().error).toBe('Mot de passe incorrect');
      const noCode = await post('/api/auth/two-factor/disable', { password: user.password, code: wrongCode(secret) }, user.token);
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json().error).toBe('Code incorrect');
      const ok = await post('/api/auth/two-factor/disable', { password: user.password, code: recoveryCodes[0] }, user.token);
      expect(ok.statusCode).toBe(200);
      const plain = await login(user.email, user.password);
      expect(plain.json().token).toBeTruthy();
      expect(await t.app.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('a password reset keeps two-factor: the link alone does not sign anyone in', async () => {
      const user = await t.signIn('staff');
      await enrol(user.token);
      const { token } = await resetLink(user.email);
      expect((await post('/api/auth/password-reset/confirm', { token, password: 'reset but still 2fa' })).statusCode).toBe(200);
      const res = await login(user.email, 'reset but still 2fa');
      expect(res.json().twoFactorRequired).toBe(true);
      expect(res.json().token).toBeUndefined();
    });

    it('an admin can require two-factor: accounts without it can only enrol', async () => {
      const boss = await t.signIn('admin');
      const settings = () => t.inject({ method: 'GET', url: '/api/settings/security', token: boss.token });
      expect((await settings()).json()).toEqual({ requireTwoFactor: false });
      const staffOnly = await t.signIn('staff');
      expect((await t.inject({ method: 'PUT', url: '/api/settings/security', payload: { requireTwoFactor: true }, token: staffOnly.token })).statusCode).toBe(
        403,
      );
      // Not before the admin has it: they would lock themself out of every screen.
      const early = await t.inject({ method: 'PUT', url: '/api/settings/security', payload: { requireTwoFactor: true }, token: boss.token });
      expect(early.statusCode).toBe(409);
      const { secret: bossSecret } = await enrol(boss.token);
      try {
        const on = await t.inject({ method: 'PUT', url: '/api/settings/security', payload: { requireTwoFactor: true }, token: boss.token });
        expect(on.statusCode).toBe(200);
        expect((await settings()).json()).toEqual({ requireTwoFactor: true });

        // A staff member without two-factor signs in, then meets 403 everywhere but enrolment.
        const session = await login(staffOnly.email, staffOnly.password);
        const token = session.json().token as string;
        expect(session.json().user).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
        expect((await me(token)).json().twoFactorSetupRequired).toBe(true);
        const refused = await t.inject({ method: 'GET', url: '/api/reservations', token });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('La double authentification est obligatoire : activez-la dans « Mon compte »');
        expect((await post('/api/auth/password', { currentPassword: staffOnly.password, newPassword: 'changed secret' }, token)).statusCode).toBe(403);
        // Public answers show it no more than to anyone.
        const users = (await t.inject({ method: 'GET', url: '/api/users', token })).json<object[]>();
        for (const u of users) expect(Object.keys(u).sort()).toEqual(['id', 'name']);
        expect((await t.inject({ method: 'GET', url: '/api/auth/two-factor', token })).json()).toMatchObject({ enabled: false, required: true });

        await enrol(token);
        expect((await t.inject({ method: 'GET', url: '/api/reservations', token })).statusCode).toBe(200);
        expect((await me(token)).json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
        // The admin (enrolled) was never held back.
        expect((await t.inject({ method: 'GET', url: '/api/reservations', token: boss.token })).statusCode).toBe(200);
        expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
      } finally {
        const fresh = await login(boss.email, boss.password);
        const c = fresh.json().challenge as string;
        const s = await post('/api/auth/login/two-factor', { challenge: c, code: nextCode(bossSecret) });
        const off = await t.inject({ method: 'PUT', url: '/api/settings/security', payload: { requireTwoFactor: false }, token: s.json().token as string });
        expect(off.statusCode).toBe(200);
      }
    });
  });
});

// A burst of password checks must leave libuv's thread pool to static files. Ordering only,
// never a wall time: a file asked for after 20 wrong logins are sent comes back before most of
// them (unbounded, Argon2 holds every pool thread and the file waits behind the whole queue).
describe.each(backends)('Argon2 and static files on %s', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'probe.js'), 'console.log(1);\n'.repeat(2000));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  // Each login from its own loopback address and account, so the login limiter never steps in.
  const request = (method: string, url: string, localAddress: string, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        base + url,
        { method, localAddress, agent: false, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('answers a static file before the burst of 20 wrong logins has been answered', async () => {
    const order: string[] = [];
    const logins = Array.from({ length: 20 }, (_, i) =>
      request('POST', '/api/auth/login', `127.0.1.${i + 1}`, JSON.stringify({ email: `burst${i}@example.com`, password: 'wrong password' })).then((s) => {
        order.push('login');
        return s;
      }),
    );
    // Every login has reached the server and is hashing or waiting to.
    await waitUntil(() => {
      const load = passwordHashingLoad();
      return load.active + load.waiting + order.length >= 15;
    });
    const file = request('GET', '/uploads/probe.js', '127.0.2.1').then((s) => {
      order.push('file');
      return s;
    });
    const [statuses, fileStatus] = await Promise.all([Promise.all(logins), file]);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(fileStatus).toBe(200);
    const before = order.indexOf('file');
    expect(before).toBeGreaterThanOrEqual(0);
    // Bounded hashing: when the file comes back, a good part of the burst is still unanswered
    // (unbounded, the file waits behind every hash and comes last or next to last). Counted from
    // the end, so logins answered before the file was even asked for do not count against it.
    const unansweredWhenFileCame = order.length - 1 - before;
    expect(unansweredWhenFileCame, order.join(' ')).toBeGreaterThanOrEqual(5);
  });
});
