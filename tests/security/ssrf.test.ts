import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, systemResolver, type ResolvedAddress } from '../../src/server/push/endpoint-guard';
import { ENDPOINT_PRIVATE, ENDPOINT_UNRESOLVED } from '../../src/server/push/push.service';
import { startPushService, type PushServiceStandIn } from '../helpers/push-service';
import { bookingPayload } from '../helpers/factories';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 12, point 3: a push endpoint must never make the server connect into a private
// network, whether its host is an address literal or a name that resolves (or is re-pointed)
// there. Names are mapped by a resolver the test hands to the app (docs/decisions/061-push-endpoints-the-address-connected-to-must-be.md); names it
// does not map go to the system resolver, where outside names do not resolve.

const PUBLIC_V4 = '142.250.74.42';

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '198.18.0.1',
    '198.19.255.255',
    '192.0.2.1',
    '240.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:a00:1::1',
    '2002:7f00:1::1',
    '::7f00:1',
    '::a00:1',
    '2001::1',
    '2001:db8::1',
    '[::7f00:1]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([PUBLIC_V4, '8.8.8.8', '2a00:1450:4001:80b::200e', '[2a00:1450:4001:80b::200e]', '64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe.each(backends)('push endpoints on %s', (backend) => {
  let t: TestApp;
  let svc: PushServiceStandIn;
  let staff: Awaited<ReturnType<TestApp['signIn']>>;
  /** What the app's resolver answers per name; others go to the system resolver. */
  const names = new Map<string, ResolvedAddress[]>();
  /** A plain TCP listener on loopback: the private service an attacker aims at. */
  let trap: net.Server;
  let trapPort = 0;
  let trapConnections = 0;

  beforeAll(async () => {
    svc = await startPushService();
    trap = net.createServer((socket) => {
      trapConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as AddressInfo).port;
    t = await createTestApp(backend, {
      pushResolver: async (host) => names.get(host.toLowerCase()) ?? systemResolver(host),
    });
    staff = await t.signIn('staff');
  });
  afterAll(async () => {
    await t?.close();
    await svc?.close();
    await new Promise((resolve) => trap?.close(resolve));
  });

  const subscribe = (endpoint: string) =>
    t.inject({ method: 'POST', url: '/api/push/subscribe', token: staff.token, payload: { ...svc.subscription(), endpoint, userAgent: 'ssrf test' } });
  const stored = async (endpoint: string) =>
    (await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).length;

  it('refuses at subscribe time a name that resolves to a private address, with a 400 and its reason', async () => {
    names.set('internal.test', [{ address: '127.0.0.1', family: 4 }]);
    names.set('mixed.test', [
      { address: PUBLIC_V4, family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    names.set('nat64.test', [{ address: '64:ff9b::a00:1', family: 6 }]);
    for (const endpoint of ['https://internal.test/push/1', 'https://mixed.test/push/1', 'https://nat64.test/push/1']) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ error: ENDPOINT_PRIVATE, code: 'validation' });
      expect(await stored(endpoint), endpoint).toBe(0);
    }
  });

  it.each([
    ['https://localhost./push/1', ENDPOINT_PRIVATE],
    ['https://LOCALHOST/push/1', ENDPOINT_PRIVATE],
    ['https://[64:ff9b::a00:1]/push/1', ENDPOINT_PRIVATE],
    ['https://[2002:a00:1::1]/push/1', ENDPOINT_PRIVATE],
    ['https://[::7f00:1]/push/1', ENDPOINT_PRIVATE],
    ['https://[::ffff:7f00:1]/push/1', ENDPOINT_PRIVATE],
    ['https://198.18.0.1/push/1', ENDPOINT_PRIVATE],
    ['https://224.0.0.1/push/1', ENDPOINT_PRIVATE],
    ['https://2130706433/push/1', ENDPOINT_PRIVATE],
    // Unresolvable names are refused too (no outside DNS here; nip.io would answer 127.0.0.1).
    ['https://127.0.0.1.nip.io/push/1', ENDPOINT_UNRESOLVED],
    ['https://no-such-host.invalid/push/1', ENDPOINT_UNRESOLVED],
  ])('refuses %s', async (endpoint, error) => {
    const res = await subscribe(endpoint);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error, code: 'validation' });
    expect(await stored(endpoint)).toBe(0);
  });

  it('accepts a name whose every address is public', async () => {
    names.set('push.example.net', [{ address: PUBLIC_V4, family: 4 }]);
    const res = await subscribe('https://push.example.net/push/ok');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('checks the address again at every send: a name re-pointed to loopback after subscribing gets no connection', async () => {
    const endpoint = `https://rebind.test:${trapPort}/push/rebind`;
    names.set('rebind.test', [{ address: PUBLIC_V4, family: 4 }]);
    expect((await subscribe(endpoint)).statusCode).toBe(201);
    // DNS rebinding: the name now points at a service on the server's own machine.
    names.set('rebind.test', [{ address: '127.0.0.1', family: 4 }]);
    trapConnections = 0;

    // An anonymous booking notifies the staff's devices.
    const booking = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ name: 'Anon', email: null, phone: '+66 81 234 5678', course: 'Wrestling' }),
    });
    expect(booking.statusCode, booking.body).toBe(201);
    await t.app.ctx.push.idle();

    // And the staff member's own test notification: counted as failed, nothing sent.
    const test = await t.inject({ method: 'POST', url: '/api/push/test', token: staff.token });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().failed).toBeGreaterThanOrEqual(1);
    expect(trapConnections).toBe(0);
    // The subscription stays (the name may point back to its push service later).
    expect(await stored(endpoint)).toBe(1);
  });

  it('keeps the loopback allowance for tests narrow: off by default, and never for https or other names', async () => {
    // The default app refuses the stand-in push service on loopback.
    const res = await subscribe(svc.subscription().endpoint);
    expect(res.statusCode).toBe(400);
    const lenient = await createTestApp(backend, { pushAllowInsecureEndpoints: true });
    try {
      const user = await lenient.signIn('staff');
      const sub = (endpoint: string) =>
        lenient.inject({ method: 'POST', url: '/api/push/subscribe', token: user.token, payload: { ...svc.subscription(), endpoint } });
      expect((await sub(svc.subscription().endpoint)).statusCode).toBe(201);
      for (const endpoint of [`https://127.0.0.1:${trapPort}/x`, `http://localhost.:${trapPort}/x`, `http://10.0.0.1/x`, `https://[::7f00:1]/x`]) {
        expect((await sub(endpoint)).statusCode, endpoint).toBe(400);
      }
    } finally {
      await lenient.close();
    }
  });
});
