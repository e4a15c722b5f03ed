import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { customer } from '../../../tests/helpers/me-sign-in';
import { startPushService, type PushServiceStandIn } from '../../../tests/helpers/push-service';
import { nextSession } from '../../../tests/helpers/sessions';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone, zonedToInstant } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';
import { headFor, renderHead } from '../seo/meta';
import { buildApp } from '../app';
import { hashToken, newToken } from '../auth/tokens';
import { travellerPushTexts } from '../mail/templates/traveller-push-texts';
import { sendBalanceReminders } from '../orders/balance-reminders';
import { createArrivalMailJob } from '../stays/arrival-mail';
import { runOffers } from '../waitlist/waitlist-offers';
import { insertSession } from './me.repository';
import { queueTravellerPush, type TravellerPushEvent } from '../push/traveller-push';
import { createTravellerPushQueue } from '../push/traveller-push-queue';

// Issue 47 point 6 (decision 188): a traveller turns push on for a browser from My page (their
// cookie, never a staff token); a waiting-list offer, a class the gym cancelled or moved, a
// balance due in three days and the arrival each queue one push, in the person's language, only
// for a person with a subscription, once however often and by however many instances the event
// is processed; the worker delivers it to the browser and opens /{lang}/me.

const TZ = 'Asia/Bangkok';

describe.each(backends)('push for travellers on %s', (backend) => {
  let t: TestApp;
  let svc: PushServiceStandIn;
  let staff: string;
  let n = 0;
  const db = () => t.app.ctx.db;
  const extra: TestApp[] = [];

  /** A customer signed in on My page: the cookie, as a browser sends it. */
  const traveller = async (language: Language = 'en', app: TestApp = t) => {
    n += 1;
    const email = `push${n}-${backend}@example.com`;
    const c = await customer(app, email, `Traveller ${n}`, language);
    const token = newToken();
    const now = new Date().toISOString();
    await insertSession(app.app.ctx.db, { customerId: c.id, tokenHash: hashToken(token), now, expiresAt: addDays(now.slice(0, 10), 30) + 'T00:00:00Z' });
    return { id: c.id, email, cookie: `me_session=${token}` };
  };
  const subscribeReq = (cookie: string | undefined, payload: object, token?: string) =>
    t.inject({ method: 'POST', url: '/api/me/push-subscriptions', payload, headers: cookie ? { cookie } : {}, token });
  const subscribed = async (language: Language = 'en') => {
    const p = await traveller(language);
    const sub = svc.subscription(`browser-${n}`);
    const res = await subscribeReq(p.cookie, sub);
    expect(res.statusCode, res.body).toBe(204);
    return { ...p, endpoint: sub.endpoint };
  };
  const pushesOf = (customerId: number) => db().selectFrom('push_outbox').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

  beforeAll(async () => {
    svc = await startPushService();
    t = await createTestApp(backend, { pushAllowInsecureEndpoints: true }, {}, { startWorkers: false });
    staff = (await t.signIn('staff')).token;
  });
  afterEach(async () => {
    for (const a of extra.splice(0)) await a.close();
  });
  afterAll(async () => {
    await t?.close();
    await svc?.close();
  });

  it('subscribes and unsubscribes this browser with the traveller’s cookie only', async () => {
    const p = await traveller('ru');
    const sub = svc.subscription('own');
    expect((await subscribeReq(undefined, sub)).statusCode).toBe(401);
    // A staff token opens nothing here, and stores nothing for the staff either.
    expect((await subscribeReq(undefined, sub, staff)).statusCode).toBe(401);
    expect((await subscribeReq('me_session=not-a-token', sub)).statusCode).toBe(401);
    const ok = await subscribeReq(p.cookie, { ...sub, userAgent: 'Phone' });
    expect(ok.statusCode, ok.body).toBe(204);
    const rows = await db().selectFrom('customer_push_subscriptions').selectAll().where('endpoint', '=', sub.endpoint).execute();
    expect(rows).toMatchObject([{ customer_id: p.id, user_agent: 'Phone' }]);
    expect(await db().selectFrom('push_subscriptions').selectAll().where('endpoint', '=', sub.endpoint).execute()).toEqual([]);
    // The same checks as the staff's: no private address, well-formed keys.
    expect((await subscribeReq(p.cookie, { ...sub, endpoint: 'https://10.0.0.1/push' })).statusCode).toBe(400);
    expect((await subscribeReq(p.cookie, { ...sub, keys: { ...sub.keys, p256dh: 'AAAA' } })).statusCode).toBe(400);

    const del = (cookie: string | undefined, token?: string) =>
      t.inject({ method: 'DELETE', url: `/api/me/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`, headers: cookie ? { cookie } : {}, token });
    expect((await del(undefined)).statusCode).toBe(401);
    expect((await del(undefined, staff)).statusCode).toBe(401);
    expect((await del(p.cookie)).statusCode).toBe(204);
    expect(await db().selectFrom('customer_push_subscriptions').selectAll().where('customer_id', '=', p.id).execute()).toEqual([]);
    // Gone already: the same answer.
    expect((await del(p.cookie)).statusCode).toBe(204);
  });

  it('signing out with this browser’s endpoint forgets its subscription for that person only', async () => {
    const [p, q] = [await subscribed('en'), await subscribed('en')];
    const other = svc.subscription(`second-${n}`);
    expect((await subscribeReq(p.cookie, other)).statusCode).toBe(204);
    const endpointsOf = async (id: number) =>
      (await db().selectFrom('customer_push_subscriptions').select('endpoint').where('customer_id', '=', id).orderBy('id').execute()).map((r) => r.endpoint);
    const signOut = (cookie: string | undefined, payload?: object) =>
      t.inject({ method: 'POST', url: '/api/me/sign-out', headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

    // Without a session, an endpoint deletes nothing (and answers alike).
    expect((await signOut(undefined, { endpoint: p.endpoint })).statusCode).toBe(204);
    expect(await endpointsOf(p.id)).toEqual([p.endpoint, other.endpoint]);
    // Signed in as p, another person's endpoint stays theirs.
    expect((await signOut((await traveller()).cookie, { endpoint: q.endpoint })).statusCode).toBe(204);
    expect(await endpointsOf(q.id)).toEqual([q.endpoint]);
    expect((await signOut(p.cookie, { endpoint: 'not a url at all'.repeat(200) })).statusCode).toBe(400);
    // p signs out on this phone: its subscription goes, p's other browser keeps notifying, and the session ends.
    const out = await signOut(p.cookie, { endpoint: p.endpoint });
    expect(out.statusCode, out.body).toBe(204);
    expect(await endpointsOf(p.id)).toEqual([other.endpoint]);
    expect(await endpointsOf(q.id)).toEqual([q.endpoint]);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: p.cookie } })).statusCode).toBe(401);
    // A push for p now reaches only the other browser.
    await db()
      .transaction()
      .execute((trx) => queueTravellerPush(trx, { customerId: p.id }, 'en', { kind: 'arrival', orderId: 700_000 + n, checkIn: '2031-02-01' }));
    await createTravellerPushQueue({ db: db(), config: t.config, log: t.app.log }).runOnce();
    expect(svc.receivedFor(p.endpoint)).toEqual([]);
    expect(svc.receivedFor(other.endpoint)).toHaveLength(1);
  });

  it('never writes a browser’s endpoint in the request log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ ...t.config, logLevel: 'info' }, { startWorkers: false, logStream: { write: (l) => void lines.push(l) } });
    try {
      await logged.ready();
      const p = await traveller('en');
      const sub = svc.subscription('logged');
      const res = await logged.inject({
        method: 'DELETE',
        url: `/api/me/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`,
        headers: { cookie: p.cookie },
      });
      expect(res.statusCode).toBe(204);
      const log = lines.join('');
      expect(log).toContain('/api/me/push-subscriptions?endpoint=[redacted]');
      expect(log).not.toContain(new URL(sub.endpoint).pathname);
    } finally {
      await logged.close();
    }
  });

  it('a class the gym cancels: one push, in the person’s language, none for the unsubscribed', async () => {
    const s = nextSession('Luta Livre', { daysAhead: 3 });
    const [ru, plain] = [await subscribed('ru'), await traveller('ru')];
    let weeklySessionId = 0;
    for (const p of [ru, plain]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/reservations',
        payload: bookingPayload({ course: 'Luta Livre', dateTime: s.startsAt, name: 'X', email: p.email, language: 'ru' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      weeklySessionId = (await db().selectFrom('reservations').select('weekly_session_id').where('id', '=', res.json().id).executeTakeFirstOrThrow())
        .weekly_session_id!;
    }
    const res = await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: s.date },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [push] = await pushesOf(ru.id);
    expect(await pushesOf(ru.id)).toHaveLength(1);
    expect(push).toMatchObject({ title: travellerPushTexts('ru').cancelTitle('Luta Livre'), url: '/ru/me', status: 'pending' });
    expect(push.body).toContain(s.time);
    expect(await pushesOf(plain.id)).toEqual([]);
  });

  it('a class the gym moves: one push with the new time', async () => {
    const s = nextSession('MMA Training', { daysAhead: 3 });
    const de = await subscribed('de');
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'MMA Training', dateTime: s.startsAt, name: 'Y', email: de.email, language: 'de' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (await db().selectFrom('reservations').select('weekly_session_id').where('id', '=', res.json().id).executeTakeFirstOrThrow()).weekly_session_id!;
    const moved = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/weekly-sessions/${id}`,
      token: staff,
      payload: { startTime: '18:30', bookings: 'move' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const pushes = await pushesOf(de.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: travellerPushTexts('de').moveTitle('MMA Training'), url: '/de/me' });
    expect(pushes[0].body).toContain('18:30');
  });

  it('a waiting-list offer goes by e-mail and push at once', async () => {
    const date = '2028-09-12';
    const s = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` }))
      .json()
      .sessions.find((x: { course: string }) => x.course === 'Wrestling');
    await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`, token: staff, payload: { capacity: 1 } });
    const booked = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'Wrestling', dateTime: s.startsAt, name: 'B', email: `wl-b${backend}@example.com` }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [fr, plain] = [await subscribed('fr'), await traveller('fr')];
    for (const p of [fr, plain]) {
      const join = await t.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { course: 'Wrestling', dateTime: s.startsAt, name: 'W', email: p.email, language: 'fr' },
      });
      expect(join.statusCode, join.body).toBe(201);
    }
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${booked.json().id}/cancel`, token: staff })).statusCode).toBe(200);
    await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`, token: staff, payload: { capacity: 2 } });
    expect(await runOffers(t.app.ctx)).toBe(2);
    const offers = await db().selectFrom('outbox').select('to_address').where('to_address', 'in', [fr.email, plain.email]).execute();
    expect(offers.length).toBeGreaterThanOrEqual(4); // joined + offer, each
    const pushes = await pushesOf(fr.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: travellerPushTexts('fr').offerTitle('Wrestling'), url: '/fr/me' });
    expect(await pushesOf(plain.id)).toEqual([]);
    // The job again: nothing new to offer, nothing queued.
    await runOffers(t.app.ctx);
    expect(await pushesOf(fr.id)).toHaveLength(1);
  });

  it('a balance due in three days: one push however often the reminder job runs', async () => {
    const th = await subscribed('th');
    const type = await testRoomType(t.app.ctx, 2);
    const checkIn = addDays(todayInZone(TZ), 40);
    const order = await createStayOrder(db(), { roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 5), email: th.email, language: 'th' });
    const other = await createStayOrder(db(), { roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 5), language: 'th' });
    const due = addDays(todayInZone(TZ), 20);
    await db().updateTable('orders').set({ balance_due_date: due, deposit_satang: 100_000 }).where('id', 'in', [order.id, other.id]).execute();
    const when = zonedToInstant(addDays(due, -3), '09:00', TZ);
    await Promise.all([sendBalanceReminders(t.app.ctx, when), sendBalanceReminders(t.app.ctx, when)]);
    await sendBalanceReminders(t.app.ctx, when);
    const pushes = await pushesOf(th.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: travellerPushTexts('th').balanceTitle(order.reference), url: '/th/me' });
    const otherCustomer = (await db().selectFrom('orders').select('customer_id').where('id', '=', other.id).executeTakeFirstOrThrow()).customer_id;
    expect(await pushesOf(otherCustomer)).toEqual([]);
  });

  it('the arrival: pushed on the check-in gym day, not with the e-mail three days before; once when two instances run the job', async () => {
    const b =
      backend === 'postgres'
        ? await createTestApp(backend, { databaseSchema: t.config.databaseSchema, pushAllowInsecureEndpoints: true }, {}, { startWorkers: false })
        : t;
    if (b !== t) extra.push(b);
    const zh = await subscribed('zh');
    const type = await testRoomType(t.app.ctx, 2);
    const checkIn = '2031-06-10';
    const order = await createStayOrder(db(), { roomTypeId: type.id, checkIn, checkOut: '2031-06-14', email: zh.email, language: 'zh' });
    // Each instance's own job, its clock injected: the gym's wall time in Bangkok.
    let now = zonedToInstant(addDays(checkIn, -3), '09:00', TZ);
    const jobs = [t, b, t, b].map((app) => createArrivalMailJob(app.app.ctx, { now: () => now }));
    const runAll = () => Promise.all(jobs.map((j) => j.runOnce()));
    const mailedAt = async () =>
      (await db().selectFrom('order_stays').select('arrival_mail_at').where('order_id', '=', order.id).executeTakeFirstOrThrow()).arrival_mail_at;

    await runAll();
    expect(await mailedAt()).not.toBeNull();
    expect(await pushesOf(zh.id)).toEqual([]);
    // The last minute of the day before, gym time: still nothing.
    now = zonedToInstant(addDays(checkIn, -1), '23:59', TZ);
    await runAll();
    expect(await pushesOf(zh.id)).toEqual([]);
    // Five past midnight on the check-in day (still the 9th in UTC): one push, in Chinese, opening /zh/me.
    now = zonedToInstant(checkIn, '00:05', TZ);
    await runAll();
    await runAll();
    const pushes = await pushesOf(zh.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: travellerPushTexts('zh').arrivalTitle, url: '/zh/me', status: 'pending' });
    // Later that day and the day after: no second one.
    for (const [day, time] of [
      [checkIn, '18:00'],
      [addDays(checkIn, 1), '09:00'],
    ] as const) {
      now = zonedToInstant(day, time, TZ);
      await runAll();
    }
    expect(await pushesOf(zh.id)).toHaveLength(1);
  });

  it('the same event queued twice, and by two instances at once, is one push; the worker delivers it once', async () => {
    const b =
      backend === 'postgres'
        ? await createTestApp(backend, { databaseSchema: t.config.databaseSchema, pushAllowInsecureEndpoints: true }, {}, { startWorkers: false })
        : t;
    if (b !== t) extra.push(b);
    const p = await subscribed('ru');
    const event: TravellerPushEvent = { kind: 'cancel', reservationId: 900_000 + n, course: 'Wrestling', gymDate: '2030-01-07', gymTime: '10:00' };
    const results = await Promise.all(
      [t, b, t, b].map((app) => app.app.ctx.db.transaction().execute((trx) => queueTravellerPush(trx, { customerId: p.id }, 'ru', event))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pushesOf(p.id)).toHaveLength(1);

    // Two workers on the same storage: one delivery, to the person's browser, opening /ru/me.
    const workers = [t, b].map((app) => createTravellerPushQueue({ db: app.app.ctx.db, config: app.config, log: app.app.log }));
    await Promise.all(workers.map((w) => w.runOnce()));
    const [row] = await pushesOf(p.id);
    expect(row.status).toBe('sent');
    const got = svc.receivedFor(p.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toMatchObject({ title: travellerPushTexts('ru').cancelTitle('Wrestling'), url: '/ru/me' });
  });

  it('serves a web app manifest that opens My page in its language, with icons that exist; /me links to it', async () => {
    const res = await t.inject({ method: 'GET', url: '/me.webmanifest?lang=ru' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(String(res.headers['content-security-policy'])).toContain("manifest-src 'self'");
    const m = res.json();
    expect(m).toMatchObject({ id: '/me', start_url: '/ru/me', scope: '/', display: 'standalone', lang: 'ru' });
    for (const icon of m.icons as { src: string }[]) expect(existsSync(join('public', icon.src))).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/me.webmanifest' })).json().start_url).toBe('/me');
    expect((await t.inject({ method: 'GET', url: '/me.webmanifest?lang=xx' })).json().start_url).toBe('/me');
    const head = renderHead(t.config.publicUrl, headFor(t.config.publicUrl, { kind: 'me', url: '/de/me', language: 'de' }, DEFAULT_SITE_SETTINGS));
    expect(head).toContain('<link rel="manifest" href="/me.webmanifest?lang=de" />');
    expect(renderHead(t.config.publicUrl, headFor(t.config.publicUrl, { kind: 'landing', url: '/' }, DEFAULT_SITE_SETTINGS))).not.toContain('rel="manifest"');
  });

  it('an erase forgets the browsers and what was queued', async () => {
    const p = await subscribed('en');
    await db()
      .transaction()
      .execute((trx) => queueTravellerPush(trx, { customerId: p.id }, 'en', { kind: 'arrival', orderId: 800_000 + n, checkIn: '2031-01-01' }));
    const admin = (await t.signIn('admin')).token;
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email: p.email } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await pushesOf(p.id)).toEqual([]);
    expect(await db().selectFrom('customer_push_subscriptions').selectAll().where('customer_id', '=', p.id).execute()).toEqual([]);
  });
});
