import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/shared/api-types/payments';
import type { OrderQuoteDto } from '../../src/shared/api-types/stay-orders';
import type { RoomTypeDto } from '../../src/shared/api-types/stays';
import { addDays } from '../../src/shared/gym-time';
import { editSettings, gymToday } from '../helpers/orders';
import { stayBody } from '../helpers/stay-orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 36 point 3: before paying, the buyer sees the order's total, what is due now and the
// balance with its due date, priced as POST /api/orders then prices the same lines.

const ROOM = { name: 'Fan room', maxGuests: 2, rooms: 2, nightlyPriceSatang: 80_000, weeklyPriceSatang: 500_000 };

describe.each(backends)('POST /api/orders/quote on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let room: RoomTypeDto;
  const checkIn = addDays(gymToday(), 45);
  const lines = () => ({
    passId: 'week-single.muay-thai',
    startDate: checkIn,
    stay: { roomTypeId: room.id, checkIn, checkOut: addDays(checkIn, 8), guests: 1 },
    pickup: { airport: 'HKT', flightNumber: 'TG 231', arrivesAt: `${checkIn}T09:10` },
    language: 'en',
  });
  const quote = (payload: object) => t.inject({ method: 'POST', url: '/api/orders/quote', payload });
  const takenNights = async () => {
    const rows = await t.app.ctx.db.selectFrom('room_nights').select('taken').where('room_type_id', '=', room.id).execute();
    return rows.reduce((sum, r) => sum + Number(r.taken), 0);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    const res = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload: ROOM });
    expect(res.statusCode, res.body).toBe(201);
    room = res.json<RoomTypeDto>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prices training, room and pickup, the deposit due now and the balance with its date, as the order then charges them', async () => {
    const res = await quote(lines());
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<OrderQuoteDto>();
    // 8 nights: a week and a night (5,000 + 800 THB); the HKT pickup of the seed 2,500 THB; the pass 1,500 THB.
    const total = 150_000 + 580_000 + 250_000;
    const deposit = Math.ceil((total * 30) / 100 / 100) * 100;
    expect(q).toEqual({
      trainingSatang: 150_000,
      staySatang: 580_000,
      nights: 8,
      pickupSatang: 250_000,
      discountSatang: 0,
      totalSatang: total,
      dueNowSatang: deposit,
      balanceSatang: total - deposit,
      balanceDueDate: addDays(checkIn, -14),
      balanceOnArrival: false,
    });
    // A quote takes nothing.
    expect(await takenNights()).toBe(0);

    const order = await t.inject({ method: 'POST', url: '/api/orders', payload: stayBody(lines().stay, { ...lines(), method: 'promptpay' }) });
    expect(order.statusCode, order.body).toBe(201);
    const o = order.json<OrderDto>();
    expect(o.amountSatang).toBe(q.totalSatang);
    expect(o.depositSatang).toBe(q.dueNowSatang);
    expect(o.lines?.balanceDueDate).toBe(q.balanceDueDate);
  });

  it('asks the whole now when the balance would already be due, and says "at the desk" when Paramètres says so', async () => {
    const soon = addDays(gymToday(), 5);
    const near = await quote({ stay: { roomTypeId: room.id, checkIn: soon, checkOut: addDays(soon, 2), guests: 1 } });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json<OrderQuoteDto>()).toMatchObject({
      totalSatang: 160_000,
      dueNowSatang: 160_000,
      balanceSatang: 0,
      balanceDueDate: null,
      balanceOnArrival: false,
    });

    await editSettings(t, admin, (s) => {
      s.stays!.balance = { mode: 'on-arrival', days: 0 };
      s.stays!.deposit = { mode: 'fixed', value: 50_000 };
    });
    try {
      const desk = await quote({ stay: { roomTypeId: room.id, checkIn: soon, checkOut: addDays(soon, 2), guests: 1 } });
      expect(desk.json<OrderQuoteDto>()).toMatchObject({
        totalSatang: 160_000,
        dueNowSatang: 50_000,
        balanceSatang: 110_000,
        balanceDueDate: null,
        balanceOnArrival: true,
      });
    } finally {
      await editSettings(t, admin, (s) => {
        s.stays!.balance = { mode: 'before-arrival', days: 14 };
        s.stays!.deposit = { mode: 'percent', value: 30 };
      });
    }
  });

  it('refuses what the order would refuse: a past check-in, an unknown room or airport, nothing to price', async () => {
    const yesterday = addDays(gymToday(), -1);
    const past = await quote({ stay: { roomTypeId: room.id, checkIn: yesterday, checkOut: addDays(yesterday, 3), guests: 1 } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'check_in_past' });
    const unknown = await quote({ stay: { roomTypeId: 999_999, checkIn, checkOut: addDays(checkIn, 2), guests: 1 } });
    expect(unknown.json()).toMatchObject({ code: 'room_type_unknown' });
    const airport = await quote({ pickup: { airport: 'BKK', arrivesAt: `${checkIn}T10:00` } });
    expect(airport.json()).toMatchObject({ code: 'airport_unknown' });
    const empty = await quote({});
    expect(empty.statusCode).toBe(400);
    const pass = await quote({ passId: 'nope.muay-thai', startDate: checkIn });
    expect(pass.statusCode).toBe(404);
  });
});
