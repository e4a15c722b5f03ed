import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone } from '../../shared/gym-time';
import { seed } from '../seed';
import { getSiteSettings } from '../site-settings/site-settings.service';

// Issue 46 points 1 and 7: the first start's demo on both databases: every kind it seeds, dated
// around today, no e-mail queued, a second start seeding nothing, SEED_DEMO=false seeding
// nothing, and the one-action removal keeping what staff made since.

const ENV = { SEED_DEMO: 'true', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'demo-test-password' };
const TABLES = [
  'trainers',
  'room_types',
  'rooms',
  'customers',
  'orders',
  'order_payments',
  'reservations',
  'waitlist_entries',
  'contact_submissions',
  'conversations',
  'newsletter_subscribers',
  'blog_posts',
  'gallery_items',
  'outbox',
] as const;

async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const siteDir = (t: TestApp) => path.join(t.config.dataDir, 'uploads', 'site');
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe.each(backends)('the demo on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let seeded: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, ENV);
    await seed(t.app.ctx);
    seeded = await tableCounts(t);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds a traveller whose page holds every kind: a class on a paid pass, a stay with its pickup, a letter, a lesson, a signed waiver', async () => {
    const db = t.app.ctx.db;
    const c = await db.selectFrom('customers').select(['id', 'name']).where('email_key', '=', 'traveller.demo@example.com').executeTakeFirstOrThrow();
    expect(c.name).toContain('Demo');
    const orders = await db.selectFrom('orders').select(['id', 'pass_id']).where('customer_id', '=', c.id).execute();
    // The pass, the stay, the programme and the lesson (paid at the desk).
    expect(orders).toHaveLength(4);
    const bookings = await db.selectFrom('reservations').select(['id', 'course', 'date_time']).where('customer_id', '=', c.id).execute();
    expect(bookings.some((b) => b.course.includes('Muay Thai'))).toBe(true);
    expect(bookings.every((b) => Date.parse(b.date_time) > Date.now())).toBe(true);
    const used = await db
      .selectFrom('pass_uses')
      .select('order_id')
      .where(
        'reservation_id',
        'in',
        bookings.map((b) => b.id),
      )
      .execute();
    expect(used.length).toBeGreaterThan(0);
    expect(
      await db
        .selectFrom('private_lessons')
        .select('trainer_id')
        .where(
          'reservation_id',
          'in',
          bookings.map((b) => b.id),
        )
        .execute(),
    ).toHaveLength(1);
    const ids = orders.map((o) => o.id);
    expect(await db.selectFrom('order_stays').select('order_id').where('order_id', 'in', ids).execute()).toHaveLength(1);
    expect(await db.selectFrom('order_pickups').select('order_id').where('order_id', 'in', ids).execute()).toHaveLength(1);
    expect((await db.selectFrom('visa_letters').select('status').where('order_id', 'in', ids).execute()).map((l) => l.status)).toEqual(['requested']);
    const waiver = await t.inject({ method: 'GET', url: `/api/customers/${c.id}/waiver`, token: staff });
    expect(waiver.json()).toMatchObject({ required: false, signedVersion: 1, flag: 'conditions' });
  });

  it('seeds every kind, visibly demo, without queuing an e-mail', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/demo', token: admin });
    expect(res.statusCode).toBe(200);
    const { present, counts } = res.json();
    expect(present).toBe(true);
    expect(counts).toMatchObject({ trainer: 3, 'room-type': 3, order: 12, waitlist: 2, contact: 1, conversation: 1, subscriber: 6, post: 9, gallery: 6 });
    expect(counts.customer).toBeGreaterThanOrEqual(10);
    expect(counts.booking).toBeGreaterThan(20);
    expect(counts.files).toBeGreaterThan(0);
    expect(seeded.outbox).toBe(0);
    const db = t.app.ctx.db;
    const people = await db.selectFrom('customers').select(['name', 'email']).execute();
    for (const p of people) {
      expect(p.email).toMatch(/@example\.com$/);
      expect(p.name).toContain('Demo');
    }
    const trainers = await db.selectFrom('trainers').selectAll().execute();
    for (const tr of trainers) {
      expect(tr.name).toContain('Demo');
      expect(tr.photo_url).toMatch(/^\/uploads\/site\//);
      expect(Object.keys(JSON.parse(tr.bio))).toEqual(expect.arrayContaining(['en', 'fr', 'de', 'ru', 'zh', 'th']));
    }
    expect(await db.selectFrom('trainer_windows').select('id').execute()).not.toHaveLength(0);
    expect(await db.selectFrom('weekly_sessions').select('id').where('coach', '=', trainers[0].name).execute()).not.toHaveLength(0);
    const rooms = await db.selectFrom('room_types').selectAll().execute();
    for (const r of rooms) expect(JSON.parse(r.photos).length).toBeGreaterThan(0);
    const posts = await db.selectFrom('blog_posts').select('featured_image').execute();
    for (const p of posts) expect(p.featured_image).toMatch(/^\/uploads\/site\//);
    const { settings } = await getSiteSettings(t.app.ctx);
    expect(settings.payments.promptpayId).not.toBeNull();
    expect(settings.legal.name).toContain('DEMO');
    expect(settings.programmes.find((p) => p.key === 'demo-dtv-6-months')).toMatchObject({ months: 6, onSale: true });
    // The programme is on sale (its letter can be issued) and pickups are priced at both airports.
    const passes = await t.inject({ method: 'GET', url: '/api/passes' });
    expect(JSON.stringify(passes.json())).toContain('demo-dtv-6-months.programme');
    expect(settings.stays?.airports.map((a) => a.code)).toEqual(expect.arrayContaining(['KBV', 'HKT']));
    // So the booking journey offers every choice: a stay, the programme, a lesson with a trainer.
    const offers = (await t.inject({ method: 'GET', url: '/api/offers' })).json();
    expect(offers).toMatchObject({ class: { available: true }, pass: { available: true }, programme: { available: true }, stay: { available: true } });
    expect(offers.private).toMatchObject({ available: true, how: 'trainer' });
  });

  it('dates its activity around today: classes attended and missed, bookings ahead, a stay tomorrow, money paid and owed', async () => {
    const db = t.app.ctx.db;
    const today = todayInZone(t.config.timezone);
    const past = await db.selectFrom('reservations').select(['attendance', 'session_date']).where('session_date', '<', today).execute();
    expect(past.some((r) => r.attendance === 'present')).toBe(true);
    expect(past.some((r) => r.attendance === 'no_show')).toBe(true);
    for (const r of past) expect(r.session_date! >= addDays(today, -14)).toBe(true);
    const ahead = await db.selectFrom('reservations').select('session_date').where('session_date', '>=', today).execute();
    expect(ahead.length).toBeGreaterThan(5);
    for (const r of ahead) expect(r.session_date! <= addDays(today, 10)).toBe(true);
    const stay = await db.selectFrom('order_stays').selectAll().executeTakeFirstOrThrow();
    expect(stay.check_in).toBe(addDays(today, 1));
    const pickup = await db.selectFrom('order_pickups').selectAll().executeTakeFirstOrThrow();
    expect(pickup).toMatchObject({ airport: 'KBV', order_id: stay.order_id });
    const paid = await db.selectFrom('order_payments').select('order_id').distinct().execute();
    // Six of the gym's orders and three of the traveller's; their lesson is paid at the desk.
    expect(paid.length).toBe(9);
    expect(seeded.orders - paid.length).toBe(3);
    const full = await db.selectFrom('waitlist_entries').select(['weekly_session_id', 'session_date']).executeTakeFirstOrThrow();
    const seats = await db
      .selectFrom('seats')
      .innerJoin('weekly_sessions', 'weekly_sessions.id', 'seats.weekly_session_id')
      .select(['seats.taken', 'weekly_sessions.capacity'])
      .where('seats.weekly_session_id', '=', full.weekly_session_id)
      .where('seats.session_date', '=', full.session_date)
      .executeTakeFirstOrThrow();
    expect(seats.taken).toBe(seats.capacity);
    const unread = await db.selectFrom('conversation_messages').select('is_read').execute();
    expect(unread.map((m) => Boolean(m.is_read))).toEqual([false]);
  });

  it('seeds nothing on a second start', async () => {
    await seed(t.app.ctx);
    const again = await tableCounts(t);
    expect({ ...again, customers: 0 }).toEqual({ ...seeded, customers: 0 });
    // Signing in made no customer; the two staff accounts are users.
    expect(again.customers).toBe(seeded.customers);
  });

  it('is removed in one action by an admin only, keeping what staff made since', async () => {
    const db = t.app.ctx.db;
    const filesBefore = filesIn(siteDir(t));
    expect(filesBefore.length).toBeGreaterThan(0);
    // Made by staff after the first start: a booking on a class the demo filled, a post, so a customer.
    const session = await db
      .selectFrom('reservations')
      .select(['course', 'date_time'])
      .where('session_date', '>', todayInZone(t.config.timezone))
      .where('status', '!=', 'cancelled')
      .orderBy('date_time')
      .executeTakeFirstOrThrow();
    const booking = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Real Person', email: 'real.person@example.org', phone: null, course: session.course, dateTime: session.date_time, message: null },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const category = (await db.selectFrom('blog_categories').select('id').executeTakeFirstOrThrow()).id;
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: admin,
      payload: { title: 'Our real opening', slug: 'our-real-opening', content: 'We open on Monday.', categoryId: category, published: true },
    });
    expect(post.statusCode, post.body).toBe(201);

    expect((await t.inject({ method: 'POST', url: '/api/demo/remove', token: staff })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/demo/remove' })).statusCode).toBe(401);
    const res = await t.inject({ method: 'POST', url: '/api/demo/remove', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toMatchObject({ trainer: 3, 'room-type': 3, order: 12, post: 9, gallery: 6, subscriber: 6 });
    expect(res.json().kept).toEqual({ category: 1 });

    const left = await tableCounts(t);
    expect(left).toMatchObject({
      trainers: 0,
      room_types: 0,
      rooms: 0,
      orders: 0,
      order_payments: 0,
      waitlist_entries: 0,
      contact_submissions: 0,
      conversations: 0,
      newsletter_subscribers: 0,
      gallery_items: 0,
    });
    expect(await db.selectFrom('reservations').select(['name', 'email']).execute()).toEqual([{ name: 'Real Person', email: 'real.person@example.org' }]);
    expect(await db.selectFrom('customers').select('email').execute()).toEqual([{ email: 'real.person@example.org' }]);
    // The traveller's waiver and the demo's version, their lesson and letter went with them.
    expect(await db.selectFrom('waiver_signatures').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('waiver_versions').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('visa_letters').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('private_lessons').select('trainer_id').execute()).toEqual([]);
    expect(await db.selectFrom('blog_posts').select('slug').execute()).toEqual([{ slug: 'our-real-opening' }]);
    expect(await db.selectFrom('blog_categories').select('id').execute()).toEqual([{ id: category }]);
    // The class the demo filled is back to its seats, with the staff's booking on it.
    expect(await db.selectFrom('weekly_sessions').select('id').where('coach', 'is not', null).execute()).toEqual([]);
    expect(await db.selectFrom('weekly_sessions').select('id').where('capacity', '!=', 20).execute()).toEqual([]);
    expect(
      Number(
        (
          await db
            .selectFrom('seats')
            .select((eb) => eb.fn.sum<number>('taken').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
    const { settings } = await getSiteSettings(t.app.ctx);
    expect(settings.payments.promptpayId).toBeNull();
    expect(settings.legal).toEqual({ name: null, registrationNumber: null, address: null, phone: null, email: null });
    expect(settings.visaLetter).toMatchObject({ signatoryName: null, signatureImageUrl: null, stampImageUrl: null });
    expect(settings.programmes.map((p) => p.key)).not.toContain('demo-dtv-6-months');
    expect(filesIn(siteDir(t))).toEqual([]);
    expect(filesIn(path.join(t.config.dataDir, 'uploads', 'gallery'))).toEqual([]);

    const status = await t.inject({ method: 'GET', url: '/api/demo', token: admin });
    expect(status.json().present).toBe(false);
    // A second removal finds nothing and changes nothing.
    const twice = await t.inject({ method: 'POST', url: '/api/demo/remove', token: admin });
    expect(twice.json()).toEqual({ removed: {}, kept: {} });
    expect(await tableCounts(t)).toEqual(left);
  });
});

describe.each(backends)('SEED_DEMO=false on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { ...ENV, SEED_DEMO: 'false' });
  });
  afterAll(() => t?.close());

  it('starts empty: no demo row, no demo record', async () => {
    await seed(t.app.ctx);
    const counts = await tableCounts(t);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    const admin = (await t.signIn('admin')).token;
    expect((await t.inject({ method: 'GET', url: '/api/demo', token: admin })).json()).toMatchObject({ present: false });
  });
});
