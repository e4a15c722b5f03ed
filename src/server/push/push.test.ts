import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { startPushService, type PushServiceStandIn } from '../../../tests/helpers/push-service';
import { bookingPayload } from '../../../tests/helpers/factories';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { fromBool } from '../db/database';
import { BAD_AUTH, BAD_P256DH, ENDPOINT_NOT_HTTPS, ENDPOINT_PRIVATE, NO_SUBSCRIPTION, TEST_PAYLOAD } from './push.service';
import { createPushNotifier } from './push-notifier';
import { VAPID_SETTING_KEY } from './vapid';

describe.each(backends)('web push on %s', (backend) => {
  let t: TestApp;
  let svc: PushServiceStandIn;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  let staff: Awaited<ReturnType<TestApp['signIn']>>;
  let serverKey: string;

  const subscribe = (token: string | undefined, payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/push/subscribe', payload: payload as object, token });
  const rows = () => t.app.ctx.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    svc = await startPushService();
    t = await createTestApp(backend, { pushAllowInsecureEndpoints: true });
    admin = await t.signIn('admin');
    staff = await t.signIn('staff');
    const res = await t.inject({ method: 'GET', url: '/api/push/public-key' });
    serverKey = res.json().publicKey;
    svc.expectedPublicKey = serverKey;
  });
  afterAll(async () => {
    await t?.close();
    await svc?.close();
  });

  it('gives out a public key that stays the same across builds on one database, generated once', async () => {
    const spy = vi.spyOn(webpush, 'generateVAPIDKeys');
    const t1 = await createTestApp(backend);
    try {
      const a = await t1.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(a.statusCode).toBe(200);
      const key = a.json().publicKey as string;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const app2 = await buildApp(t1.config, { logger: false, startWorkers: false });
      try {
        const b = await app2.inject({ method: 'GET', url: '/api/push/public-key' });
        expect(b.json()).toEqual({ publicKey: key });
      } finally {
        await app2.close();
      }
      expect(spy).toHaveBeenCalledTimes(1);
      const stored = await t1.app.ctx.db.selectFrom('settings').selectAll().where('key', '=', VAPID_SETTING_KEY).execute();
      expect(stored).toHaveLength(1);
      expect(JSON.parse(stored[0].value).publicKey).toBe(key);
    } finally {
      spy.mockRestore();
      await t1.close();
    }
  });

  it('uses the configured key pair when both halves are set, storing nothing', async () => {
    const pair = webpush.generateVAPIDKeys();
    const t2 = await createTestApp(backend, { vapid: { ...pair, subject: 'mailto:gym@example.com' } });
    try {
      expect((await t2.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey: pair.publicKey });
      // No VAPID key stored (other keys, e.g. the inbound tag secret made at start, are not this test's).
      expect(await t2.app.ctx.db.selectFrom('settings').selectAll().where('key', '=', VAPID_SETTING_KEY).execute()).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });

  it('subscribes a signed-in user and answers 201 with id, endpoint and createdAt', async () => {
    const sub = svc.subscription('subscribe');
    const res = await subscribe(staff.token, { ...sub, userAgent: 'Mozilla/5.0 Test' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'endpoint', 'id']);
    expect(body).toMatchObject({ endpoint: sub.endpoint });
    expect(Number.isInteger(body.id)).toBe(true);
    expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const row = (await rows()).find((r) => r.id === body.id)!;
    expect(row).toMatchObject({ user_id: staff.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, user_agent: 'Mozilla/5.0 Test' });
  });

  it('refuses to subscribe without a token', async () => {
    const res = await subscribe(undefined, svc.subscription());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
  });

  it('refuses bad payloads with 400', async () => {
    const good = svc.subscription('bad');
    const cases: [unknown, string | RegExp][] = [
      [{}, /^endpoint: /],
      [{ ...good, endpoint: 42 }, /^endpoint: /],
      [{ ...good, endpoint: 'not a url' }, 'endpoint must be a URL'],
      [{ endpoint: good.endpoint }, /^keys: /],
      [{ ...good, keys: 'abc' }, /^keys: /],
      [{ ...good, keys: { p256dh: '', auth: good.keys.auth } }, 'keys.p256dh is required'],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: 'a b' } }, 'keys.auth must be base64url'],
      [{ ...good, keys: { p256dh: 'AAAA', auth: good.keys.auth } }, BAD_P256DH],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: 'AAAA' } }, BAD_AUTH],
      [{ ...good, userAgent: 12 }, /^userAgent: /],
      [{ ...good, endpoint: 'ftp://127.0.0.1/push/x' }, ENDPOINT_NOT_HTTPS],
      // Even with the test flag, plain http is only for the loopback stand-in.
      [{ ...good, endpoint: 'http://push.example.com/x' }, ENDPOINT_NOT_HTTPS],
      [{ ...good, endpoint: 'https://127.0.0.1/x' }, ENDPOINT_PRIVATE],
      [{ ...good, endpoint: 'https://192.168.1.10/x' }, ENDPOINT_PRIVATE],
      [{ ...good, endpoint: 'https://[::1]/x' }, ENDPOINT_PRIVATE],
    ];
    for (const [payload, error] of cases) {
      const res = await subscribe(staff.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const malformed = await t.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"endpoint":',
      token: staff.token,
    });
    expect(malformed.statusCode).toBe(400);
    const none = await t.inject({ method: 'POST', url: '/api/push/subscribe', token: staff.token });
    expect(none.statusCode).toBe(400);
    expect((await rows()).some((r) => r.endpoint === good.endpoint)).toBe(false);
  });

  it('refuses an http endpoint when the server does not allow insecure endpoints', async () => {
    // No outside DNS in tests: the push service's name resolves to a public address here.
    const strict = await createTestApp(backend, { pushResolver: async () => [{ address: '142.250.74.42', family: 4 }] });
    try {
      const user = await strict.signIn('staff');
      const res = await strict.inject({ method: 'POST', url: '/api/push/subscribe', payload: svc.subscription(), token: user.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ENDPOINT_NOT_HTTPS, code: 'validation' });
      const ok = await strict.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        payload: { ...svc.subscription(), endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
        token: user.token,
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('upserts by endpoint: same row, fresh keys, current owner', async () => {
    const first = svc.subscription('upsert');
    const a = await subscribe(staff.token, first);
    const newer = svc.subscription('upsert-keys');
    const b = await subscribe(admin.token, { endpoint: first.endpoint, keys: newer.keys, userAgent: null });
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    const matching = (await rows()).filter((r) => r.endpoint === first.endpoint);
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({ user_id: admin.id, p256dh: newer.keys.p256dh, auth: newer.keys.auth, user_agent: null });
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: first.endpoint }, token: admin.token });
  });

  it('unsubscribes by endpoint, 404 when unknown, 400 without endpoint, 401 without token', async () => {
    const sub = svc.subscription('unsub');
    await subscribe(staff.token, sub);
    expect((await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint } })).statusCode).toBe(401);
    const res = await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint }, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await rows()).some((r) => r.endpoint === sub.endpoint)).toBe(false);
    const again = await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint }, token: staff.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Push subscription not found', code: 'not_found' });
    const missing = await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: {}, token: staff.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^endpoint: /);
    expect((await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: ['x'] }, token: staff.token })).statusCode).toBe(400);
  });

  it('sends a test notification that decrypts to the expected payload with a valid VAPID JWT', async () => {
    const user = await t.signIn('staff');
    const mine = svc.subscription('test-mine');
    const other = svc.subscription('test-other');
    await subscribe(user.token, mine);
    await subscribe(admin.token, other);
    const res = await t.inject({ method: 'POST', url: '/api/push/test', token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1, removed: 0, failed: 0 });
    const got = svc.receivedFor(mine.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toEqual(TEST_PAYLOAD);
    expect(got[0].payload).toEqual({ title: 'Notification de test', body: expect.any(String), url: '/admin/dashboard', tag: 'push-test' });
    expect(got[0].vapidKey).toBe(serverKey);
    expect(got[0].claims.aud).toBe(svc.origin);
    expect(got[0].claims.sub).toBe(t.config.vapid.subject);
    expect(Number(got[0].ttl)).toBeGreaterThan(0);
    // Only the caller's devices get the test.
    expect(svc.receivedFor(other.endpoint)).toHaveLength(0);
    expect(svc.rejected).toEqual([]);
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: other.endpoint }, token: admin.token });
  });

  it('answers 404 to a test without any subscription, 401 without token', async () => {
    const lonely = await t.signIn('staff');
    const res = await t.inject({ method: 'POST', url: '/api/push/test', token: lonely.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: NO_SUBSCRIPTION, code: 'not_found' });
    expect((await t.inject({ method: 'POST', url: '/api/push/test' })).statusCode).toBe(401);
  });

  it('deletes a subscription the push service answers 410 Gone for', async () => {
    const user = await t.signIn('staff');
    const gone = svc.subscription('gone');
    const alive = svc.subscription('alive');
    await subscribe(user.token, gone);
    await subscribe(user.token, alive);
    svc.answer(gone.endpoint, 410);
    const res = await t.inject({ method: 'POST', url: '/api/push/test', token: user.token });
    expect(res.json()).toEqual({ sent: 1, removed: 1, failed: 0 });
    const endpoints = (await rows()).map((r) => r.endpoint);
    expect(endpoints).not.toContain(gone.endpoint);
    expect(endpoints).toContain(alive.endpoint);
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: alive.endpoint }, token: user.token });
  });

  it('deletes on 404 during notifyStaff, keeps it on other failures', async () => {
    const user = await t.signIn('staff');
    const notFoundSub = svc.subscription('notfound');
    const flaky = svc.subscription('flaky');
    await subscribe(user.token, notFoundSub);
    await subscribe(user.token, flaky);
    svc.answer(notFoundSub.endpoint, 404);
    svc.answer(flaky.endpoint, 503);
    t.app.ctx.push.notifyStaff({ title: 'Hello', body: 'World' });
    await t.app.ctx.push.idle();
    const endpoints = (await rows()).map((r) => r.endpoint);
    expect(endpoints).not.toContain(notFoundSub.endpoint);
    expect(endpoints).toContain(flaky.endpoint);
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: flaky.endpoint }, token: user.token });
  });

  it('notifyStaff reaches every active staff and admin subscription, never throws, and skips inactive accounts', async () => {
    await t.app.ctx.db.deleteFrom('push_subscriptions').execute(); // only this test's devices
    const s1 = svc.subscription('all-staff');
    const a1 = svc.subscription('all-admin');
    const inactiveUser = await t.signIn('staff');
    const off = svc.subscription('all-inactive');
    await subscribe(staff.token, s1);
    await subscribe(admin.token, a1);
    await subscribe(inactiveUser.token, off);
    await t.app.ctx.db
      .updateTable('users')
      .set({ is_active: fromBool(false) })
      .where('id', '=', inactiveUser.id)
      .execute();
    const before = svc.received.length;
    expect(() => t.app.ctx.push.notifyStaff({ title: 'Tous', body: 'Message', url: '/admin/reservations', tag: 'all' })).not.toThrow();
    await t.app.ctx.push.idle();
    expect(svc.receivedFor(s1.endpoint).map((r) => r.payload)).toEqual([{ title: 'Tous', body: 'Message', url: '/admin/reservations', tag: 'all' }]);
    expect(svc.receivedFor(a1.endpoint)).toHaveLength(1);
    expect(svc.receivedFor(off.endpoint)).toHaveLength(0);
    expect(svc.received.length - before).toBe(2);
    expect(svc.rejected).toEqual([]);
    for (const [tok, s] of [
      [staff.token, s1],
      [admin.token, a1],
    ] as const) {
      await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: s.endpoint }, token: tok });
    }
  });

  it('a push service that cannot be reached does not break notifyStaff', async () => {
    const user = await t.signIn('staff');
    const dead = { ...svc.subscription('dead'), endpoint: 'http://127.0.0.1:1/push/dead' };
    await subscribe(user.token, dead);
    t.app.ctx.push.notifyStaff({ title: 'x', body: 'y' });
    await t.app.ctx.push.idle();
    expect((await rows()).some((r) => r.endpoint === dead.endpoint)).toBe(true);
    const res = await t.inject({ method: 'POST', url: '/api/push/test', token: user.token });
    expect(res.json()).toEqual({ sent: 0, removed: 0, failed: 1 });
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: dead.endpoint }, token: user.token });
  });

  it('gives up on a push service that does not answer within the timeout', async () => {
    await t.app.ctx.db.deleteFrom('push_subscriptions').execute();
    const user = await t.signIn('staff');
    const slow = svc.subscription('slow');
    await subscribe(user.token, slow);
    svc.hang(slow.endpoint);
    const notifier = createPushNotifier({ db: t.app.ctx.db, config: t.config, log: t.app.log, timeoutMs: 300 });
    const started = Date.now();
    notifier.notifyStaff({ title: 'Lent', body: 'Service' });
    await notifier.idle();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await rows()).some((r) => r.endpoint === slow.endpoint)).toBe(true);
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: slow.endpoint }, token: user.token });
  });

  it('the stand-in really checks VAPID: a JWT signed with another key or a foreign k is refused', async () => {
    const sub = svc.subscription('forged');
    const other = webpush.generateVAPIDKeys();
    const body = Buffer.from('{}');
    // Claims k = the server key but signs with another private key.
    const forged = webpush.getVapidHeaders(svc.origin, 'mailto:x@example.com', serverKey, other.privateKey, 'aes128gcm');
    const res = await fetch(sub.endpoint, { method: 'POST', headers: { ...forged, TTL: '60', 'Content-Encoding': 'aes128gcm' }, body });
    expect(res.status).toBe(403);
    expect(svc.rejected.pop()).toEqual({ path: new URL(sub.endpoint).pathname, reason: 'JWT signature does not verify with k' });
    // Signed correctly, but with a key that is not the server's.
    const foreign = webpush.getVapidHeaders(svc.origin, 'mailto:x@example.com', other.publicKey, other.privateKey, 'aes128gcm');
    const res2 = await fetch(sub.endpoint, { method: 'POST', headers: { ...foreign, TTL: '60', 'Content-Encoding': 'aes128gcm' }, body });
    expect(res2.status).toBe(403);
    expect(svc.rejected.pop()?.reason).toBe('k is not the server public key');
    // A valid signature, but for the audience of another push service.
    svc.expectedPublicKey = undefined;
    try {
      const wrongAud = webpush.getVapidHeaders('https://push.example.com', 'mailto:x@example.com', other.publicKey, other.privateKey, 'aes128gcm');
      await fetch(sub.endpoint, { method: 'POST', headers: { ...wrongAud, TTL: '60', 'Content-Encoding': 'aes128gcm' }, body });
      expect(svc.rejected.pop()?.reason).toBe(`JWT aud https://push.example.com is not ${svc.origin}`);
    } finally {
      svc.expectedPublicKey = serverKey;
    }
    expect(svc.rejected).toEqual([]);
  });

  // POST /api/reservations and POST /api/contact call ctx.push.notifyStaff after storing the row.
  it('notifies the staff of a new booking', async () => {
    const sub = svc.subscription('booking');
    await subscribe(staff.token, sub);
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ name: 'Ann', email: 'ann@example.com', course: 'MMA Training' }),
    });
    expect(res.statusCode).toBe(201);
    await t.app.ctx.push.idle();
    const got = svc.receivedFor(sub.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toMatchObject({ title: 'Nouvelle réservation', body: expect.stringContaining('Ann'), url: expect.any(String) });
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint }, token: staff.token });
  });

  it('notifies the staff of a new contact message', async () => {
    const sub = svc.subscription('contact');
    await subscribe(admin.token, sub);
    const res = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Bob Martin', email: 'bob@example.com', subject: 'Prices', message: 'How much is a week?' },
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.app.ctx.push.idle();
    const got = svc.receivedFor(sub.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toMatchObject({ title: 'Nouveau message', body: expect.stringContaining('Bob Martin'), url: expect.any(String) });
    await t.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint }, token: admin.token });
  });
});
