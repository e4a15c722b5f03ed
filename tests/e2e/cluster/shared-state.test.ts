import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../helpers/cluster';
import { bookingFor, customer, uniqueTag } from '../../helpers/factories';
import { decodeHeader, waitUntil } from '../../helpers/smtp-peer';
import { adminToken, call, comingSessions } from './cluster-api';

// What two instances on one PostgreSQL and one bucket must share: reminders (sent once with both
// jobs running), the login limit, the public cache's freshness and the uploaded files.

/** Reminders are due a week before a session: the bookings below are made inside that window. */
const LEAD_HOURS = 24 * 7;
/** The bound for a write on one instance to show on the other (LISTEN/NOTIFY). */
const CROSS_INSTANCE_MS = 1000;

describe('shared state across two instances', () => {
  let cluster: Cluster;
  let token: string;
  beforeAll(async () => {
    cluster = await startCluster({ env: { REMINDER_LEAD_HOURS: String(LEAD_HOURS), LOGIN_FAILURE_LIMIT: '5/15m' } });
    token = await adminToken(cluster.url);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  });
  /** Instance A or B itself, not through Caddy. */
  const A = () => cluster.instances[0].url;
  const B = () => cluster.instances[1].url;

  it('each reminder is sent once when both instances run their reminder job at the same moment', async () => {
    const [session] = await comingSessions(cluster.url, 'Luta Livre', 6);
    const people = Array.from({ length: 20 }, () => customer());
    for (const who of people) {
      const res = await call(cluster.url, 'POST', '/api/reservations', { body: bookingFor(who, { course: session.course, dateTime: session.startsAt }) });
      expect(res.status).toBe(201);
    }
    // Booked inside the window, so no reminder is due; made "a month ago", each one is.
    await cluster.db.query(`update reservations set created_at = $1 where session_date = $2`, [
      new Date(Date.now() - 30 * 86_400_000).toISOString(),
      session.date,
    ]);
    // Both instances stop and start together: each runs its reminder job at start.
    await Promise.all(cluster.instances.map((i) => i.stop()));
    await Promise.all(cluster.instances.map((i) => i.start()));

    const emails = new Set(people.map((p) => p.email.toLowerCase()));
    const reminders = () =>
      cluster.smtp.messages.filter((m) => decodeHeader(m.headers.subject ?? '').startsWith('Reminder:') && m.to.some((t) => emails.has(t.toLowerCase())));
    await waitUntil(() => reminders().length >= people.length, 30_000, `${people.length} reminders`);
    await new Promise((r) => setTimeout(r, 2000));
    const perRecipient = new Map<string, number>();
    for (const m of reminders()) for (const t of m.to) perRecipient.set(t.toLowerCase(), (perRecipient.get(t.toLowerCase()) ?? 0) + 1);
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect([...perRecipient.values()]).toEqual(people.map(() => 1));
    const queued = await cluster.db.query('select id from reservations where session_date = $1 and reminder_queued_at is null', [session.date]);
    expect(queued.rows).toEqual([]);
  }, 120_000);

  it('a login limit reached through one instance holds on the other', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const wrong = (base: string, xff: string, email = `nobody-${uniqueTag()}@example.com`) =>
      call(base, 'POST', '/api/auth/login', { body: { email, password: 'not the password' }, headers: { 'x-forwarded-for': xff } });

    // Per address: wrong passwords on instance A until it refuses…
    let statuses: number[] = [];
    for (let n = 0; n < 20 && !statuses.includes(429); n++) statuses.push((await wrong(A(), address)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // …then instance B refuses that address at once, and still answers another one.
    expect((await wrong(B(), address)).status).toBe(429);
    expect((await wrong(B(), '198.51.100.3')).status).toBe(401);

    // Per account: failures from many addresses, alternating instances, lock the account on both.
    const account = `target-${uniqueTag()}@example.com`;
    statuses = [];
    for (let n = 0; n < 20 && !statuses.includes(429); n++) {
      statuses.push((await wrong(n % 2 ? B() : A(), `203.0.113.${n + 1}`, account)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await wrong(A(), '203.0.113.200', account)).status).toBe(429);
    expect((await wrong(B(), '203.0.113.201', account)).status).toBe(429);
  });

  it(`a price saved through one instance is on the other's cached price list within ${CROSS_INSTANCE_MS} ms`, async () => {
    type Pass = { id: string; priceSatang: number };
    const passes = async (base: string) => (await call<Pass[]>(base, 'GET', '/api/passes')).body;
    const before = await passes(B());
    expect(before.length).toBeGreaterThan(0);
    // Read twice on B: its cached answer is the one to replace.
    expect(await passes(B())).toEqual(before);

    const dto = (await call(A(), 'GET', '/api/site-settings')).body;
    const settings = structuredClone(dto.settings);
    for (const row of settings.prices.rows as { prices: number[] }[]) row.prices = row.prices.map((p) => p + 7);
    const saved = await call(A(), 'PUT', '/api/site-settings', { token, body: { settings, version: dto.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const savedAt = Date.now();

    // Polled until seen (10 s at most, so a miss says how late it was), then held to the bound.
    const target = before[0];
    let seenAfter = -1;
    while (Date.now() - savedAt < 10_000) {
      const now = (await passes(B())).find((p) => p.id === target.id);
      if (now && now.priceSatang === target.priceSatang + 700) {
        seenAfter = Date.now() - savedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seenAfter, 'the new price never reached instance B within 10 s').toBeGreaterThanOrEqual(0);
    expect(seenAfter, `the new price reached instance B after ${seenAfter} ms`).toBeLessThanOrEqual(CROSS_INSTANCE_MS);
  });

  it('an image uploaded through one instance is served by the other: same bytes, same headers, ranges', async () => {
    const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('title', `Photo ${uniqueTag()}`);
    form.append('category', 'training');
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${A()}/api/gallery`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(201);
    const item = (await res.json()) as { imageUrl: string; variants: unknown };
    expect(item.imageUrl).toMatch(/^\/uploads\//);

    const get = async (base: string, headers: Record<string, string> = {}) => {
      const r = await fetch(base + item.imageUrl, { headers });
      return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
    };
    const [fromA, fromB, fromCaddy] = await Promise.all([get(A()), get(B()), get(cluster.url)]);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.length).toBeGreaterThan(0);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect(fromCaddy.bytes.equals(fromA.bytes)).toBe(true);
    for (const h of ['content-type', 'cache-control', 'etag', 'last-modified', 'content-length']) {
      expect(fromB.headers.get(h), h).toBe(fromA.headers.get(h));
    }
    const range = await get(B(), { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(fromA.bytes.subarray(0, 10))).toBe(true);
  });
});
