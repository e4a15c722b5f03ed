import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { SITE } from '../../shared/site';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../tests/helpers/factories';
import { signUpAnswer } from './newsletter.presenter';
import { findByEmail } from './newsletter.repository';

const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];

describe.each(backends)('newsletter on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  const subscribe = (payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/newsletter-subscribers', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? '' });
  const signups = async () => {
    const r = await t.app.ctx.db
      .selectFrom('daily_stats')
      .select((eb) => eb.fn.sum<number>('value').as('n'))
      .where('metric', '=', 'newsletter_signup')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  const welcomeTo = (to: string) =>
    waitUntil(
      () => peer.messages.filter((m) => m.to.includes(to) && /^Welcome/.test(decodeHeader(m.headers.subject))).at(-1),
      10_000,
      `the welcome e-mail to ${to}`,
    );
  const confirmationTo = (to: string, count = 1) =>
    waitUntil(
      () => {
        const all = peer.messages.filter((m) => m.to.includes(to) && /^Confirm/.test(decodeHeader(m.headers.subject)));
        return all.length >= count ? all.at(-1) : undefined;
      },
      10_000,
      `confirmation e-mail ${count} to ${to}`,
    );
  /** Double opt-in: the link from the confirmation e-mail, then its page's button (a POST). */
  const confirmFromMail = async (to: string, count = 1) => {
    const m = /http:\/\/gym\.test(\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await confirmationTo(to, count)).body);
    expect(m).not.toBeNull();
    const res = await t.inject({ method: 'POST', url: m![1] });
    expect(res.statusCode, res.body).toBe(200);
  };
  const subscribeConfirmed = async (payload: { email: string; name?: string; isActive: boolean }) => {
    const res = await subscribe(payload);
    expect(res.statusCode, res.body).toBe(201);
    await confirmFromMail(
      payload.email.trim().toLowerCase(),
      peer.messages.filter((m) => m.to.includes(payload.email.trim().toLowerCase()) && /^Confirm/.test(decodeHeader(m.headers.subject))).length + 1,
    );
    return res;
  };
  /** The row's id: the sign-up's answer names none (decision 174). */
  const idOf = async (email: string) => (await findByEmail(t.app.ctx.db, email))!.id;
  const unsubscribePath = (body: string) => {
    const m = /http:\/\/gym\.test(\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(body);
    expect(m, body).not.toBeNull();
    return m![1];
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('subscribes pending, counts the sign-up once confirmed and sends a welcome e-mail with an unsubscribe link', async () => {
    const counted = await signups();
    const res = await subscribe({ email: 'fan@example.com', isActive: true });
    expect(res.statusCode).toBe(201);
    // The answer names no row and no state (decision 174): the staff's list shows them.
    expect(res.json()).toEqual(signUpAnswer);
    const id = await idOf('fan@example.com');
    const listed = (await t.inject({ method: 'GET', url: '/api/newsletter-subscribers', token: staff })).json().find((s: { id: number }) => s.id === id);
    expect(listed).toMatchObject({ email: 'fan@example.com', name: null, isActive: false, status: 'pending', confirmedAt: null });
    expect(listed.subscribedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await signups()).toBe(counted);
    await confirmFromMail('fan@example.com');
    expect(await signups()).toBe(counted + 1);

    const mail = await welcomeTo('fan@example.com');
    expect(decodeHeader(mail.headers.subject)).toBe(`Welcome to the ${SITE.name} newsletter`);
    const row = await t.app.ctx.db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.unsubscribe_token.length).toBeGreaterThanOrEqual(32);
    expect(mail.body).toContain(`http://gym.test/api/newsletter/unsubscribe?token=${row.unsubscribe_token}`);
  });

  it('answers the same address, whatever its case, as a new one, and keeps one row', async () => {
    const first = await subscribeConfirmed({ email: 'Case.Test@Example.com', name: 'Case', isActive: true });
    for (const email of ['case.test@example.com', 'CASE.TEST@EXAMPLE.COM', '  Case.Test@Example.com  ']) {
      const res = await subscribe({ email, isActive: true });
      expect(res.statusCode, email).toBe(201);
      expect(res.body, email).toBe(first.body);
    }
    const rows = await t.app.ctx.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(rows.filter((r) => r.email.toLowerCase() === 'case.test@example.com')).toHaveLength(1);
  });

  it('keeps one subscription when sign-ups for one address race each other', async () => {
    const emails = ['race@example.com', 'RACE@example.com', 'Race@Example.com', 'race@EXAMPLE.com', 'rAce@example.com', 'racE@example.com'];
    const results = await Promise.all(emails.map((email) => subscribe({ email, isActive: true })));
    // Every one answers as a first sign-up; one row, one confirmation e-mail between them.
    expect(results.map((r) => r.statusCode)).toEqual(emails.map(() => 201));
    for (const r of results) expect(r.body).toBe(JSON.stringify(signUpAnswer));
    const rows = await t.app.ctx.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', 'race@example.com').execute();
    expect(rows).toHaveLength(1);
    const mails = await t.app.ctx.db.selectFrom('outbox').select('id').where('to_address', '=', 'race@example.com').execute();
    expect(mails).toHaveLength(1);
  });

  it('validates the address and the types', async () => {
    const cases: [unknown, string][] = [
      [{ email: '', isActive: true }, 'Email is required'],
      [{ isActive: true }, 'email: Invalid input: expected string, received undefined'],
      [{ email: 'nope', isActive: true }, 'Invalid email'],
      [{ email: 'a@b', isActive: true }, 'Invalid email'],
      [{ email: 'ok@example.com', isActive: 'yes' }, 'isActive must be true or false'],
    ];
    for (const [payload, error] of cases) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (error.includes(':')) expect(res.json().error).toMatch(/^email: /);
      else expect(res.json()).toEqual({ error, code: 'validation' });
    }
    for (const payload of [{ email: 42 }, { email: ['x@example.com'] }, null, [], 'x@example.com', { email: 'x@example.com', name: 5 }]) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('unsubscribes through the link, as a page for browsers, and a returning subscriber can sign up again', async () => {
    await subscribeConfirmed({ email: 'leaver@example.com', name: 'Leaver', isActive: true });
    const id = await idOf('leaver@example.com');
    const link = unsubscribePath((await welcomeTo('leaver@example.com')).body);

    // The GET only shows a page with a button; the button's POST unsubscribes.
    const page = await t.inject({ method: 'GET', url: link, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    const listed = async () =>
      (await t.inject({ method: 'GET', url: '/api/newsletter-subscribers', token: staff })).json().find((s: { id: number }) => s.id === id);
    expect(await listed()).toMatchObject({ isActive: true, status: 'confirmed' });
    const done = await t.inject({ method: 'POST', url: link, headers: { accept: 'text/html' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You have been unsubscribed.');
    expect(await listed()).toMatchObject({ email: 'leaver@example.com', isActive: false, status: 'unsubscribed' });

    // Unsubscribing twice is harmless.
    const again = await t.inject({ method: 'POST', url: link });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true });

    // Coming back makes the same row pending again; confirming gives a fresh unsubscribe link.
    const back = await subscribe({ email: 'LEAVER@example.com', isActive: true });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toEqual(signUpAnswer);
    expect(await idOf('leaver@example.com')).toBe(id);
    expect(await listed()).toMatchObject({ isActive: false, status: 'pending' });
    await confirmFromMail('leaver@example.com', 2);
    expect(await listed()).toMatchObject({ isActive: true, status: 'confirmed' });
    // Subscribed again: a further sign-up answers as any other.
    const dup = await subscribe({ email: 'leaver@example.com', isActive: true });
    expect([dup.statusCode, dup.body]).toEqual([back.statusCode, back.body]);
  });

  it('answers 400 or 404 for a bad unsubscribe link, in HTML or JSON', async () => {
    const html = { accept: 'text/html' };
    const missing = await t.inject({ method: 'GET', url: '/api/newsletter/unsubscribe', headers: html });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const unknown = await t.inject({ method: 'GET', url: '/api/newsletter/unsubscribe?token=' + 'a'.repeat(32), headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Unknown unsubscribe link.');
    const json = await t.inject({ method: 'GET', url: '/api/newsletter/unsubscribe?token=' + 'a'.repeat(32) });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: 'Unknown unsubscribe link.', code: 'not_found' });
    for (const q of ['?token=', '?token=<script>', '?token=a&token=b', '?token=' + 'x'.repeat(300)]) {
      const r = await t.inject({ method: 'GET', url: '/api/newsletter/unsubscribe' + q });
      expect(r.statusCode, q).toBe(400);
      expect(r.json()).toEqual({ error: 'Invalid unsubscribe link.', code: 'validation' });
    }
  });

  it('lists subscribers newest first for signed-in users, without their tokens', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/newsletter-subscribers' })).statusCode).toBe(401);
    await subscribe({ email: 'older@example.com', isActive: true });
    await subscribeConfirmed({ email: 'newer@example.com', name: 'Newer', isActive: true });
    const [a, b] = [await idOf('older@example.com'), await idOf('newer@example.com')];
    const res = await t.inject({ method: 'GET', url: '/api/newsletter-subscribers', token: staff });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((s: { id: number }) => s.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(res.json().find((s: { id: number }) => s.id === b)).toEqual({
      id: b,
      email: 'newer@example.com',
      name: 'Newer',
      isActive: true,
      status: 'confirmed',
      subscribedAt: expect.any(String),
      confirmedAt: expect.any(String),
    });
    expect(res.json().find((s: { id: number }) => s.id === a)).toMatchObject({ isActive: false, status: 'pending', confirmedAt: null });
    expect(res.body).not.toMatch(/token/i);
  });

  it("marks a bouncing subscriber in the staff's paged list, whatever the address's case", async () => {
    await subscribeConfirmed({ email: 'Bounced.Reader@Example.com', isActive: true });
    await subscribeConfirmed({ email: 'fine.reader@example.com', isActive: true });
    const [gone, fine] = [await idOf('bounced.reader@example.com'), await idOf('fine.reader@example.com')];
    const bouncingOf = async () => {
      const res = await t.inject({ method: 'GET', url: '/api/newsletter-subscribers?q=reader&pageSize=50', token: staff });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: number; bouncing?: boolean }[];
      return Object.fromEntries(items.filter((s) => s.id === gone || s.id === fine).map((s) => [s.id, s.bouncing]));
    };
    expect(await bouncingOf()).toEqual({ [gone]: false, [fine]: false });
    // As the mail import records a permanent delivery failure (src/server/inbound).
    await t.app.ctx.db
      .insertInto('email_bounces')
      .values({ email_key: 'bounced.reader@example.com', reason: '5.1.1', bounced_at: new Date().toISOString() })
      .execute();
    expect(await bouncingOf()).toEqual({ [gone]: true, [fine]: false });
  });

  it('deletes a subscriber: 204, then 404; 401 without a token; odd ids refused', async () => {
    await subscribe({ email: 'gone@example.com', isActive: true });
    const id = await idOf('gone@example.com');
    expect((await t.inject({ method: 'DELETE', url: `/api/newsletter-subscribers/${id}` })).statusCode).toBe(401);
    const del = await t.inject({ method: 'DELETE', url: `/api/newsletter-subscribers/${id}`, token: staff });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const again = await t.inject({ method: 'DELETE', url: `/api/newsletter-subscribers/${id}`, token: staff });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Subscriber not found', code: 'not_found' });
    for (const odd of ODD_IDS) {
      const r = await t.inject({ method: 'DELETE', url: `/api/newsletter-subscribers/${odd}`, token: staff });
      expect([400, 404], odd).toContain(r.statusCode);
    }
    // The address can subscribe again once deleted.
    expect((await subscribe({ email: 'gone@example.com', isActive: true })).statusCode).toBe(201);
  });
});
