import { afterEach, describe, expect, it } from 'vitest';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../../../tests/helpers/test-app';
import { ask, confirm, cookieOf, customer, mailsTo, me, signInMail, withCode } from '../../../tests/helpers/me-sign-in';

// Issue 47, point 1: signing in to My page by e-mail, on both databases. A link signs in once
// and for 15 minutes; the code signs in on another device and five wrong tries spend it; the
// answers never tell whether an address is a customer's; limits per address and per IP.

describe.each(backends)('My page: signing in by e-mail on %s', (backend) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.close();
  });
  const open = async (...args: Parameters<typeof createTestApp>) => {
    const t = await createTestApp(backend, args[1], args[2], { startWorkers: false });
    apps.push(t);
    return t;
  };

  it('a link signs in once, and its e-mail names the page in the language asked', async () => {
    const t = await open(backend);
    await customer(t, 'ana@example.com', 'Ana Lima');
    const mail = await signInMail(t, 'ana@example.com');
    expect(mail.path).toBe('/me/sign-in');
    const first = await confirm(t, mail.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ person: { name: 'Ana Lima', email: 'ana@example.com' }, language: 'en' });
    expect((await me(t, cookieOf(first))).json().person.name).toBe('Ana Lima');
    const again = await confirm(t, mail.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('me_sign_in_failed');
    expect(again.headers['set-cookie']).toBeUndefined();
    // The code of a spent e-mail is spent with it.
    expect((await withCode(t, 'ana@example.com', mail.code)).statusCode).toBe(400);

    const ru = await signInMail(t, 'ana@example.com', 'ru');
    expect(ru.path).toBe('/ru/me/sign-in');
    expect((await mailsTo(t, 'ana@example.com')).at(-1)?.subject).toMatch(/ссылка/);
  });

  it('a link confirmed twice at once signs in once', async () => {
    const t = await open(backend);
    await customer(t, 'twice@example.com');
    const { token } = await signInMail(t, 'twice@example.com');
    const answers = await Promise.all([confirm(t, token), confirm(t, token), confirm(t, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await t.app.ctx.db.selectFrom('me_sessions').select('id').execute()).toHaveLength(1);
  });

  it('a link and its code are dead after 15 minutes', async () => {
    const t = await open(backend);
    await customer(t, 'late@example.com');
    const mail = await signInMail(t, 'late@example.com');
    // 14 minutes later it still works (checked on a second e-mail), 16 minutes later not.
    const fresh = await signInMail(t, 'late@example.com');
    const row = await t.app.ctx.db.selectFrom('me_sign_ins').select(['id', 'created_at', 'expires_at']).orderBy('id').execute();
    expect(Date.parse(row[0].expires_at) - Date.parse(row[0].created_at)).toBe(15 * 60_000);
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    await t.app.ctx.db
      .updateTable('me_sign_ins')
      .set({ created_at: ago(16), expires_at: ago(1) })
      .where('id', '=', row[0].id)
      .execute();
    await t.app.ctx.db
      .updateTable('me_sign_ins')
      .set({ created_at: ago(14), expires_at: ago(-1) })
      .where('id', '=', row[1].id)
      .execute();
    expect((await confirm(t, mail.token)).statusCode).toBe(400);
    expect((await withCode(t, 'late@example.com', mail.code)).statusCode).toBe(400);
    expect((await confirm(t, fresh.token)).statusCode).toBe(200);
  });

  it('the code signs in on another device; five wrong codes spend it', async () => {
    const t = await open(backend);
    await customer(t, 'code@example.com', 'Code Person');
    const a = await signInMail(t, 'code@example.com');
    const ok = await withCode(t, 'code@example.com', `${a.code.slice(0, 3)} ${a.code.slice(3)}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(t, cookieOf(ok))).json().person.email).toBe('code@example.com');
    // The link of an e-mail whose code signed in is spent.
    expect((await confirm(t, a.token)).statusCode).toBe(400);

    const b = await signInMail(t, 'code@example.com');
    const wrong = b.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await withCode(t, 'code@example.com', wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('me_sign_in_failed');
    }
    expect((await withCode(t, 'code@example.com', b.code)).statusCode).toBe(400);
    // Five wrong codes spent the code, not the link (it is still single use and in its time).
    expect((await confirm(t, b.token)).statusCode).toBe(200);
  });

  it('known and unknown addresses get the same answers, and only a known one an e-mail', async () => {
    const t = await open(backend);
    await customer(t, 'known@example.com');
    const known = await ask(t, 'known@example.com');
    const unknown = await ask(t, 'nobody@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await mailsTo(t, 'known@example.com')).toHaveLength(1);
    expect(await mailsTo(t, 'nobody@example.com')).toHaveLength(0);
    // A wrong code for a known address and any code for an unknown one: one answer.
    const wrongKnown = await withCode(t, 'known@example.com', '123456');
    const anyUnknown = await withCode(t, 'nobody@example.com', '123456');
    expect([wrongKnown.statusCode, anyUnknown.statusCode]).toEqual([400, 400]);
    expect(anyUnknown.body).toBe(wrongKnown.body);
  });

  it('limits requests per e-mail address and per client address (429), known or not', async () => {
    const t = await open(backend, { rateLimits: defaultRateLimits() });
    const { max } = t.config.rateLimits.newsletter;
    await customer(t, 'limited@example.com');
    // One address from many clients: the address's own window.
    for (let i = 0; i < max; i++) expect((await ask(t, 'limited@example.com', { ip: `10.0.0.${i + 1}` })).statusCode).toBe(202);
    const overAddress = await ask(t, 'limited@example.com', { ip: '10.0.1.1' });
    expect(overAddress.statusCode).toBe(429);
    expect(overAddress.json().code).toBe('rate_limited');
    // An unknown address is refused alike.
    for (let i = 0; i < max; i++) await ask(t, 'ghost@example.com', { ip: `10.0.2.${i + 1}` });
    expect((await ask(t, 'ghost@example.com', { ip: '10.0.3.1' })).statusCode).toBe(429);
    // One client, many addresses: the route's window (config.limit).
    for (let i = 0; i < max; i++) expect((await ask(t, `many${i}@example.com`, { ip: '10.9.9.9' })).statusCode).toBe(202);
    expect((await ask(t, 'many-more@example.com', { ip: '10.9.9.9' })).statusCode).toBe(429);
    // Codes: per address too, whatever the client.
    const codeMax = t.config.rateLimits.login.max;
    for (let i = 0; i < codeMax; i++) await withCode(t, 'limited@example.com', '123456', `10.1.${i >> 8}.${(i % 250) + 1}`);
    expect((await withCode(t, 'limited@example.com', '123456', '10.2.0.1')).statusCode).toBe(429);
  });

  it('refuses a malformed address or code before anything else', async () => {
    const t = await open(backend);
    expect((await ask(t, 'not-an-address')).statusCode).toBe(400);
    expect((await withCode(t, 'a@example.com', '12345')).statusCode).toBe(400);
    expect((await confirm(t, 'short')).statusCode).toBe(400);
  });
});
