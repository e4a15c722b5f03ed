import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../src/shared/constants';
import { addDays, instantToZoned, zonedToInstant } from '../../src/shared/gym-time';
import { fromBool } from '../../src/server/db/database';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 13 point 1: search, filters, sort and server paging as query parameters of the existing
// list endpoints; without any of them each answers SPEC.md §7's array as before.
describe.each(backends)('back-office list queries on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const DAY = 86_400_000;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const get = async (url: string) => {
    const res = await t.inject({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await t.signIn('staff')).token;
    const db = t.app.ctx.db;
    // 30 bookings: i days ahead (i < 20) or behind, arriving one minute apart (id order = arrival order).
    const rows = Array.from({ length: 30 }, (_, i) => ({
      name: i === 7 ? 'Zoé Martin' : `Client ${String(i).padStart(2, '0')}`,
      email: i === 3 ? 'Needle_100%@Example.com' : `c${i}@example.com`,
      phone: i === 11 ? '+66 81 234 5678' : null,
      course: i % 3 === 0 ? 'Muay Thai' : 'MMA',
      date_time: iso(i < 20 ? now + (i + 1) * DAY : now - (i - 19) * DAY),
      message: null,
      status: (['unread', 'read', 'archived', 'cancelled'] as ReservationStatus[])[i % 4],
      created_at: iso(now - (30 - i) * 60_000),
    }));
    await db.insertInto('reservations').values(rows).execute();
    const conv = Array.from({ length: 12 }, (_, i) => ({
      user_name: i === 5 ? 'Somchai' : `Person ${i}`,
      user_email: `p${i}@example.com`,
      subject: i === 2 ? 'Prix des cours' : 'Question',
      status: i % 2 ? ('open' as const) : ('new' as const),
      contact_submission_id: null,
      created_at: iso(now - i * 60_000),
      last_message_at: iso(now - i * 60_000),
    }));
    await db.insertInto('conversations').values(conv).execute();
    await db
      .insertInto('contact_submissions')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          name: `Contact ${i}`,
          email: `m${i}@example.com`,
          phone: i === 4 ? '+33 6 12 34 56 78' : null,
          subject: 'Hello',
          message: i === 9 ? 'Do you rent gloves?' : 'Hi',
          status: i % 3 ? ('read' as const) : ('new' as const),
          created_at: iso(now - i * 60_000),
        })),
      )
      .execute();
    await db
      .insertInto('newsletter_subscribers')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          email: `s${i}@example.com`,
          name: i === 6 ? 'Lotus' : null,
          is_active: fromBool(i % 2 === 0),
          unsubscribe_token: `tok${i}`,
          subscribed_at: iso(now - i * 60_000),
          confirmed_at: i % 2 === 0 ? iso(now) : null,
          confirm_token_hash: i === 1 ? 'abc' : null,
          confirm_sent_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('blog_posts')
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          slug: `post-${i}`,
          title: i === 4 ? 'Guide du clinch' : `Post ${i}`,
          content: 'x',
          excerpt: null,
          featured_image: null,
          meta_title: null,
          meta_description: null,
          category_id: null,
          author_id: null,
          published: fromBool(i % 2 === 0),
          published_at: i % 2 === 0 ? iso(now - i * 60_000) : null,
          created_at: iso(now - i * 60_000),
          updated_at: iso(now - i * 60_000),
        })),
      )
      .execute();
  });
  afterAll(() => t?.close());

  it('answers the legacy arrays without parameters', async () => {
    const list = await get('/api/reservations');
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(30);
    // Newest arrival first, archived and cancelled included, as before.
    expect(list[0].name).toBe('Client 29');
    for (const url of ['/api/conversations', '/api/contact-submissions', '/api/newsletter-subscribers', '/api/blog-posts'])
      expect(Array.isArray(await get(url)), url).toBe(true);
    expect(await get('/api/conversations')).toHaveLength(12);
    expect(await get('/api/newsletter-subscribers')).toHaveLength(12);
    expect(await get('/api/blog-posts')).toHaveLength(8);
    // The same rows, in the same order and shape, as the default page of everything; the pages
    // add only the customer's language and, for subscribers, whether their address bounces
    // (SPEC.md §7's arrays keep their fields).
    const withoutLanguage = (items: Record<string, unknown>[]) => items.map(({ language: _language, bouncing: _bouncing, ...rest }) => rest);
    const paged = async (url: string) => withoutLanguage((await get(url)).items);
    expect(await paged('/api/reservations?pageSize=100')).toEqual(list);
    expect(await paged('/api/conversations?pageSize=100')).toEqual(await get('/api/conversations'));
    expect(await paged('/api/contact-submissions?pageSize=100')).toEqual(await get('/api/contact-submissions'));
    expect(await paged('/api/newsletter-subscribers?pageSize=100')).toEqual(await get('/api/newsletter-subscribers'));
    expect((await get('/api/blog-posts?pageSize=100')).items).toEqual(await get('/api/blog-posts'));
  });

  it('pages reservations with totals and the tiles’ counts', async () => {
    const p1 = await get('/api/reservations?page=1&pageSize=10');
    expect(p1).toMatchObject({ total: 30, page: 1, pageSize: 10, counts: { all: 30, unread: 8, treated: 15 } });
    expect(p1.items.map((r: { name: string }) => r.name).slice(0, 2)).toEqual(['Client 29', 'Client 28']);
    const p3 = await get('/api/reservations?page=3&pageSize=10');
    expect(p3.items).toHaveLength(10);
    expect(p3.items.at(-1).name).toBe('Client 00');
    expect((await get('/api/reservations?page=4&pageSize=10')).items).toHaveLength(0);
    // The default page size.
    expect(await get('/api/reservations?page=1')).toMatchObject({ pageSize: 25, total: 30 });
    expect((await get('/api/reservations?page=1')).items).toHaveLength(25);
  });

  it('searches name, e-mail (LIKE characters literal) and phone (digits too)', async () => {
    expect((await get('/api/reservations?q=zo%C3%A9')).items.map((r: { name: string }) => r.name)).toEqual(['Zoé Martin']);
    const byMail = await get(`/api/reservations?q=${encodeURIComponent('needle_100%')}`);
    expect(byMail.total).toBe(1);
    // % and _ are not wildcards.
    expect((await get(`/api/reservations?q=${encodeURIComponent('c_0')}`)).total).toBe(0);
    expect((await get('/api/reservations?q=%2B66%2081')).items[0].phone).toBe('+66 81 234 5678');
    expect((await get('/api/reservations?q=812345')).items.map((r: { phone: string }) => r.phone)).toEqual(['+66 81 234 5678']);
    expect((await get('/api/reservations?q=nobody')).total).toBe(0);
  });

  it('filters by course, status, upcoming/past and class dates, and combines them', async () => {
    expect((await get('/api/reservations?course=Muay%20Thai')).total).toBe(10);
    expect((await get('/api/reservations?status=archived')).total).toBe(7);
    expect((await get('/api/reservations?status=active')).total).toBe(23);
    expect((await get('/api/reservations?when=upcoming')).total).toBe(20);
    const past = await get('/api/reservations?when=past&pageSize=100');
    expect(past.total).toBe(10);
    for (const r of past.items) expect(Date.parse(r.dateTime)).toBeLessThan(Date.now());
    expect((await get('/api/reservations?when=upcoming&course=Muay%20Thai&status=unread')).total).toBe(
      [0, 3, 6, 9, 12, 15, 18].filter((i) => i % 4 === 0).length,
    );
    // Gym dates, both inclusive: the days of bookings 1 and 3 ahead (i = 0 and i = 2).
    const tz = t.config.timezone;
    const d1 = instantToZoned(new Date(now + DAY), tz).date;
    const d3 = addDays(d1, 2);
    const range = await get(`/api/reservations?from=${d1}&to=${d3}&sort=date&pageSize=100`);
    expect(range.items.map((r: { name: string }) => r.name)).toEqual(['Client 00', 'Client 01', 'Client 02']);
    for (const r of range.items) {
      expect(Date.parse(r.dateTime)).toBeGreaterThanOrEqual(zonedToInstant(d1, '00:00', tz).getTime());
      expect(Date.parse(r.dateTime)).toBeLessThan(zonedToInstant(addDays(d3, 1), '00:00', tz).getTime());
    }
  });

  it('sorts by class date or by arrival, both ways', async () => {
    const names = async (sort: string) => (await get(`/api/reservations?sort=${sort}&pageSize=100`)).items.map((r: { name: string }) => r.name);
    const byDate = await names('date');
    expect(byDate[0]).toBe('Client 29'); // the furthest past class
    expect(byDate.at(-1)).toBe('Client 19'); // the furthest ahead
    expect(await names('-date')).toEqual([...byDate].reverse());
    const byArrival = await names('created');
    expect(byArrival[0]).toBe('Client 00');
    expect(await names('-created')).toEqual([...byArrival].reverse());
  });

  it('refuses malformed parameters with 400', async () => {
    for (const q of ['status=gone', 'when=soon', 'from=2026-13-01', 'sort=name', 'page=0', 'pageSize=1000']) {
      const res = await t.inject({ method: 'GET', url: `/api/reservations?${q}`, token });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.inject({ method: 'GET', url: '/api/reservations?page=1' })).statusCode).toBe(401);
  });

  it('searches and pages conversations, contact messages, subscribers and posts', async () => {
    expect(await get('/api/conversations?page=2&pageSize=5')).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect((await get('/api/conversations?q=somchai')).items.map((c: { userName: string }) => c.userName)).toEqual(['Somchai']);
    expect((await get('/api/conversations?q=prix')).total).toBe(1);
    expect((await get('/api/conversations?status=open')).total).toBe(6);

    expect((await get('/api/contact-submissions?q=gloves')).items.map((c: { name: string }) => c.name)).toEqual(['Contact 9']);
    expect((await get('/api/contact-submissions?q=%2B33')).total).toBe(1);
    expect((await get('/api/contact-submissions?status=new')).total).toBe(4);
    const contacts = await get('/api/contact-submissions?page=3&pageSize=5');
    expect(contacts).toMatchObject({ total: 12, page: 3 });
    expect(contacts.items).toHaveLength(2);

    const subs = await get('/api/newsletter-subscribers?q=lotus');
    expect(subs).toMatchObject({ total: 1, confirmed: 6 });
    expect((await get('/api/newsletter-subscribers?status=pending')).items.map((s: { email: string }) => s.email)).toEqual(['s1@example.com']);
    expect((await get('/api/newsletter-subscribers?status=unsubscribed')).total).toBe(5);
    expect((await get('/api/newsletter-subscribers?page=1&pageSize=4')).items).toHaveLength(4);

    expect((await get('/api/blog-posts?q=clinch')).items.map((p: { title: string }) => p.title)).toEqual(['Guide du clinch']);
    expect(await get('/api/blog-posts?page=2&pageSize=5')).toMatchObject({ total: 8, page: 2 });
    expect((await get('/api/blog-posts?published=false&page=1')).total).toBe(4);
  });

  it('gives anonymous readers of the blog the array whatever the paging parameters', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/blog-posts?q=clinch&page=1' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(4);
  });
});
