import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../src/server/mail/templates/i18n';
import { signUpAnswer } from '../../src/server/newsletter/newsletter.presenter';
import { SITE } from '../../src/shared/site';
import { decodeHeader, startSmtpPeer, waitUntil, type ReceivedMail, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../helpers/test-app';
import { FAST_MAIL } from '../helpers/factories';

// Issue 12, point 5: double opt-in. A sign-up is pending and gets one confirmation e-mail; only
// the confirm page's POST makes it active; GETs of the links never change anything; every
// newsletter e-mail carries List-Unsubscribe with RFC 8058 one-click.
// Issue 45, point 5 (decision 174): the sign-up answers a new, a pending and a confirmed address
// alike; only the e-mail, which the address's owner alone reads, says which it was.

// A name that passes the name rule (a link would be refused: tests/api/public-form-names.test.ts)
// but is no less a stranger's words: the confirmation must not carry it.
const SPAM_NAME = 'Win big prizes now';
const HOUR = 3600_000;
const exactly = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe.each(backends)('newsletter double opt-in on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.app.ctx.db;
  const subscribe = (email: string, name: string | null = null) =>
    t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: { email, name, isActive: true } });
  const mailsTo = (to: string, subject: RegExp) => peer.messages.filter((m) => m.to.includes(to) && subject.test(decodeHeader(m.headers.subject)));
  const nthMail = (to: string, subject: RegExp, n: number) => waitUntil(() => mailsTo(to, subject)[n - 1], 10_000, `e-mail ${n} (${subject}) to ${to}`);
  /** Every e-mail ever queued for the address (sent or not yet). */
  const queued = async (to: string) =>
    (await db().selectFrom('outbox').select(['subject']).where('to_address', '=', to).orderBy('id').execute()).map((r) => r.subject);
  const linkIn = (mail: ReceivedMail, path: string) => {
    const m = new RegExp(`http://gym\\.test(${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+)`).exec(mail.body);
    expect(m, mail.body).not.toBeNull();
    return m![1];
  };
  const row = (email: string) => db().selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const listed = async (email: string) =>
    (await t.inject({ method: 'GET', url: '/api/newsletter-subscribers', token: staff })).json().find((s: { email: string }) => s.email === email);
  const dashboardCount = async () => (await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff })).json().totalNewsletterSubscribers as number;
  const backdate = (email: string, ms: number) =>
    db()
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - ms).toISOString() })
      .where('email', '=', email)
      .execute();
  const CONFIRM = /^Confirm your subscription/;
  const WELCOME = /^Welcome/;

  it('stores a sign-up as pending, sends one confirmation without the visitor’s text, and confirms only on the page’s POST', async () => {
    const email = 'optin@example.com';
    const countBefore = await dashboardCount();
    const res = await subscribe(email, SPAM_NAME);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual(signUpAnswer);
    expect(await listed(email)).toMatchObject({ isActive: false, status: 'pending', confirmedAt: null });
    expect(await dashboardCount()).toBe(countBefore);

    const mail = await nthMail(email, CONFIRM, 1);
    expect(decodeHeader(mail.headers.subject)).toBe(`Confirm your subscription to the ${SITE.name} newsletter`);
    expect(mail.raw).not.toContain('Win big');
    expect(await queued(email)).toHaveLength(1);
    const link = linkIn(mail, '/api/newsletter/confirm');
    // The token is stored as a hash only.
    const token = new URL(link, 'http://gym.test').searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const stored = await row(email);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Mail scanners follow links: GETs show a page with a button and change nothing.
    for (const accept of ['text/html', 'application/json', '*/*']) {
      const page = await t.inject({ method: 'GET', url: link, headers: { accept } });
      expect(page.statusCode, accept).toBe(200);
    }
    const html = await t.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(html.body).toMatch(/<form method="post" action="\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]+"/);
    expect(html.body).toContain('Confirm my subscription');
    expect(html.headers['cache-control']).toBe('no-store');
    expect(await listed(email)).toMatchObject({ status: 'pending' });

    // The button: a form post (as the browser sends it).
    const done = await t.inject({
      method: 'POST',
      url: link,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Subscribed!');
    expect(await listed(email)).toMatchObject({ isActive: true, status: 'confirmed', confirmedAt: expect.any(String) });
    expect(await dashboardCount()).toBe(countBefore + 1);
    // A second click is answered kindly and changes nothing.
    const again = await t.inject({ method: 'POST', url: link });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'You are already subscribed.' });

    // The welcome: a newsletter e-mail, with one-click unsubscribe, and no visitor text either.
    const welcome = await nthMail(email, WELCOME, 1);
    expect(welcome.raw).not.toContain('spam.example.com');
    const unsubscribe = linkIn(welcome, '/api/newsletter/unsubscribe');
    expect(welcome.headers['list-unsubscribe']).toBe(`<http://gym.test${unsubscribe}>`);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(email, /./)).toHaveLength(2);
  });

  it('answers a new, a pending and a confirmed address byte for byte alike, and e-mails each its own news', async () => {
    const [fresh, pending, member] = ['alike-new@example.com', 'alike-pending@example.com', 'alike-member@example.com'];
    // Pending: signed up over an hour ago. Confirmed: a German subscriber, confirmed over an hour ago.
    expect((await subscribe(pending)).statusCode).toBe(201);
    const firstLink = linkIn(await nthMail(pending, CONFIRM, 1), '/api/newsletter/confirm');
    await backdate(pending, HOUR + 60_000);
    const de = MAIL_MESSAGES.de;
    const signUpDe = await t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: { email: member, isActive: true, language: 'de' } });
    expect(signUpDe.statusCode).toBe(201);
    const confirmDe = linkIn(await nthMail(member, exactly(de.newsletterConfirmSubject(SITE.name)), 1), '/api/newsletter/confirm');
    expect((await t.inject({ method: 'POST', url: confirmDe })).statusCode).toBe(200);
    const welcome = await nthMail(member, exactly(de.newsletterWelcomeSubject(SITE.name)), 1);
    await backdate(member, HOUR + 60_000);

    // From an English page, each in its own case.
    const answers = [await subscribe(fresh), await subscribe(pending.toUpperCase()), await subscribe(member)];
    for (const a of answers) {
      expect(a.statusCode).toBe(201);
      expect(a.body).toBe(answers[0].body);
      expect(a.headers['content-type']).toBe(answers[0].headers['content-type']);
    }
    expect(answers[0].json()).toEqual(signUpAnswer);
    for (const text of [fresh, pending, member, 'pending', 'confirmed', '"id"']) expect(answers[0].body).not.toContain(text);

    // New: its confirmation. Pending: the confirmation again, a new link, the old one dead.
    await nthMail(fresh, CONFIRM, 1);
    const secondLink = linkIn(await nthMail(pending, CONFIRM, 2), '/api/newsletter/confirm');
    expect(secondLink).not.toBe(firstLink);
    expect((await t.inject({ method: 'POST', url: firstLink })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: secondLink })).statusCode).toBe(200);
    // Confirmed: told so in German (its language, not the page's), with its own unsubscribe
    // link and one-click headers, as every newsletter e-mail; nothing changed.
    const notice = await nthMail(member, /./, 3);
    expect(decodeHeader(notice.headers.subject)).toBe(de.newsletterAlreadySubject(SITE.name));
    expect(notice.body).toContain(de.newsletterAlready(SITE.name));
    const unsubscribe = linkIn(welcome, '/api/newsletter/unsubscribe');
    expect(linkIn(notice, '/api/newsletter/unsubscribe')).toBe(unsubscribe);
    expect(notice.headers['list-unsubscribe']).toBe(`<http://gym.test${unsubscribe}>`);
    expect(notice.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(notice.raw).not.toMatch(/confirm\?token=/);
    expect(await listed(member)).toMatchObject({ status: 'confirmed', isActive: true });
    expect(await queued(member)).toHaveLength(3); // confirmation, welcome, the notice
  });

  it('mails a pending or a confirmed address at most once an hour, however many sign-ups, answering each alike', async () => {
    const email = 'again@example.com';
    const first = await subscribe(email);
    expect(first.statusCode).toBe(201);
    await nthMail(email, CONFIRM, 1);
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(email.toUpperCase());
      expect([res.statusCode, res.body]).toEqual([first.statusCode, first.body]);
    }
    // Within the hour: nothing more was queued.
    expect(await queued(email)).toHaveLength(1);

    // An hour later: sign-ups racing each other send one new confirmation between them.
    await backdate(email, HOUR + 60_000);
    const raced = await Promise.all(Array.from({ length: 5 }, () => subscribe(email)));
    for (const r of raced) expect([r.statusCode, r.body]).toEqual([first.statusCode, first.body]);
    expect(await queued(email)).toHaveLength(2);
    const older = linkIn(mailsTo(email, CONFIRM)[0], '/api/newsletter/confirm');
    const newer = linkIn(await nthMail(email, CONFIRM, 2), '/api/newsletter/confirm');
    expect(newer).not.toBe(older);
    // Only the newest link works.
    expect((await t.inject({ method: 'POST', url: older })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: newer })).statusCode).toBe(200);
    expect(await queued(email)).toHaveLength(3); // two confirmations and the welcome

    // Confirmed: the same answer; within the hour of the last e-mail nothing more goes…
    const dup = await subscribe(email);
    expect([dup.statusCode, dup.body]).toEqual([first.statusCode, first.body]);
    expect(await queued(email)).toHaveLength(3);
    // …an hour later one "already subscribed" e-mail, however many sign-ups race.
    await backdate(email, HOUR + 60_000);
    const racedAgain = await Promise.all(Array.from({ length: 5 }, () => subscribe(email)));
    for (const r of racedAgain) expect([r.statusCode, r.body]).toEqual([first.statusCode, first.body]);
    expect(await queued(email)).toEqual([
      `Confirm your subscription to the ${SITE.name} newsletter`,
      `Confirm your subscription to the ${SITE.name} newsletter`,
      `Welcome to the ${SITE.name} newsletter`,
      `You are already subscribed to the ${SITE.name} newsletter`,
    ]);
  });

  it('refuses an expired or unknown confirmation link, by GET and by POST, in the page’s words', async () => {
    const email = 'late@example.com';
    expect((await subscribe(email)).statusCode).toBe(201);
    const link = linkIn(await nthMail(email, CONFIRM, 1), '/api/newsletter/confirm');
    await backdate(email, 8 * 24 * HOUR);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.inject({ method, url: link, headers: { accept: 'text/html' } });
      expect(res.statusCode, method).toBe(404);
      expect(res.body).toContain('This confirmation link is not valid.');
    }
    expect(await listed(email)).toMatchObject({ status: 'pending' });
    const unknown = await t.inject({ method: 'POST', url: '/api/newsletter/confirm?token=' + 'A'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
    for (const q of ['', '?token=', '?token=<x>', '?token=a&token=b']) {
      const res = await t.inject({ method: 'POST', url: '/api/newsletter/confirm' + q });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('unsubscribes in one click (RFC 8058 POST), while a GET of the link only shows the button', async () => {
    const email = 'oneclick@example.com';
    expect((await subscribe(email)).statusCode).toBe(201);
    const confirm = linkIn(await nthMail(email, CONFIRM, 1), '/api/newsletter/confirm');
    expect((await t.inject({ method: 'POST', url: confirm })).statusCode).toBe(200);
    const welcome = await nthMail(email, WELCOME, 1);
    const target = /^<http:\/\/gym\.test([^>]+)>$/.exec(welcome.headers['list-unsubscribe'])![1];

    for (let i = 0; i < 3; i++) expect((await t.inject({ method: 'GET', url: target })).statusCode).toBe(200);
    const page = await t.inject({ method: 'GET', url: target, headers: { accept: 'text/html' } });
    expect(page.body).toContain('<form method="post"');
    expect(await listed(email)).toMatchObject({ status: 'confirmed' });

    // What a mail client sends for one-click unsubscribe.
    const oneClick = await t.inject({
      method: 'POST',
      url: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await listed(email)).toMatchObject({ isActive: false, status: 'unsubscribed' });
    // The old confirmation link cannot bring the address back.
    expect((await t.inject({ method: 'POST', url: confirm })).statusCode).toBe(404);
    expect(await listed(email)).toMatchObject({ status: 'unsubscribed' });
  });

  it('accepts form bodies on the two link routes only', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const contact = await t.inject({ method: 'POST', url: '/api/contact', headers: form, payload: 'name=A&email=a%40example.com&subject=S&message=M' });
    expect(contact.statusCode).toBe(415);
    const signUp = await t.inject({ method: 'POST', url: '/api/newsletter-subscribers', headers: form, payload: 'email=a%40example.com&isActive=true' });
    expect(signUp.statusCode).toBe(415);
  });
});

describe.each(backends)('newsletter sign-up under the real per-address limit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: defaultRateLimits() });
  });
  afterAll(async () => t?.close());

  it('answers every sign-up alike up to the limit, whatever the address, then 429', async () => {
    const max = defaultRateLimits().newsletter.max;
    const sign = (email: string) =>
      t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: { email, isActive: true }, remoteAddress: '10.70.0.1' });
    // The same address again and again (new, then pending): the limit counts them all.
    const answers = [];
    for (let i = 0; i < max; i++) answers.push(await sign(i % 2 ? 'probe@example.com' : `other${i}@example.com`));
    for (const a of answers) expect([a.statusCode, a.body]).toEqual([201, JSON.stringify(signUpAnswer)]);
    const over = await sign('probe@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    // Another address is served meanwhile.
    const elsewhere = await t.inject({
      method: 'POST',
      url: '/api/newsletter-subscribers',
      payload: { email: 'probe@example.com' },
      remoteAddress: '10.70.0.2',
    });
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([201, JSON.stringify(signUpAnswer)]);
  });
});
