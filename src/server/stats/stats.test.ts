import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { StatMetric } from '../../shared/constants';
import { createStatsRecorder, dayInZone } from './stats.service';

describe('dayInZone', () => {
  it('gives the calendar day in the named time zone', () => {
    // 20:00 UTC on 10 March is already 11 March in Bangkok (UTC+7), still 10 March in New York.
    expect(dayInZone(new Date('2024-03-10T20:00:00Z'), 'Asia/Bangkok')).toBe('2024-03-11');
    expect(dayInZone(new Date('2024-03-10T16:59:59Z'), 'Asia/Bangkok')).toBe('2024-03-10');
    expect(dayInZone(new Date('2024-03-10T17:00:00Z'), 'Asia/Bangkok')).toBe('2024-03-11');
    expect(dayInZone(new Date('2024-03-10T20:00:00Z'), 'America/New_York')).toBe('2024-03-10');
    expect(dayInZone(new Date('2024-12-31T23:30:00Z'), 'UTC')).toBe('2024-12-31');
  });
});

describe.each(backends)('daily counters on %s', (backend) => {
  let t: TestApp;
  const rows = (metric: StatMetric) => t.app.ctx.db.selectFrom('daily_stats').selectAll().where('metric', '=', metric).orderBy('day').execute();

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds to one row per metric and day', async () => {
    await t.app.ctx.stats.increment('newsletter_signup');
    await t.app.ctx.stats.increment('newsletter_signup');
    const r = await rows('newsletter_signup');
    expect(r).toHaveLength(1);
    expect(Number(r[0].value)).toBe(2);
    expect(r[0].day).toBe(dayInZone(new Date(), t.config.timezone));
    expect(r[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await t.app.ctx.stats.increment('newsletter_signup', 3);
    expect(Number((await rows('newsletter_signup'))[0].value)).toBe(5);
  });

  it('files a count under the day in the gym time zone, not in UTC', async () => {
    const recorder = createStatsRecorder(t.app.ctx.db, 'Asia/Bangkok', t.app.log);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-10T16:59:59Z')); // 23:59:59 on 10 March in Bangkok
    await recorder.increment('gallery_image_uploaded');
    vi.setSystemTime(new Date('2024-03-10T20:00:00Z')); // 03:00 on 11 March in Bangkok, still the 10th in UTC
    await recorder.increment('gallery_image_uploaded');
    await recorder.increment('gallery_image_uploaded');
    vi.useRealTimers();
    await recorder.close();
    const r = await rows('gallery_image_uploaded');
    expect(r.map((x) => [x.day, Number(x.value)])).toEqual([
      ['2024-03-10', 1],
      ['2024-03-11', 2],
    ]);
  });

  it('buffers page views until flushed', async () => {
    t.app.ctx.stats.incrementBuffered('blog_post_created');
    t.app.ctx.stats.incrementBuffered('blog_post_created', 2);
    expect(await rows('blog_post_created')).toHaveLength(0);
    await t.app.ctx.stats.flush();
    const r = await rows('blog_post_created');
    expect(r).toHaveLength(1);
    expect(Number(r[0].value)).toBe(3);
  });

  it('counts a page view when the server serves a public page, not an admin page', async () => {
    const pageViews = async () => (await rows('page_view')).reduce((s, r) => s + Number(r.value), 0);
    await t.app.ctx.stats.flush();
    const before = await pageViews();

    const home = await t.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    await t.app.ctx.stats.flush();
    expect(await pageViews()).toBe(before + 1);

    const admin = await t.inject({ method: 'GET', url: '/admin/login' });
    expect(admin.statusCode).toBe(200);
    await t.app.ctx.stats.flush();
    expect(await pageViews()).toBe(before + 1);

    // API calls are not page views either.
    await t.inject({ method: 'GET', url: '/api/blog-posts' });
    await t.inject({ method: 'GET', url: '/api/nope' });
    await t.app.ctx.stats.flush();
    expect(await pageViews()).toBe(before + 1);
    const r = await rows('page_view');
    expect(r.at(-1)!.day).toBe(dayInZone(new Date(), t.config.timezone));
  });
});

// A counter is a by-product: when it cannot be written the request it counts still succeeds.
describe.each(backends)('a failing statistics write on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await t.signIn('admin'));
    // Every counter write now fails inside the database.
    await sql`drop table daily_stats`.execute(t.app.ctx.db);
  });
  afterAll(() => t?.close());

  it('still answers 201 to POST /api/auth/register', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      token,
      payload: { email: 'new-coach@example.com', name: 'New Coach', password: 'long enough pw', role: 'staff' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', 'new-coach@example.com').executeTakeFirst()).toBeDefined();
  });

  it('still answers 201 to POST /api/contact and /api/newsletter-subscribers', async () => {
    const contact = await t.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Visitor', email: 'v@example.com', message: 'Hello' } });
    expect(contact.statusCode, contact.body).toBe(201);
    const news = await t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: { email: 'reader@example.com' } });
    expect(news.statusCode, news.body).toBe(201);
  });

  it('still answers 201 to POST /api/blog-posts', async () => {
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token, payload: { name: 'Stats', slug: 'stats' } });
    expect(cat.statusCode, cat.body).toBe(201);
    const res = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token,
      payload: { title: 'Counted post', slug: 'counted-post', content: 'Body', categoryId: cat.json().id, published: true },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('still answers 201 to a gallery upload', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('title', 'Counted image');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'counted.png');
    const body = new Response(form);
    const res = await t.inject({
      method: 'POST',
      url: '/api/gallery',
      token,
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('never rejects from increment or flush', async () => {
    await expect(t.app.ctx.stats.increment('page_view')).resolves.toBeUndefined();
    t.app.ctx.stats.incrementBuffered('page_view');
    await expect(t.app.ctx.stats.flush()).resolves.toBeUndefined();
  });
});
