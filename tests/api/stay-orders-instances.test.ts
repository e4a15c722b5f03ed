import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomTypeDto } from '../../src/shared/api-types/stays';
import { addDays } from '../../src/shared/gym-time';
import { expireLapsedOrders } from '../../src/server/orders/order-expiry';
import { editSettings, gymToday } from '../helpers/orders';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { stayBody } from '../helpers/stay-orders';

// Issue 36: two instances on one PostgreSQL (SQLite serves one instance) sell the last rooms of a
// type: never more than are left, and an expired order's nights come back once.

describe('stay orders at two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let type: RoomTypeDto;
  const checkIn = addDays(gymToday(), 15);
  const taken = async (night: string) =>
    Number(
      (await a.app.ctx.db.selectFrom('room_nights').select('taken').where('room_type_id', '=', type.id).where('night', '=', night).executeTakeFirst())?.taken ??
        0,
    );

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres', { databaseSchema: a.config.databaseSchema });
    const admin = (await a.signIn('admin')).token;
    const res = await a.inject({
      method: 'POST',
      url: '/api/stays/room-types',
      token: admin,
      payload: { name: 'Dorm bed', maxGuests: 1, rooms: 2, nightlyPriceSatang: 40_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    type = res.json();
    await editSettings(a, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('20 buyers split over both instances for the last 2 rooms: 2 sold, 18 rooms_full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/orders',
          payload: stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 4) }),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409 && r.json().code === 'rooms_full')).toHaveLength(18);
    for (let d = 0; d < 4; d++) expect(await taken(addDays(checkIn, d))).toBe(2);
  });

  it("an unpaid order's nights come back once when both instances' expiry jobs run at once", async () => {
    const day = addDays(checkIn, 10);
    const res = await a.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...stayBody({ roomTypeId: type.id, checkIn: day, checkOut: addDays(day, 2) }), method: 'promptpay' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await taken(day)).toBe(1);
    const later = new Date(Date.now() + 3 * 86_400_000);
    await Promise.all([expireLapsedOrders(a.app.ctx, later), expireLapsedOrders(b.app.ctx, later), expireLapsedOrders(a.app.ctx, later)]);
    expect(await taken(day)).toBe(0);
  });
});
