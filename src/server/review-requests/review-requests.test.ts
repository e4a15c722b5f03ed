import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import type { ReviewRequestSettings } from '../../shared/schemas/site-settings-reviews';
import { editSettings } from '../../../tests/helpers/orders';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { addLedgerLine } from '../ledger/ledger.repository';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { queueDueReviewRequests } from './review-requests.service';

// Review requests (issue 48 point 5, decision 190): after a stay ends or after the Nth class
// marked present, `delayDays` gym days later, one e-mail per person ever, in their language,
// with the review links of Paramètres; never to an address that unsubscribed or bounces, nor
// when the gym cancelled the person's latest booking; nothing while the setting is off.

// Far ahead: the apps' own jobs run on the real clock and never find these due.
const DAY = '2031-03-10';
const TZ = 'Asia/Bangkok';
const at = (date: string, time = '09:00') => zonedToInstant(date, time, TZ);

const GOOGLE = 'https://g.page/r/tiger-coast/review';
const TRIP = 'https://www.tripadvisor.com/Attraction_Review-tiger-coast';
const TRIP_DE = 'https://www.tripadvisor.de/Attraction_Review-tiger-coast';

describe.each(backends)('review requests on %s', (backend) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.reverse()) await a.close();
    apps.length = 0;
  });
  const open = async (...args: Parameters<typeof createTestApp>) => {
    const t = await createTestApp(...args);
    apps.push(t);
    return t;
  };
  const sharing = (t: TestApp) => (backend === 'postgres' ? { databaseSchema: t.config.databaseSchema } : { dataDir: t.config.dataDir });

  async function turnOn(t: TestApp, admin: string, s: Partial<ReviewRequestSettings>) {
    await editSettings(t, admin, (settings) => {
      settings.reviewRequests = { afterStay: false, afterClasses: 0, delayDays: 0, links: [{ name: 'Google', url: GOOGLE }], ...s };
    });
  }

  async function person(t: TestApp, extra: { email?: string | null; language?: Language; name?: string } = {}) {
    const email = extra.email === undefined ? `p-${randomBytes(4).toString('hex')}@example.com` : extra.email;
    const c = await findOrCreateCustomer(t.app.ctx.db, {
      name: extra.name ?? 'Kim Traveller',
      email,
      phone: email ? null : `+66 81 ${Math.floor(1000000 + Math.random() * 8999999)}`,
      language: extra.language ?? 'en',
    });
    return { id: c!.id, email: email ?? '' };
  }

  /** A class of the person on the gym date (17:00), present unless told otherwise. */
  async function classOn(
    t: TestApp,
    customerId: number,
    date: string,
    extra: { attendance?: 'present' | 'no_show' | null; cancelledBy?: 'gym' | 'customer' } = {},
  ) {
    const startsAt = at(date, '17:00').toISOString();
    await t.app.ctx.db
      .insertInto('reservations')
      .values({
        name: 'Kim Traveller',
        email: null,
        phone: null,
        course: 'Muay Thai',
        date_time: startsAt,
        message: null,
        status: extra.cancelledBy ? 'cancelled' : 'read',
        created_at: new Date(Date.parse(startsAt) - 86_400_000).toISOString(),
        weekly_session_id: null,
        session_date: date,
        attendance: extra.attendance === undefined ? (extra.cancelledBy ? null : 'present') : extra.attendance,
        customer_id: customerId,
        cancelled_at: extra.cancelledBy ? startsAt : null,
        cancelled_by: extra.cancelledBy ?? null,
      })
      .execute();
  }

  const mailsTo = async (t: TestApp, to: string) =>
    (await t.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute()).map((r) => renderedRow(t.config, r));
  const asked = async (t: TestApp) => (await t.app.ctx.db.selectFrom('review_requests').selectAll().orderBy('id').execute()).map((r) => r.customer_id);

  it('after the Nth class marked present, once, after the delay and not before; nothing while off; the list for staff', async () => {
    const t = await open(backend);
    const admin = (await t.signIn('admin')).token;
    const staff = (await t.signIn('staff')).token;
    const kim = await person(t, { name: 'Kim Lee' });
    // Three present classes (the third on DAY), a no-show and a class cancelled by the person between them.
    await classOn(t, kim.id, addDays(DAY, -6));
    await classOn(t, kim.id, addDays(DAY, -5), { attendance: 'no_show' });
    await classOn(t, kim.id, addDays(DAY, -4));
    await classOn(t, kim.id, addDays(DAY, -2), { cancelledBy: 'customer' });
    await classOn(t, kim.id, DAY);
    const two = await person(t);
    await classOn(t, two.id, addDays(DAY, -1));
    await classOn(t, two.id, DAY);

    // The setting off (the default): nothing, whatever the date.
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 5)))).toBe(0);
    await turnOn(t, admin, { afterClasses: 3, delayDays: 2 });
    expect(await queueDueReviewRequests(t.app.ctx, at(DAY, '20:00'))).toBe(0);
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 1), '23:50'))).toBe(0);
    // Two gym days later, just after midnight at the gym: due.
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 2), '00:10'))).toBe(1);
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 2), '00:20'))).toBe(0);
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 9)))).toBe(0);
    // A fourth class later does not ask again.
    await classOn(t, kim.id, addDays(DAY, 3));
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 6)))).toBe(0);

    const mails = await mailsTo(t, kim.email);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m.subject).toBe('How was your time at Tiger Coast Fight Club?');
    expect(m.text_body).toContain('Hello Kim Lee');
    expect(m.text_body).toContain('Thank you for training with us');
    expect(m.text_body).toContain(`Review us on Google:\n${GOOGLE}`);
    expect(m.text_body).toContain('We ask only once');
    // The "Your page" line of every customer e-mail (decision 183).
    expect(m.text_body).toMatch(/Your page: +http:\/\/gym\.test\/me/);
    expect(m.html_body).toContain(`href="${GOOGLE}"`);
    expect(await mailsTo(t, two.email)).toHaveLength(0);

    // Staff see who was asked, when and why; no token: 401.
    expect((await t.inject({ method: 'GET', url: '/api/review-requests' })).statusCode).toBe(401);
    const list = await t.inject({ method: 'GET', url: '/api/review-requests', token: staff });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [
        {
          id: expect.any(Number),
          customerId: kim.id,
          name: 'Kim Lee',
          email: kim.email,
          reason: 'classes',
          language: 'en',
          triggerDate: DAY,
          askedAt: at(addDays(DAY, 2), '00:10').toISOString(),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    expect((await t.inject({ method: 'GET', url: '/api/review-requests?page=2&pageSize=1', token: staff })).json().items).toEqual([]);
    // And on the customer's record.
    const detail = async (id: number) => (await t.inject({ method: 'GET', url: `/api/customers/${id}`, token: staff })).json().reviewRequestedAt;
    expect(await detail(kim.id)).toBe(at(addDays(DAY, 2), '00:10').toISOString());
    expect(await detail(two.id)).toBeNull();

    // Turned off again: a third person reaching three classes is not asked.
    const late = await person(t);
    for (const d of [1, 2, 3]) await classOn(t, late.id, addDays(DAY, d));
    await turnOn(t, admin, { afterClasses: 0, afterStay: false });
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 10)))).toBe(0);
    expect(await mailsTo(t, late.email)).toHaveLength(0);
  });

  it("after a stay ends, in the person's language with the language's own links; not for cancelled, refunded or old stays", async () => {
    const t = await open(backend);
    const admin = (await t.signIn('admin')).token;
    const type = await testRoomType(t.app.ctx, 20);
    const stay = (language: Language, checkOut = DAY, extra: { cancelledAt?: string } = {}) =>
      createStayOrder(t.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(checkOut, -4), checkOut, language, name: `Guest ${language}`, ...extra });
    const byLanguage = new Map<Language, Awaited<ReturnType<typeof stay>>>();
    for (const l of ['en', 'ru', 'zh', 'de', 'fr', 'th'] as const) byLanguage.set(l, await stay(l));
    const cancelled = await stay('en', DAY, { cancelledAt: new Date().toISOString() });
    const refunded = await stay('en');
    await addLedgerLine(t.app.ctx.db, { orderId: refunded.id, kind: 'payment', method: 'cash', amountSatang: refunded.amountSatang });
    await addLedgerLine(t.app.ctx.db, { orderId: refunded.id, kind: 'refund', method: 'cash', amountSatang: refunded.amountSatang });
    // Ended 32 days before the run: before the window of the last 30 days (decision 190).
    const old = await stay('en', addDays(DAY, -32));
    // A stay still going on the run's day.
    const ongoing = await stay('en', addDays(DAY, 3));

    await turnOn(t, admin, {
      afterStay: true,
      delayDays: 0,
      links: [
        { name: 'Google', url: GOOGLE, urls: { de: '', fr: 'https://g.page/r/tiger-coast/review?hl=fr' } },
        { name: 'TripAdvisor', url: TRIP, urls: { de: TRIP_DE } },
      ],
    });
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, -1), '23:59'))).toBe(0);
    expect(await queueDueReviewRequests(t.app.ctx, at(DAY, '08:00'))).toBe(6);

    const subjects = new Map<Language, string>();
    for (const [l, o] of byLanguage) {
      const mails = await mailsTo(t, o.email);
      expect(mails, l).toHaveLength(1);
      subjects.set(l, mails[0].subject);
    }
    expect(subjects.get('en')).toBe('How was your time at Tiger Coast Fight Club?');
    expect(subjects.get('de')).toBe('Wie war Ihre Zeit bei Tiger Coast Fight Club?');
    expect(subjects.get('fr')).toBe('Comment s’est passé votre séjour chez Tiger Coast Fight Club ?');
    expect(subjects.get('ru')).toBe('Как вам Tiger Coast Fight Club?');
    expect(subjects.get('zh')).toContain('Tiger Coast Fight Club');
    expect(subjects.get('th')).toContain('Tiger Coast Fight Club');
    expect(new Set(subjects.values()).size).toBe(6);

    const [en] = await mailsTo(t, byLanguage.get('en')!.email);
    expect(en.text_body).toContain('Thank you for staying and training with us');
    expect(en.text_body).toContain(`Review us on Google:\n${GOOGLE}`);
    expect(en.text_body).toContain(`Review us on TripAdvisor:\n${TRIP}`);
    const [de] = await mailsTo(t, byLanguage.get('de')!.email);
    // German: Google's page left empty for German falls back to the default; TripAdvisor's own page.
    expect(de.text_body).toContain('Hallo Guest de');
    expect(de.text_body).toContain(`Bewerten Sie uns auf Google:\n${GOOGLE}`);
    expect(de.text_body).toContain(`Bewerten Sie uns auf TripAdvisor:\n${TRIP_DE}`);
    expect(de.text_body).not.toContain(TRIP);
    expect(de.text_body).toMatch(/Ihre Seite: +http:\/\/gym\.test\/de\/me/);
    const [fr] = await mailsTo(t, byLanguage.get('fr')!.email);
    expect(fr.text_body).toContain('https://g.page/r/tiger-coast/review?hl=fr');
    expect(fr.text_body).toContain(`Laisser un avis sur TripAdvisor:\n${TRIP}`);
    const [th] = await mailsTo(t, byLanguage.get('th')!.email);
    expect(th.html_body).toContain('lang="th"');

    for (const o of [cancelled, refunded, old, ongoing]) expect(await mailsTo(t, o.email)).toHaveLength(0);
    const rows = await t.app.ctx.db.selectFrom('review_requests').select(['reason', 'trigger_date', 'language']).execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.reason === 'stay' && r.trigger_date === DAY)).toBe(true);

    // The ongoing stay's end asks its guest once; the others are never asked again.
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 3)))).toBe(1);
    expect(await mailsTo(t, ongoing.email)).toHaveLength(1);
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 4)))).toBe(0);
  });

  it('never to an unsubscribed or bouncing address, a merged-away record, no e-mail, or when the gym cancelled the latest booking', async () => {
    const t = await open(backend);
    const admin = (await t.signIn('admin')).token;
    const staff = (await t.signIn('staff')).token;
    await turnOn(t, admin, { afterClasses: 1, delayDays: 1 });
    const now = at(addDays(DAY, 1));
    const subscriber = (email: string, active: boolean, pending: boolean) =>
      t.app.ctx.db
        .insertInto('newsletter_subscribers')
        .values({
          email,
          name: null,
          is_active: active ? 1 : 0,
          unsubscribe_token: randomBytes(16).toString('hex'),
          subscribed_at: new Date().toISOString(),
          confirmed_at: null,
          confirm_token_hash: pending ? randomBytes(16).toString('hex') : null,
          confirm_sent_at: null,
        })
        .execute();

    const unsubscribed = await person(t);
    await subscriber(unsubscribed.email.toUpperCase(), false, false);
    // Never confirmed is not "unsubscribed"; a confirmed subscriber is asked too.
    const pending = await person(t);
    await subscriber(pending.email, false, true);
    const confirmed = await person(t);
    await subscriber(confirmed.email, true, false);
    const bounced = await person(t);
    await t.app.ctx.db
      .insertInto('email_bounces')
      .values({ email_key: bounced.email, reason: '550 no such user', bounced_at: new Date().toISOString() })
      .execute();
    const bouncing = await person(t);
    await t.app.ctx.db.updateTable('customers').set({ bouncing_at: new Date().toISOString() }).where('id', '=', bouncing.id).execute();
    const phoneOnly = await person(t, { email: null });
    const calledOff = await person(t);
    for (const p of [unsubscribed, pending, confirmed, bounced, bouncing, phoneOnly, calledOff]) await classOn(t, p.id, DAY);
    // The gym called off calledOff's next class: their latest booking.
    await classOn(t, calledOff.id, addDays(DAY, 2), { cancelledBy: 'gym' });

    expect(await queueDueReviewRequests(t.app.ctx, now)).toBe(2);
    expect((await mailsTo(t, pending.email)).length + (await mailsTo(t, confirmed.email)).length).toBe(2);
    for (const p of [unsubscribed, bounced, bouncing, calledOff]) expect(await mailsTo(t, p.email)).toHaveLength(0);
    expect((await asked(t)).sort()).toEqual([pending.id, confirmed.id].sort());

    // "For now": once they book again after the gym's cancel, the next run asks them.
    await classOn(t, calledOff.id, addDays(DAY, 4), { attendance: null });
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 2)))).toBe(1);
    expect(await mailsTo(t, calledOff.email)).toHaveLength(1);

    // Merged: a record asked, merged into another, counts for it.
    const a = await person(t);
    await classOn(t, a.id, addDays(DAY, 3));
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 4)))).toBe(1);
    const b = await person(t);
    const merge = await t.inject({ method: 'POST', url: `/api/customers/${b.id}/merge`, token: staff, payload: { otherId: a.id } });
    expect(merge.statusCode).toBe(200);
    await classOn(t, b.id, addDays(DAY, 4));
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 5)))).toBe(0);
    expect(await mailsTo(t, b.email)).toHaveLength(0);
  });

  it('once per person when runs race on two instances, in a row, and after a restart', async () => {
    const a = await open(backend);
    // PostgreSQL: a second app (own pool, own job) on the same schema. SQLite has one writer per
    // file; there the racing runs share the one app.
    const admin = (await a.signIn('admin')).token;
    await turnOn(a, admin, { afterStay: true, afterClasses: 2, delayDays: 1 });
    const b = backend === 'postgres' ? await open(backend, sharing(a)) : a;
    const type = await testRoomType(a.app.ctx, 12);
    const emails: string[] = [];
    for (let i = 0; i < 6; i++) emails.push((await createStayOrder(a.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(DAY, -3), checkOut: DAY })).email);
    for (let i = 0; i < 6; i++) {
      const p = await person(a);
      await classOn(a, p.id, addDays(DAY, -1));
      await classOn(a, p.id, DAY);
      emails.push(p.email);
    }
    // The same person's stay and classes: one e-mail.
    const both = await createStayOrder(a.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(DAY, -3), checkOut: DAY });
    const bothId = (await a.app.ctx.db.selectFrom('orders').select('customer_id').where('id', '=', both.id).executeTakeFirstOrThrow()).customer_id;
    await classOn(a, bothId, addDays(DAY, -2));
    await classOn(a, bothId, DAY);
    emails.push(both.email);

    const now = at(addDays(DAY, 1));
    const counts = await Promise.all([
      queueDueReviewRequests(a.app.ctx, now),
      queueDueReviewRequests(b.app.ctx, now),
      queueDueReviewRequests(a.app.ctx, now),
      queueDueReviewRequests(b.app.ctx, now),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(13);
    expect(await queueDueReviewRequests(a.app.ctx, now)).toBe(0);
    expect(await queueDueReviewRequests(b.app.ctx, at(addDays(DAY, 2)))).toBe(0);
    for (const e of emails) expect(await mailsTo(a, e), e).toHaveLength(1);
    expect(await asked(a)).toHaveLength(13);
    const reasons = await a.app.ctx.db.selectFrom('review_requests').select('reason').where('customer_id', '=', bothId).executeTakeFirstOrThrow();
    expect(reasons.reason).toBe('stay');

    // Restarted on the same storage, its job running at start: nothing more.
    if (b !== a) {
      await b.app.close();
      apps.splice(apps.indexOf(b), 1);
    }
    const c = await open(backend, sharing(a), {}, { now: () => now });
    await c.app.reviewRequests.idle();
    expect(await queueDueReviewRequests(c.app.ctx, now)).toBe(0);
    for (const e of emails) expect(await mailsTo(c, e)).toHaveLength(1);
  });

  it('an erase takes the person off the list; the settings refuse links that are not https, and a trigger without a link', async () => {
    const t = await open(backend);
    const admin = (await t.signIn('admin')).token;
    const staff = (await t.signIn('staff')).token;
    await turnOn(t, admin, { afterClasses: 1 });
    const kim = await person(t);
    const other = await person(t);
    await classOn(t, kim.id, DAY);
    await classOn(t, other.id, DAY);
    expect(await queueDueReviewRequests(t.app.ctx, at(DAY, '20:00'))).toBe(2);

    const erase = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: kim.email } });
    expect(erase.statusCode).toBe(200);
    expect(await asked(t)).toEqual([other.id]);
    const list = (await t.inject({ method: 'GET', url: '/api/review-requests', token: staff })).json();
    expect(list.items.map((i: { customerId: number }) => i.customerId)).toEqual([other.id]);
    expect(JSON.stringify(list)).not.toContain(kim.email);
    // The erased record has no address: it is never asked again.
    expect(await queueDueReviewRequests(t.app.ctx, at(addDays(DAY, 1)))).toBe(0);

    const read = (await t.inject({ method: 'GET', url: '/api/site-settings', token: admin })).json();
    const put = (reviewRequests: unknown) =>
      t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: { ...read.settings, reviewRequests }, version: read.version } });
    const plain = await put({ afterStay: true, afterClasses: 0, delayDays: 3, links: [{ name: 'Google', url: 'http://g.page/x' }] });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('https://');
    const noLink = await put({ afterStay: false, afterClasses: 2, delayDays: 3, links: [] });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.body).toContain('au moins un lien');
    const tooLate = await put({ afterStay: true, afterClasses: 0, delayDays: 61, links: [{ name: 'Google', url: GOOGLE }] });
    expect(tooLate.statusCode).toBe(400);
    // Settings saved before the section existed read it off.
    const { reviewRequests: _dropped, ...before } = read.settings;
    const older = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: before, version: read.version } });
    expect(older.statusCode).toBe(200);
    expect(older.json().settings.reviewRequests).toEqual({ afterStay: false, afterClasses: 0, delayDays: 3, links: [] });
  });
});
