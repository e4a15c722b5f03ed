import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/gym-time';
import { addSubscribers } from '../../../tests/helpers/campaigns';
import { gymToday } from '../../../tests/helpers/orders';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Campaign audiences (issue 48 point 2) on both databases: confirmed subscribers only, narrowed by
// language, an active (paid) pass, a past stay, an upcoming arrival, or not seen for N days (a
// subscriber who never was a customer counts as never seen).

describe.each(backends)('campaign audiences on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const today = gymToday();

  const count = async (audience: object) => {
    const res = await t.inject({ method: 'POST', url: '/api/campaigns/audience-count', token: staff, payload: { audience } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number }>().count;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const db = t.app.ctx.db;
    const room = await t.inject({
      method: 'POST',
      url: '/api/stays/room-types',
      token: admin,
      payload: { name: 'Fan room', maxGuests: 2, rooms: 5, nightlyPriceSatang: 80_000 },
    });
    expect(room.statusCode, room.body).toBe(201);
    const roomTypeId = room.json<{ id: number }>().id;
    const stay = async (email: string, checkIn: string, checkOut: string) => {
      const o = await createTestOrder(db, { kind: 'days-unlimited', days: 7, credits: null, startDate: checkIn, endDate: checkOut, email });
      const now = new Date().toISOString();
      await db
        .insertInto('order_stays')
        .values({
          order_id: o.id,
          room_type_id: roomTypeId,
          room_type_name: 'Fan room',
          check_in: checkIn,
          check_out: checkOut,
          guests: 1,
          amount_satang: 80_000,
          holds_nights: 1,
          room_id: null,
          checked_in_at: null,
          checked_out_at: null,
          arrival_mail_at: null,
          balance_reminder_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    };
    // A paid pass running today; an unpaid one; a stay that ended 5 days ago; one starting in 10 days.
    await createTestOrder(db, {
      kind: 'days-unlimited',
      days: 7,
      credits: null,
      startDate: addDays(today, -2),
      endDate: addDays(today, 4),
      email: 'active@example.com',
    });
    await createTestOrder(db, {
      kind: 'days-unlimited',
      days: 7,
      credits: null,
      startDate: addDays(today, -2),
      endDate: addDays(today, 4),
      email: 'unpaid@example.com',
      paidSatang: 0,
    });
    await stay('past@example.com', addDays(today, -12), addDays(today, -5));
    await stay('coming@example.com', addDays(today, 10), addDays(today, 14));
    // A pending subscriber holding a paid pass: never in any audience.
    await createTestOrder(db, {
      kind: 'days-unlimited',
      days: 7,
      credits: null,
      startDate: addDays(today, -2),
      endDate: addDays(today, 4),
      email: 'pending@example.com',
    });
    await addSubscribers(db, [
      { email: 'active@example.com' },
      { email: 'unpaid@example.com', language: 'de' },
      { email: 'past@example.com', language: 'ru' },
      { email: 'coming@example.com' },
      { email: 'never@example.com', language: 'ru' },
      { email: 'pending@example.com', state: 'pending' },
      { email: 'left@example.com', state: 'unsubscribed' },
    ]);
  }, 60_000);
  afterAll(() => t?.close());

  it('counts confirmed subscribers narrowed by each filter, the filters combining', async () => {
    expect(await count({})).toBe(5);
    expect(await count({ languages: ['ru'] })).toBe(2);
    expect(await count({ languages: ['ru', 'de'] })).toBe(3);
    expect(await count({ activePass: true })).toBe(1);
    expect(await count({ pastStay: true })).toBe(1);
    expect(await count({ upcomingArrival: true })).toBe(1);
    // Seen 5 days ago: not in "not seen for 30 days", in "not seen for 3 days"; never seen: in both.
    expect(await count({ notSeenDays: 30 })).toBe(4);
    expect(await count({ notSeenDays: 3 })).toBe(5);
    expect(await count({ pastStay: true, languages: ['en'] })).toBe(0);
    expect(await count({ notSeenDays: 30, languages: ['ru'] })).toBe(1);
  });

  it('a bouncing address leaves every audience', async () => {
    await t.app.ctx.db.insertInto('email_bounces').values({ email_key: 'active@example.com', reason: 'gone', bounced_at: new Date().toISOString() }).execute();
    expect(await count({ activePass: true })).toBe(0);
    expect(await count({})).toBe(4);
  });

  it('refuses an unknown filter or a bad number of days', async () => {
    for (const audience of [{ everyone: true }, { notSeenDays: 0 }, { languages: ['xx'] }]) {
      const res = await t.inject({ method: 'POST', url: '/api/campaigns/audience-count', token: staff, payload: { audience } });
      expect(res.statusCode).toBe(400);
    }
  });
});
