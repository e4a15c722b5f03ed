import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { registerAccessControl } from '../../src/server/http/access';
import { registerRateLimits } from '../../src/server/limits/rate-limit';
import { withId } from '../helpers/endpoints';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../helpers/test-app';
import { FAST_MAIL, bookingPayload } from '../helpers/factories';
import { orderBody } from '../helpers/orders';

// Issue 12, point 4: per-address limits on every public write (the real defaults, not the
// raised ones other suites use), shared by instances on one PostgreSQL; the honeypot.

const TOO_MANY = 'Too many requests. Please try again in a few minutes.';
const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

/** A week ahead, on the hour: a valid time for a request by appointment. */
const inAWeek = (hourOffset = 0) => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setUTCHours(3 + hourOffset, 0, 0, 0);
  return d.toISOString();
};
const booking = (i: number) => bookingPayload({ name: `Booker ${i}`, email: `booker${i}@example.com`, course: 'Private Training', dateTime: inAWeek(i % 8) });
const contact = (i: number) => ({ name: `Sender ${i}`, email: `sender${i}@example.com`, subject: 'Hello', message: `Message number ${i}` });
const signUp = (i: number) => ({ email: `reader${i}-${Math.random().toString(36).slice(2, 8)}@example.com`, isActive: true });

const post = (app: FastifyInstance, url: string, payload: unknown, ip: string, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

function tally(answers: LightMyRequestResponse[]) {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
}

describe.each(backends)('per-address limits on public writes (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: defaultRateLimits() });
  });
  afterAll(async () => t?.close());

  const limits = defaultRateLimits();
  const floods = [
    { url: '/api/contact', limit: limits.contact.max, payload: contact, ok: 201 },
    { url: '/api/reservations', limit: limits.booking.max, payload: booking, ok: 201 },
    { url: '/api/newsletter-subscribers', limit: limits.newsletter.max, payload: signUp, ok: 201 },
  ];

  it.each(floods)('$url: accepted up to its limit from one address, then a plain 429; other addresses unaffected', async ({ url, limit, payload, ok }) => {
    const flooder = `10.40.${floods.findIndex((f) => f.url === url)}.1`;
    const answers = await Promise.all(Array.from({ length: limit + 15 }, (_, i) => post(t.app, url, payload(i), flooder)));
    const count = tally(answers);
    expect(count).toEqual({ [ok]: limit, 429: 15 });
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({ error: TOO_MANY, code: 'rate_limited' });
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address (and another in a different IPv6 /64) is served as usual meanwhile.
    expect((await post(t.app, url, payload(1000), '10.41.0.1')).statusCode).toBe(ok);
    expect((await post(t.app, url, payload(1001), '2001:db8:41::1')).statusCode).toBe(ok);
    // The flooder is still refused.
    expect((await post(t.app, url, payload(1002), flooder)).statusCode).toBe(429);
  });

  it('stores only what was accepted', async () => {
    const before = (await t.app.ctx.db.selectFrom('contact_submissions').select('id').execute()).length;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(t.app, '/api/contact', contact(i), '2001:db8:42:7::' + (i + 1).toString(16))));
    expect(tally(answers)).toEqual({ 201: limits.contact.max, 429: 40 - limits.contact.max });
    const after = (await t.app.ctx.db.selectFrom('contact_submissions').select('id').execute()).length;
    expect(after - before).toBe(limits.contact.max);
  });

  it('limits every public write the app has, routes added later included, and never answers 5xx', async () => {
    const writes = t.app.routeCatalogue.filter((r) => r.access === 'public' && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/contact',
        'POST /api/reservations',
        'POST /api/newsletter-subscribers',
        'POST /api/bookings/manage/:token/cancel',
        'POST /api/bookings/manage/:token/move',
      ]),
    );
    // Each declares its limit in its own config, or says 'none' (none does today).
    for (const w of writes) expect(w.limit, `${w.method} ${w.url} declares config.limit`).toBeDefined();
    for (const [k, w] of writes.entries()) {
      if (w.limit === 'none') continue;
      const ip = `10.43.${k}.9`;
      const url = withId(w.url, 1);
      // A junk body: refused by validation or not found, after the limit has counted it.
      const first = await t.app.inject({ method: w.method as 'POST', url, payload: { junk: true }, remoteAddress: ip });
      expect(first.statusCode, `${w.method} ${w.url}`).toBeLessThan(500);
      const max = Number(first.headers['x-ratelimit-limit']);
      expect(max, `${w.method} ${w.url} has a limit`).toBeGreaterThan(0);
      expect(max).toBeLessThanOrEqual(100);
      const rest = await Promise.all(
        Array.from({ length: max + 3 }, () => t.app.inject({ method: w.method as 'POST', url, payload: { junk: true }, remoteAddress: ip })),
      );
      for (const r of rest) expect(r.statusCode, `${w.method} ${w.url}`).toBeLessThan(500);
      const refused = rest.filter((r) => r.statusCode === 429);
      expect(refused, `${w.method} ${w.url}`).toHaveLength(4);
      expect(refused[0].json()).toEqual({ error: w.limit === 'login' ? TOO_MANY_LOGINS : TOO_MANY, code: 'rate_limited' });
    }
  });

  it('an order page left open asks for its order every 5 s for ten minutes and is never refused; past its own limit, 429', async () => {
    const created = await post(t.app, '/api/orders', orderBody({ method: 'desk' }), '10.45.0.1');
    expect(created.statusCode).toBe(201);
    const url = `/api/orders/by-token/${created.json<{ token: string }>().token}`;
    const read = () => t.app.inject({ method: 'GET', url, remoteAddress: '10.45.0.2' });
    // The page's first read (the server renders it as the visitor's own), then 120 polls.
    const polls = await Promise.all(Array.from({ length: 121 }, read));
    expect(tally(polls)).toEqual({ 200: 121 });
    expect(limits.orderPage.max).toBeGreaterThan(121);
    const rest = await Promise.all(Array.from({ length: limits.orderPage.max - 121 + 3 }, read));
    expect(tally(rest)).toEqual({ 200: limits.orderPage.max - 121, 429: 3 });
    expect(rest.find((r) => r.statusCode === 429)!.json()).toEqual({ error: TOO_MANY, code: 'rate_limited' });
  });

  it("limits a staff member's push subscriptions per address as well", async () => {
    const staff = await t.signIn('staff');
    const max = limits.pushSubscribe.max;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, () => post(t.app, '/api/push/subscribe', { endpoint: 'not a url' }, '10.44.0.1', staff.token)),
    );
    expect(tally(answers)).toEqual({ 400: max, 429: 5 });
  });
});

describe.each(backends)('limits are declared by the routes themselves (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: defaultRateLimits() });
  });
  afterAll(async () => t?.close());

  /** A bare server with the app's access control and limits, to register routes on. */
  async function server() {
    const app = Fastify({ logger: false });
    registerAccessControl(app, t.app.ctx);
    await registerRateLimits(app, t.app.ctx);
    return app;
  }
  const handler = async () => ({ ok: true });

  it('refuses to start with a public write that declares neither a limit nor "none"', async () => {
    const app = await server();
    expect(() => app.post('/api/new-form', { config: { access: 'public' } }, handler)).toThrow(
      "POST /api/new-form is open to anyone and declares no rate limit (config.limit: a RATE_LIMIT_* name, or 'none')",
    );
    expect(() => app.route({ method: ['GET', 'DELETE'], url: '/api/new-thing', config: { access: 'public' }, handler })).toThrow(/declares no rate limit/);
    // A read, a signed-in write and an explicit 'none' need nothing more.
    app.get('/api/new-read', { config: { access: 'public' } }, handler);
    app.post('/api/new-staff-write', { config: { access: 'user' } }, handler);
    app.post('/api/new-webhook', { config: { access: 'public', limit: 'none' } }, handler);
    await app.close();
  });

  it('applies the limit a route names, under any URL: renaming a route keeps its limit', async () => {
    const app = await server();
    app.post('/api/renamed-contact-form', { config: { access: 'public', limit: 'contact' } }, handler);
    app.post('/api/open-hook', { config: { access: 'public', limit: 'none' } }, handler);
    await app.ready();
    const max = defaultRateLimits().contact.max;
    const answers = await Promise.all(
      Array.from({ length: max + 2 }, () => app.inject({ method: 'POST', url: '/api/renamed-contact-form', remoteAddress: '10.47.0.1' })),
    );
    expect(tally(answers)).toEqual({ 200: max, 429: 2 });
    const open = await Promise.all(Array.from({ length: 40 }, () => app.inject({ method: 'POST', url: '/api/open-hook', remoteAddress: '10.47.0.1' })));
    expect(tally(open)).toEqual({ 200: 40 });
    expect(open[0].headers['x-ratelimit-limit']).toBeUndefined();
    await app.close();
  });

  it('has no table of limits keyed by URL', async () => {
    const source = await readFile(path.join(import.meta.dirname, '../../src/server/limits/rate-limit.ts'), 'utf8');
    expect(source).not.toMatch(/['"`](GET|POST|PUT|PATCH|DELETE) \/api\//);
    expect(source).not.toContain("'/api/");
  });
});

describe('two instances on one PostgreSQL share the per-address counts', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('postgres', { rateLimits: defaultRateLimits() });
    second = await buildApp(t.config, { logger: false, startWorkers: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('refuses a flood spread over both instances at the one limit', async () => {
    const max = defaultRateLimits().contact.max;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? second : t.app, '/api/contact', contact(i), '10.50.0.1')));
    expect(tally(answers)).toEqual({ 201: max, 429: 30 - max });
    // Bookings: counted on one, refused on the other.
    const maxBookings = defaultRateLimits().booking.max;
    for (let i = 0; i < maxBookings; i++) expect((await post(t.app, '/api/reservations', booking(i), '10.50.0.2')).statusCode).toBe(201);
    expect((await post(second, '/api/reservations', booking(99), '10.50.0.2')).statusCode).toBe(429);
    expect((await post(second, '/api/reservations', booking(98), '10.50.0.3')).statusCode).toBe(201);
  });
});

describe.each(backends)('honeypot on the public forms (%s)', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  const count = async (table: 'contact_submissions' | 'conversations' | 'reservations' | 'newsletter_subscribers' | 'outbox') =>
    (await t.app.ctx.db.selectFrom(table).select('id').execute()).length;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'desk@gym.test', ...FAST_MAIL });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('answers a filled honeypot as a success, and stores and mails nothing', async () => {
    const tables = ['contact_submissions', 'conversations', 'reservations', 'newsletter_subscribers', 'outbox'] as const;
    const before = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)] as const)));

    const bot = '10.60.0.1';
    const c = await post(
      t.app,
      '/api/contact',
      { ...contact(1), email: 'victim@example.com', message: 'Buy cheap pills', website: 'http://spam.example' },
      bot,
    );
    expect(c.statusCode).toBe(201);
    expect(Object.keys(c.json()).sort()).toEqual(['conversationId', 'id', 'success']);
    expect(c.json().success).toBe(true);
    expect(Number.isInteger(c.json().id)).toBe(true);

    const b = await post(t.app, '/api/reservations', { ...booking(1), email: 'victim@example.com', message: 'Buy cheap pills', website: 'spam' }, bot);
    expect(b.statusCode).toBe(201);
    const real = await post(t.app, '/api/reservations', booking(2), '10.60.0.2');
    expect(real.statusCode).toBe(201);
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(real.json()).sort());
    expect(b.json()).toMatchObject({ name: 'Booker 1', email: 'victim@example.com', course: 'Private Training', status: 'unread' });

    const n = await post(t.app, '/api/newsletter-subscribers', { email: 'victim@example.com', isActive: true, website: 'x' }, bot);
    expect(n.statusCode).toBe(201);
    const realSignUp = await post(t.app, '/api/newsletter-subscribers', { email: 'reader@example.com', isActive: true }, '10.60.0.2');
    expect(realSignUp.statusCode).toBe(201);
    // The bot gets a real sign-up's answer, byte for byte (it names no address: decision 174).
    expect(n.body).toBe(realSignUp.body);

    // Only the real booking and sign-up were stored, with only their own e-mails.
    expect(await count('contact_submissions')).toBe(before.contact_submissions);
    expect(await count('conversations')).toBe(before.conversations);
    expect(await count('reservations')).toBe(before.reservations + 1);
    expect(await count('newsletter_subscribers')).toBe(before.newsletter_subscribers + 1);
    const outbox = await t.app.ctx.db.selectFrom('outbox').select(['to_address', 'text_body']).execute();
    expect(outbox.map((m) => m.to_address)).not.toContain('victim@example.com');
    expect(outbox.some((m) => m.text_body.includes('Buy cheap pills'))).toBe(false);

    // A real contact message after them: once its notice has arrived, nothing else came.
    expect((await post(t.app, '/api/contact', contact(3), '10.60.0.3')).statusCode).toBe(201);
    // 20 s: the contact form now queues the customer's acknowledgement too (issue 22).
    await waitUntil(() => peer.messages.find((m) => m.to.includes('desk@gym.test') && m.body.includes('Message number 3')), 20_000, 'the gym notice');
    await waitUntil(async () => (await t.app.ctx.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0 || undefined);
    expect(peer.messages.filter((m) => m.to.includes('victim@example.com'))).toHaveLength(0);
    expect(peer.messages.some((m) => m.raw.includes('Buy cheap pills') || m.body.includes('Buy cheap pills'))).toBe(false);
  });

  it("accepts SPEC.md §7's payloads without the field, and an empty field, as usual", async () => {
    const ip = '10.61.0.1';
    const before = await count('contact_submissions');
    expect((await post(t.app, '/api/contact', { name: 'Ann Lee', email: 'ann@example.com', subject: 'Hi', message: 'Question' }, ip)).statusCode).toBe(201);
    expect((await post(t.app, '/api/contact', { ...contact(7), website: '' }, ip)).statusCode).toBe(201);
    expect((await post(t.app, '/api/contact', { ...contact(8), website: '   ' }, ip)).statusCode).toBe(201);
    expect(await count('contact_submissions')).toBe(before + 3);
    const res = await post(
      t.app,
      '/api/reservations',
      bookingPayload({ name: 'Ann Lee', email: 'ann@example.com', course: 'Private Training', dateTime: inAWeek(5), message: 'Hi' }),
      ip,
    );
    expect(res.statusCode).toBe(201);
    expect(await t.app.ctx.db.selectFrom('reservations').select('id').where('id', '=', res.json().id).executeTakeFirst()).toBeDefined();
    const sub = await post(t.app, '/api/newsletter-subscribers', { email: 'ann@example.com', isActive: true }, ip);
    expect(sub.statusCode).toBe(201);
  });

  it('sends the visitor only the fixed acknowledgement: their words go to the gym only', async () => {
    expect(
      (await post(t.app, '/api/contact', { ...contact(20), email: 'someone-else@example.com', message: 'Visit http://spam.example now' }, '10.62.0.1'))
        .statusCode,
    ).toBe(201);
    await waitUntil(() => peer.messages.find((m) => m.body.includes('Visit http://spam.example now')), 10_000, 'the gym notice');
    const rows = await t.app.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'text_body', 'subject'])
      .where('to_address', '=', 'someone-else@example.com')
      .execute();
    // One acknowledgement (issue 22), with none of the visitor's text.
    expect(rows).toHaveLength(1);
    expect(rows[0].text_body).not.toContain('spam.example');
    expect(rows[0].text_body).not.toContain('Sender 20');
    expect(rows[0].subject).not.toContain(contact(20).subject);
    const got = await waitUntil(() => peer.messages.find((m) => m.to.includes('someone-else@example.com')), 10_000, 'the acknowledgement');
    expect(got.raw).not.toContain('spam.example');
  });
});
