import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameOverHttps } from '../../src/server/http/transport-security';
import { addDays, todayInZone, zonedToInstant } from '../../src/shared/gym-time';
import { BOOKING_RANGE_MESSAGE, checkBookingForm, isBookableInstant } from '../../src/shared/schemas/reservations';
import { bookingPayload } from '../helpers/factories';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 12, point 9: the public author list, HSTS only over HTTPS, the CSP's image hosts and
// the booking's date range.

/** A GET over real HTTP (so cached answers take the fast path before Fastify). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('HTTPS detection', () => {
  const req = (encrypted: boolean, proto?: string) =>
    ({ socket: { encrypted }, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as unknown as http.IncomingMessage;
  it('trusts our own TLS always, and X-Forwarded-Proto only behind a trusted proxy', () => {
    expect(cameOverHttps(req(true), false)).toBe(true);
    expect(cameOverHttps(req(false, 'https'), false)).toBe(false);
    expect(cameOverHttps(req(false, 'https'), true)).toBe(true);
    expect(cameOverHttps(req(false, 'https, http'), true)).toBe(true);
    expect(cameOverHttps(req(false, 'http'), true)).toBe(false);
    expect(cameOverHttps(req(false), true)).toBe(false);
  });
});

describe('the booking date range, in gym time', () => {
  const ZONE = 'Asia/Bangkok';
  // 00:30 on 24 November 2026 in Krabi, still the 23rd in UTC.
  const now = new Date('2026-11-23T17:30:00.000Z');
  it('runs from today to the same date two years ahead, by the gym’s calendar', () => {
    expect(isBookableInstant('2026-11-23T16:59:00.000Z', ZONE, now)).toBe(false); // 23:59 yesterday in Krabi
    expect(isBookableInstant('2026-11-23T17:00:00.000Z', ZONE, now)).toBe(true); // 00:00 today
    expect(isBookableInstant('2028-11-24T16:59:00.000Z', ZONE, now)).toBe(true); // 23:59 on the last day
    expect(isBookableInstant('2028-11-24T17:00:00.000Z', ZONE, now)).toBe(false); // the day after
    expect(isBookableInstant('2126-01-01T00:00:00.000Z', ZONE, now)).toBe(false);
  });
  it('is what the booking form reports on the date field', () => {
    const form = { name: 'Ana', email: 'ana@example.com', phone: '', course: 'Wrestling', message: '' };
    const far = `${addDays(todayInZone(ZONE), 3 * 366)}T10:00`;
    expect(checkBookingForm({ ...form, preferredDate: far }, ZONE)).toEqual({ preferredDate: BOOKING_RANGE_MESSAGE });
    const past = `${addDays(todayInZone(ZONE), -1)}T10:00`;
    expect(checkBookingForm({ ...form, preferredDate: past }, ZONE)).toEqual({ preferredDate: BOOKING_RANGE_MESSAGE });
  });
});

describe.each(backends)('headers and small rules on %s', (backend) => {
  describe('behind a trusted proxy', () => {
    let t: TestApp;
    let port = 0;
    beforeAll(async () => {
      t = await createTestApp(backend, { trustProxy: true, cspImgHosts: ['https://images.example.com'] });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t?.close());

    it('sends HSTS only to requests that came over HTTPS, cached answers included', async () => {
      for (const path of ['/api/gallery', '/', '/api/blog-posts/no-such-post']) {
        // Miss, then hits (the cached answer must not carry the first request's HSTS).
        const overTls = await get(port, path, { 'x-forwarded-proto': 'https' });
        expect(overTls.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
        for (let i = 0; i < 2; i++) {
          const plain = await get(port, path);
          expect(plain.status, path).toBe(overTls.status);
          expect(plain.headers['strict-transport-security'], path).toBeUndefined();
          const https = await get(port, path, { 'x-forwarded-proto': 'https' });
          expect(https.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
        }
        const forgedHttp = await get(port, path, { 'x-forwarded-proto': 'http' });
        expect(forgedHttp.headers['strict-transport-security'], path).toBeUndefined();
      }
    });

    it('lists only the hosts we show images from in img-src', async () => {
      const csp = String((await get(port, '/')).headers['content-security-policy']);
      const imgSrc = (/img-src ([^;]*)/.exec(csp)?.[1] ?? '').split(/\s+/);
      expect(imgSrc).not.toContain('https:');
      expect(imgSrc).not.toContain('*');
      expect(imgSrc).toEqual(expect.arrayContaining(["'self'", 'https://www.instagram.com', 'https://*.cdninstagram.com', 'https://images.example.com']));
      for (const source of imgSrc) expect(source, source).toMatch(/^('self'|data:|blob:|https:\/\/[^\s/]+)$/);
    });
  });

  describe('plain HTTP, proxy headers not trusted', () => {
    let t: TestApp;
    let port = 0;
    beforeAll(async () => {
      t = await createTestApp(backend);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t?.close());

    it('never sends HSTS, whatever X-Forwarded-Proto says', async () => {
      for (const path of ['/api/gallery', '/api/gallery', '/']) {
        expect((await get(port, path)).headers['strict-transport-security'], path).toBeUndefined();
        expect((await get(port, path, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'], path).toBeUndefined();
      }
    });

    it('lists publicly only the authors of published posts', async () => {
      const admin = await t.signIn('admin', { name: 'Admin Anne' });
      const writer = await t.signIn('staff', { name: 'Writer Will' });
      const drafter = await t.signIn('staff', { name: 'Drafter Dora' });
      await t.signIn('staff', { name: 'Silent Sam' });
      const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin.token, payload: { name: 'News', slug: 'news' } });
      expect(cat.statusCode, cat.body).toBe(201);
      const post = (token: string, slug: string, published: boolean) =>
        t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: { title: slug, slug, content: 'Body', categoryId: cat.json().id, published } });
      expect((await post(writer.token, 'published-one', true)).statusCode).toBe(201);
      const draft = await post(drafter.token, 'draft-one', false);
      expect(draft.statusCode).toBe(201);

      const names = async () => JSON.parse((await get(port, '/api/users')).body) as { id: number; name: string }[];
      const listed = await names();
      expect(listed).toEqual([{ id: writer.id, name: 'Writer Will' }]);
      // Publishing the draft adds its author at once (the cached list is dropped).
      const published = await t.inject({
        method: 'PUT',
        url: `/api/blog-posts/${draft.json().id}`,
        token: drafter.token,
        payload: { title: 'draft-one', slug: 'draft-one', content: 'Body', categoryId: cat.json().id, published: true },
      });
      expect(published.statusCode, published.body).toBe(200);
      expect((await names()).map((u) => u.name)).toEqual(['Writer Will', 'Drafter Dora']);
      // Signed-in staff see their colleagues' names; an admin gets the full records.
      const asStaff = await t.inject({ method: 'GET', url: '/api/users', token: writer.token });
      expect(asStaff.json().map((u: { name: string }) => u.name)).toContain('Silent Sam');
      const asAdmin = await t.inject({ method: 'GET', url: '/api/users', token: admin.token });
      expect(asAdmin.json().map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['Admin Anne', 'Silent Sam']));
    });
  });

  describe('booking date range', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t?.close());
    const ZONE = 'Asia/Bangkok';
    const book = (dateTime: string) =>
      t.inject({
        method: 'POST',
        url: '/api/reservations',
        payload: bookingPayload({ name: 'Range', email: null, phone: '+66 81 234 5678', course: 'Private Training', dateTime }),
      });

    it('refuses a dateTime before today or more than two years ahead with 400 and a sentence; accepts the range’s ends', async () => {
      const today = todayInZone(ZONE);
      const lastDay = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
      for (const [date, time] of [
        [addDays(today, -1), '23:00'],
        [addDays(today, -400), '10:00'],
        [addDays(lastDay, 1), '00:00'],
        ['2126-01-01', '10:00'],
      ]) {
        const res = await book(zonedToInstant(date, time, ZONE).toISOString());
        expect(res.statusCode, `${date} ${time}`).toBe(400);
        expect(res.json(), `${date} ${time}`).toEqual({ error: BOOKING_RANGE_MESSAGE, code: 'validation' });
      }
      expect((await book(zonedToInstant(lastDay, '23:00', ZONE).toISOString())).statusCode).toBe(201);
      expect((await book(zonedToInstant(addDays(today, 1), '10:00', ZONE).toISOString())).statusCode).toBe(201);
      const stored = await t.app.ctx.db.selectFrom('reservations').select('id').execute();
      expect(stored).toHaveLength(2);
    });
  });
});
