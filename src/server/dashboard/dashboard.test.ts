import type { ReservationStatus } from '../../shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { fromBool, nowIso } from '../db/database';
import { dashboardStats } from './dashboard.service';
import { addDays, lastMonths, lastWeekStarts, mondayOf, startOfDayInZone, startOfMonthInZone } from './zoned-time';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
// The test config uses the default gym time zone, Asia/Bangkok: UTC+7 all year (no DST),
// so the expectations below can be computed with plain offsets, independently of the code.
const BKK = 7 * 3600_000;

function bangkokMonthStart(now: number): number {
  const local = new Date(now + BKK);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BKK;
}
function bangkokMonday(now: number): { day: string; instant: number } {
  const local = new Date(now + BKK);
  const back = (local.getUTCDay() + 6) % 7;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back);
  return { day: new Date(midnight).toISOString().slice(0, 10), instant: midnight - BKK };
}

describe('zoned time helpers', () => {
  it('finds the start of a day across DST changes', () => {
    expect(startOfDayInZone('2024-01-15', 'Asia/Bangkok').toISOString()).toBe('2024-01-14T17:00:00.000Z');
    expect(startOfDayInZone('2024-03-31', 'Europe/Paris').toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect(startOfDayInZone('2024-04-01', 'Europe/Paris').toISOString()).toBe('2024-03-31T22:00:00.000Z');
    expect(startOfDayInZone('2024-10-27', 'Europe/Paris').toISOString()).toBe('2024-10-26T22:00:00.000Z');
    expect(startOfDayInZone('2024-10-28', 'Europe/Paris').toISOString()).toBe('2024-10-27T23:00:00.000Z');
    expect(startOfDayInZone('2024-03-10', 'America/New_York').toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfDayInZone('2024-06-01', 'UTC').toISOString()).toBe('2024-06-01T00:00:00.000Z');
  });

  it('does calendar arithmetic on days, weeks and months', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(mondayOf('2024-03-10')).toBe('2024-03-04'); // Sunday
    expect(mondayOf('2024-03-11')).toBe('2024-03-11'); // Monday
    // 20:00 UTC on Sunday 10 March is Monday 11 March 03:00 in Bangkok.
    const now = new Date('2024-03-10T20:00:00Z');
    expect(lastWeekStarts(now, 'Asia/Bangkok', 3)).toEqual(['2024-02-26', '2024-03-04', '2024-03-11']);
    expect(lastWeekStarts(now, 'UTC', 1)).toEqual(['2024-03-04']);
    expect(startOfMonthInZone(new Date('2024-03-31T18:00:00Z'), 'Asia/Bangkok').toISOString()).toBe('2024-03-31T17:00:00.000Z');
    expect(startOfMonthInZone(new Date('2024-03-31T16:59:59Z'), 'Asia/Bangkok').toISOString()).toBe('2024-02-29T17:00:00.000Z');
    // 18:00 UTC on 31 January is 1 February in Bangkok; the months cross a year.
    expect(lastMonths(new Date('2024-01-31T18:00:00Z'), 'Asia/Bangkok', 3)).toEqual(['2023-12', '2024-01', '2024-02']);
    expect(lastMonths(new Date('2024-01-31T18:00:00Z'), 'UTC', 2)).toEqual(['2023-12', '2024-01']);
  });
});

describe.each(backends)('GET /api/dashboard-stats on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  let staff: Awaited<ReturnType<TestApp['signIn']>>;
  let n = 0;

  const db = () => t.app.ctx.db;
  const addReservation = (createdAt: string, status: ReservationStatus = 'unread') =>
    db()
      .insertInto('reservations')
      .values({ name: `R${++n}`, email: null, phone: '+66 1', course: 'MMA Training', date_time: nowIso(), message: null, status, created_at: createdAt })
      .execute();
  const addContact = (createdAt: string) =>
    db()
      .insertInto('contact_submissions')
      .values({ name: `C${++n}`, email: `c${n}@example.com`, phone: null, subject: 'General Inquiry', message: 'Hi', status: 'new', created_at: createdAt })
      .execute();
  const get = (token?: string) => t.inject({ method: 'GET', url: '/api/dashboard-stats', token });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
    staff = await t.signIn('staff');
  });
  afterAll(() => t?.close());

  it('answers 401 without a token or with a bad one', async () => {
    expect((await get()).statusCode).toBe(401);
    const bad = await get('x'.repeat(43));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
  });

  it('answers zeros and twelve empty weeks on an empty site, for staff too', async () => {
    const res = await get(staff.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'recentStats',
        'reservationsThisMonth',
        'totalBlogPosts',
        'totalContactSubmissions',
        'totalGalleryImages',
        'totalNewsletterSubscribers',
        'totalReservations',
        'totalUsers',
        'unreadReservations',
        'weekly',
        'seatsNext7Days',
        'noShowRate30Days',
        'attendance30Days',
        'takingsThisMonth',
        'passesSoldThisMonth',
        'monthly',
        'stays',
      ].sort(),
    );
    expect(body.monthly).toHaveLength(6);
    // No rooms: no occupancy, no takings from rooms or pickups.
    for (const m of body.stays)
      expect(m).toEqual({
        month: expect.any(String),
        roomNightsSold: 0,
        roomNightsAvailable: 0,
        occupancy: null,
        roomsSatang: 0,
        pickupsSatang: 0,
        trainingSatang: 0,
      });
    for (const m of body.monthly)
      expect(m).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), gymCancelledClasses: 0, seatsFromWaitlist: 0, noShows: 0, waivers: 0 });
    expect(body.takingsThisMonth).toEqual(['promptpay', 'card', 'cash', 'terminal', 'transfer'].map((method) => ({ method, satang: 0 })));
    expect(body.passesSoldThisMonth).toBe(0);
    expect(body.seatsNext7Days).toHaveLength(7);
    for (const d of body.seatsNext7Days) {
      // Sundays have no places (fillRate null); open days have the seeded sessions' places.
      if (d.capacity === 0) expect(d).toMatchObject({ booked: 0, fillRate: null });
      else expect(d).toMatchObject({ booked: 0, fillRate: 0 });
    }
    expect(body.noShowRate30Days).toBeNull();
    expect(body.attendance30Days).toEqual({ present: 0, noShow: 0 });
    expect(body).toMatchObject({
      totalUsers: 2,
      totalBlogPosts: 0,
      totalGalleryImages: 0,
      totalContactSubmissions: 0,
      totalNewsletterSubscribers: 0,
      totalReservations: 0,
      unreadReservations: 0,
      reservationsThisMonth: 0,
    });
    expect(body.weekly).toHaveLength(12);
    expect(body.weekly.every((w: { reservations: number; contacts: number }) => w.reservations === 0 && w.contacts === 0)).toBe(true);
  });

  it('counts every table', async () => {
    const now = nowIso();
    await db().insertInto('blog_categories').values({ name: 'News', slug: 'news', description: null, created_at: now }).execute();
    for (const [slug, published] of [
      ['a', true],
      ['b', true],
      ['c', false],
    ] as const) {
      await db()
        .insertInto('blog_posts')
        .values({
          slug,
          title: slug,
          content: 'Body',
          excerpt: null,
          featured_image: null,
          meta_title: null,
          meta_description: null,
          category_id: null,
          author_id: admin.id,
          published: fromBool(published),
          published_at: published ? now : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (const title of ['One', 'Two']) {
      await db()
        .insertInto('gallery_items')
        .values({
          title,
          description: null,
          category: 'general',
          image_url: '/uploads/x.webp',
          instagram_url: null,
          filename: 'x.webp',
          width: null,
          height: null,
          variants: null,
          created_at: now,
        })
        .execute();
    }
    for (const [email, active] of [
      ['a@example.com', true],
      ['b@example.com', false],
    ] as const) {
      await db()
        .insertInto('newsletter_subscribers')
        .values({ email, name: null, is_active: fromBool(active), unsubscribe_token: email, subscribed_at: now })
        .execute();
    }
    await addContact(now);
    await addContact(now);
    await addReservation(now, 'unread');
    await addReservation(now, 'read');
    await addReservation(now, 'archived');
    await t.signIn('staff');

    const body = (await get(admin.token)).json();
    expect(body).toMatchObject({
      totalUsers: 3,
      totalBlogPosts: 3, // drafts included
      totalGalleryImages: 2,
      totalContactSubmissions: 2,
      totalNewsletterSubscribers: 1, // confirmed (active) ones only, as the subscribers tab counts them
      totalReservations: 3,
      unreadReservations: 1,
      reservationsThisMonth: 3,
    });
    for (const [k, v] of Object.entries(body)) {
      if (k === 'takingsThisMonth') continue;
      if (k.startsWith('total') || k.endsWith('Reservations') || k.endsWith('ThisMonth')) expect(Number.isInteger(v), k).toBe(true);
    }
  });

  it('counts reservations created since the first day of the month in the gym time zone', async () => {
    const before = (await get(admin.token)).json();
    const monthStart = bangkokMonthStart(Date.now());
    await addReservation(new Date(monthStart).toISOString()); // the first instant of the month: counted
    await addReservation(new Date(monthStart - 1).toISOString()); // last month: not counted
    await addReservation(new Date(monthStart - 40 * DAY).toISOString());
    const after = (await get(admin.token)).json();
    expect(after.reservationsThisMonth - before.reservationsThisMonth).toBe(1);
    expect(after.totalReservations - before.totalReservations).toBe(3);
  });

  it('buckets reservations and contacts into the last 12 Monday-start weeks, oldest first', async () => {
    await db().deleteFrom('reservations').execute();
    await db().deleteFrom('contact_submissions').execute();
    const now = Date.now();
    const monday = bangkokMonday(now);
    const oldest = monday.instant - 11 * WEEK;
    const reservations = [now - 1000, now - WEEK, monday.instant, monday.instant - 1, oldest, oldest - 1, now - 20 * WEEK].map((ms) =>
      new Date(ms).toISOString(),
    );
    const contacts = [now - 2000, now - 2 * WEEK, now - 2 * WEEK - 1, oldest + 1].map((ms) => new Date(ms).toISOString());
    for (const iso of reservations) await addReservation(iso);
    for (const iso of contacts) await addContact(iso);

    // The oracle: Bangkok weeks are exactly 7 days long, so the index is a division.
    const expected = Array.from({ length: 12 }, (_, i) => ({
      weekStart: new Date(Date.parse(`${monday.day}T00:00:00Z`) - (11 - i) * WEEK).toISOString().slice(0, 10),
      reservations: 0,
      contacts: 0,
    }));
    const place = (iso: string, key: 'reservations' | 'contacts') => {
      const i = Math.floor((Date.parse(iso) - oldest) / WEEK);
      if (i >= 0 && i < 12) expected[i][key] += 1;
    };
    reservations.forEach((iso) => place(iso, 'reservations'));
    contacts.forEach((iso) => place(iso, 'contacts'));

    const body = (await get(staff.token)).json();
    expect(body.weekly).toEqual(expected);
    expect(body.weekly[11].weekStart).toBe(monday.day);
    expect(new Date(`${body.weekly[0].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(body.weekly[11].reservations).toBeGreaterThanOrEqual(2); // now and this Monday 00:00
    expect(body.weekly[0].reservations).toBe(1); // the oldest bucket's first instant, not the one before
    expect(body.weekly.reduce((s: number, w: { reservations: number }) => s + w.reservations, 0)).toBe(5);
    expect(body.weekly.reduce((s: number, w: { contacts: number }) => s + w.contacts, 0)).toBe(4);
  });

  it('buckets by a fixed clock too (service level)', async () => {
    await db().deleteFrom('reservations').execute();
    await db().deleteFrom('contact_submissions').execute();
    // Monday 11 March 2024, 03:00 in Bangkok.
    const now = new Date('2024-03-10T20:00:00Z');
    await addReservation('2024-03-10T17:00:00.000Z'); // Monday 00:00 Bangkok: this week
    await addReservation('2024-03-10T16:59:59.999Z'); // Sunday 23:59 Bangkok: last week
    await addContact('2023-12-24T17:00:00.000Z'); // Monday 25 Dec 2023 00:00: the oldest week
    await addContact('2023-12-24T16:59:59.999Z'); // before the window
    await addReservation('2024-02-29T16:59:59.999Z'); // February in Bangkok
    await addReservation('2024-02-29T17:00:00.000Z'); // 1 March 00:00 in Bangkok
    const stats = await dashboardStats(t.app.ctx, now);
    expect(stats.weekly[0]).toEqual({ weekStart: '2023-12-25', reservations: 0, contacts: 1 });
    expect(stats.weekly[11]).toEqual({ weekStart: '2024-03-11', reservations: 1, contacts: 0 });
    expect(stats.weekly[10]).toEqual({ weekStart: '2024-03-04', reservations: 1, contacts: 0 });
    expect(stats.totals.reservationsThisMonth).toBe(3);
  });

  it('seats of today and the next 6 gym days, and attendance marks of the last 30 (service level, fixed clock)', async () => {
    // Monday 10 June 2030, 08:00 in Bangkok.
    const now = new Date('2030-06-10T01:00:00.000Z');
    const sessions: { id: string; weeklySessionId: number; date: string; course: string; capacity: number; spotsLeft: number }[] = (
      await t.inject({ method: 'GET', url: '/api/sessions?from=2030-06-10&days=7' })
    ).json().sessions;
    const placesOn = (date: string) => sessions.filter((s) => s.date === date).reduce((n, s) => n + s.capacity, 0);
    const monday = sessions.find((s) => s.date === '2030-06-10' && s.course === 'Wrestling')!;
    for (const name of ['A', 'B', 'C']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/desk/bookings',
        token: staff.token,
        payload: { sessionId: monday.id, name, phone: null, email: null, source: 'walk_in', message: null },
      });
      expect(res.statusCode).toBe(201);
    }
    // Tuesday: one session called off; Wednesday: the gym closed.
    const tuesday = sessions.find((s) => s.date === '2030-06-11')!;
    await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${tuesday.weeklySessionId}/cancellations`,
      token: staff.token,
      payload: { date: '2030-06-11', reason: null },
    });
    await t.inject({
      method: 'POST',
      url: '/api/timetable/closures',
      token: staff.token,
      payload: { startDate: '2030-06-12', endDate: '2030-06-12', reason: null },
    });

    // Marks: sessions on gym dates in [today − 29, today]; cancelled bookings and other dates do not count.
    const mark = (session_date: string, attendance: 'present' | 'no_show', cancelled = false) =>
      db()
        .insertInto('reservations')
        .values({
          name: `M${++n}`,
          email: null,
          phone: '+66 1',
          course: 'Wrestling',
          date_time: `${session_date}T03:00:00.000Z`,
          message: null,
          status: 'read',
          created_at: nowIso(),
          weekly_session_id: monday.weeklySessionId,
          session_date,
          attendance,
          cancelled_at: cancelled ? nowIso() : null,
        })
        .execute();
    await mark('2030-06-10', 'present');
    await mark('2030-06-03', 'present');
    await mark('2030-05-12', 'present'); // today − 29: the oldest day counted
    await mark('2030-05-13', 'no_show');
    await mark('2030-05-11', 'no_show'); // today − 30: out
    await mark('2030-06-11', 'no_show'); // tomorrow: out
    await mark('2030-06-03', 'no_show', true); // cancelled: out

    const stats = await dashboardStats(t.app.ctx, now);
    expect(stats.seatsNext7Days.map((d) => d.date)).toEqual(['2030-06-10', '2030-06-11', '2030-06-12', '2030-06-13', '2030-06-14', '2030-06-15', '2030-06-16']);
    const [mon, tue, wed, thu, , , sun] = stats.seatsNext7Days;
    expect(mon).toEqual({ date: '2030-06-10', booked: 3, capacity: placesOn('2030-06-10'), fillRate: 3 / placesOn('2030-06-10') });
    expect(tue).toEqual({ date: '2030-06-11', booked: 0, capacity: placesOn('2030-06-11') - tuesday.capacity, fillRate: 0 });
    expect(wed).toEqual({ date: '2030-06-12', booked: 0, capacity: 0, fillRate: null });
    expect(thu).toEqual({ date: '2030-06-13', booked: 0, capacity: placesOn('2030-06-13'), fillRate: 0 });
    expect(sun).toEqual({ date: '2030-06-16', booked: 0, capacity: 0, fillRate: null });
    expect(stats.attendance30Days).toEqual({ present: 3, noShow: 1 });
    expect(stats.noShowRate30Days).toBe(0.25);
  });

  it('lists the 30 most recent daily counters dated by their calendar day at UTC midnight', async () => {
    await t.app.ctx.stats.increment('contact_form');
    await t.app.ctx.stats.increment('contact_form');
    for (let i = 1; i <= 35; i += 1) {
      const day = addDays('2024-01-01', i);
      await db()
        .insertInto('daily_stats')
        .values({ metric: 'page_view', day, value: i, created_at: `${day}T05:00:00.000Z` })
        .execute();
    }
    const body = (await get(admin.token)).json();
    expect(body.recentStats).toHaveLength(30);
    const local = new Date(Date.now() + BKK);
    const todayStart = `${local.toISOString().slice(0, 10)}T00:00:00.000Z`;
    const todays = body.recentStats.filter((s: { createdAt: string }) => s.createdAt === todayStart);
    expect(todays.map((s: { metric: string }) => s.metric).sort()).toEqual(['contact_form', 'user_created']);
    const counter = todays.find((s: { metric: string }) => s.metric === 'contact_form');
    expect(counter.value).toBe(2);
    expect(Object.keys(counter).sort()).toEqual(['createdAt', 'id', 'metric', 'value']);
    // Today's counters come first, then older days newest first, each dated by its calendar day.
    expect(body.recentStats[2]).toMatchObject({ metric: 'page_view', value: 35, createdAt: '2024-02-05T00:00:00.000Z' });
    expect(body.recentStats[29]).toMatchObject({ metric: 'page_view', value: 8 });
    const times = body.recentStats.map((s: { createdAt: string }) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('per gym month: classes the gym called off, no-shows and waivers (service level, fixed clock)', async () => {
    // Monday 10 March 2031, 08:00 in Bangkok: the window is October 2030 to March 2031.
    const now = new Date('2031-03-10T01:00:00.000Z');
    type S = { id: string; weeklySessionId: number; date: string };
    const sessionsOn = async (date: string): Promise<S[]> =>
      (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions.filter((s: S) => s.date === date);
    const [called] = await sessionsOn('2031-03-04');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/timetable/weekly-sessions/${called.weeklySessionId}/cancellations`,
          token: staff.token,
          payload: { date: '2031-03-04', reason: 'Coach away' },
        })
      ).statusCode,
    ).toBe(201);
    const closed = (await sessionsOn('2031-02-10')).length + (await sessionsOn('2031-02-11')).length;
    expect(closed).toBeGreaterThan(0);
    const closure = await t.inject({
      method: 'POST',
      url: '/api/timetable/closures',
      token: staff.token,
      payload: { startDate: '2031-02-09', endDate: '2031-02-11', reason: 'Makha Bucha' }, // from a Sunday: that day counts for nothing
    });
    expect(closure.statusCode).toBe(201);

    const row = (session_date: string, extra: { attendance?: 'present' | 'no_show'; cancelled?: boolean; waivedAt?: string; late?: boolean }) =>
      db()
        .insertInto('reservations')
        .values({
          name: `P${++n}`,
          email: null,
          phone: '+66 1',
          course: 'Wrestling',
          date_time: `${session_date}T03:00:00.000Z`,
          message: null,
          status: extra.cancelled ? 'cancelled' : 'read',
          created_at: nowIso(),
          session_date,
          attendance: extra.attendance ?? null,
          cancelled_at: extra.cancelled ? nowIso() : null,
          late_cancel: fromBool(extra.late ?? false),
          waived_at: extra.waivedAt ?? null,
          waive_reason: extra.waivedAt ? 'ok' : null,
        })
        .execute();
    await row('2031-01-15', { attendance: 'no_show' });
    await row('2030-10-01', { attendance: 'no_show' }); // the window's first day
    await row('2030-09-30', { attendance: 'no_show' }); // before the window
    await row('2031-01-20', { attendance: 'no_show', cancelled: true }); // cancelled: out
    await row('2031-03-02', { attendance: 'present' });
    // Waivers count in the gym month they were given: 23:30 and 00:30 in Bangkok either side of 1 February.
    await row('2031-01-30', { cancelled: true, late: true, waivedAt: '2031-01-31T16:30:00.000Z' });
    await row('2031-01-30', { cancelled: true, late: true, waivedAt: '2031-01-31T17:30:00.000Z' });

    const stats = await dashboardStats(t.app.ctx, now);
    const zero = { gymCancelledClasses: 0, seatsFromWaitlist: 0, noShows: 0, waivers: 0 };
    expect(stats.monthly).toEqual([
      { month: '2030-10', ...zero, noShows: 1 },
      { month: '2030-11', ...zero },
      { month: '2030-12', ...zero },
      { month: '2031-01', ...zero, noShows: 1, waivers: 1 },
      { month: '2031-02', ...zero, gymCancelledClasses: closed, waivers: 1 },
      { month: '2031-03', ...zero, gymCancelledClasses: 1 },
    ]);
    const answer = (await get(staff.token)).json();
    expect(answer.monthly).toHaveLength(6);
  });
});
