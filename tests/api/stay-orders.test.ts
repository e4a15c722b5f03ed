import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/shared/api-types/payments';
import type { RoomTypeDto } from '../../src/shared/api-types/stays';
import { addDays } from '../../src/shared/gym-time';
import { expireLapsedOrders } from '../../src/server/orders/order-expiry';
import { customer } from '../helpers/factories';
import { editSettings, gymToday } from '../helpers/orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 36 point 3: one order sells a pass, a room and an airport pickup. The room's nights are
// taken in the order's transaction (never beyond the type's rooms, however many buyers at once),
// held while the order awaits payment, given back once when it lapses or is cancelled.

const BUNGALOW = { name: 'Garden bungalow', maxGuests: 2, rooms: 3, nightlyPriceSatang: 120_000, weeklyPriceSatang: 700_000, monthlyPriceSatang: 2_400_000 };

export function stayBody(t: { roomTypeId: number; checkIn: string; checkOut: string; guests?: number }, extra: Record<string, unknown> = {}) {
  const who = customer();
  return {
    name: who.name,
    email: who.email,
    phone: null,
    language: 'en',
    method: 'promptpay',
    stay: { roomTypeId: t.roomTypeId, checkIn: t.checkIn, checkOut: t.checkOut, guests: t.guests ?? 1 },
    ...extra,
  };
}

describe.each(backends)('orders with a stay and a pickup on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let bungalow: RoomTypeDto;
  const start = addDays(gymToday(), 40);

  const order = (payload: unknown) => t.inject({ method: 'POST', url: '/api/orders', payload });
  const taken = async (roomTypeId: number, night: string) => {
    const row = await t.app.ctx.db.selectFrom('room_nights').select('taken').where('room_type_id', '=', roomTypeId).where('night', '=', night).executeTakeFirst();
    return Number(row?.taken ?? 0);
  };
  const newType = async (rooms: number, extra: Record<string, unknown> = {}) => {
    const res = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload: { ...BUNGALOW, rooms, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RoomTypeDto>();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    bungalow = await newType(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a pass, a room and a pickup in one order: each line apart, the total, the deposit and the balance due date', async () => {
    const checkIn = start;
    const res = await order(
      stayBody(
        { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 7), guests: 2 },
        { passId: 'week-single.muay-thai', startDate: checkIn, pickup: { airport: 'KBV', flightNumber: 'fd 3011', arrivesAt: `${addDays(checkIn, -1)}T14:35` } },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    // Pass 1,500 THB + a week 7,000 THB + the KBV pickup 600 THB.
    expect(o.amountSatang).toBe(150_000 + 700_000 + 60_000);
    // The seed's stays deposit: 30 % of the whole order, rounded up to the baht.
    expect(o.depositSatang).toBe(Math.ceil((910_000 * 30) / 100 / 100) * 100);
    expect(o.lines).toMatchObject({
      trainingSatang: 150_000,
      stay: { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 7), nights: 7, guests: 2, amountSatang: 700_000, holdsNights: true },
      pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${addDays(checkIn, -1)}T14:35`, amountSatang: 60_000 },
      // The balance is due 14 days before the arrival (the pickup's day, the first of the two).
      balanceDueDate: addDays(checkIn, -14),
      changeDatesUntil: addDays(checkIn, -14),
    });
    expect(o.lines?.included).toMatch(/air conditioning/);
    expect(o.lines?.termsVersion).toBeGreaterThan(0);
    const row = await t.app.ctx.db.selectFrom('orders').select(['terms_version', 'balance_due_date']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(o.lines?.termsVersion);
    expect(await taken(bungalow.id, checkIn)).toBe(1);
    expect(await taken(bungalow.id, addDays(checkIn, 6))).toBe(1);
    expect(await taken(bungalow.id, addDays(checkIn, 7))).toBe(0);
  });

  it('prices a stay at the best of the nightly, weekly and monthly rates', async () => {
    const type = await newType(5);
    const priced = async (nights: number) => {
      const res = await order(stayBody({ roomTypeId: type.id, checkIn: addDays(start, 100), checkOut: addDays(start, 100 + nights) }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderDto>().lines?.stay?.amountSatang;
    };
    expect(await priced(3)).toBe(360_000);
    expect(await priced(7)).toBe(700_000);
    expect(await priced(9)).toBe(700_000 + 240_000);
    expect(await priced(30)).toBe(2_400_000);
    expect(await priced(32)).toBe(2_400_000 + 240_000);
  });

  it('sells a pickup alone (no pass, no stay), paid at the desk', async () => {
    const who = customer();
    const res = await order({
      name: who.name,
      email: who.email,
      phone: null,
      language: 'fr',
      method: 'desk',
      pickup: { airport: 'HKT', arrivesAt: `${start}T09:05` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    expect(o).toMatchObject({ passId: '', amountSatang: 250_000 });
    expect(o.lines).toMatchObject({ trainingSatang: 0, stay: null, pickup: { airport: 'HKT', flightNumber: null }, termsVersion: null });
    expect(o.lines?.meetingPoint).toMatch(/exit 3/);
  });

  it('refuses what the rules refuse, with clear codes', async () => {
    const cases: [unknown, number, string][] = [
      [{ ...stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }), stay: undefined }, 400, 'validation'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: addDays(gymToday(), -1), checkOut: addDays(start, 2) }), 400, 'check_in_past'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 181) }), 400, 'stay_too_long'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2), guests: 3 }), 400, 'too_many_guests'],
      [stayBody({ roomTypeId: 999_999, checkIn: start, checkOut: addDays(start, 2) }), 400, 'room_type_unknown'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: start }), 400, 'validation'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }, { pickup: { airport: 'BKK', arrivesAt: `${start}T10:00` } }), 400, 'airport_unknown'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }, { pickup: { airport: 'KBV', arrivesAt: '2020-01-01T10:00' } }), 400, 'pickup_in_past'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await order(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code, res.body).toBe(code);
    }
  });

  it('20 buyers at once for the last 2 rooms: 2 orders, 18 refused with rooms_full, never more nights than rooms', async () => {
    const type = await newType(3);
    const checkIn = addDays(start, 5);
    // One room already sold for the middle night: 2 are left for the whole stay.
    expect((await order(stayBody({ roomTypeId: type.id, checkIn: addDays(checkIn, 1), checkOut: addDays(checkIn, 2) }))).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 3) }))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('rooms_full');
    expect(await taken(type.id, checkIn)).toBe(2);
    expect(await taken(type.id, addDays(checkIn, 1))).toBe(3);
    expect(await taken(type.id, addDays(checkIn, 2))).toBe(2);
    const stays = await t.app.ctx.db.selectFrom('order_stays').select('order_id').where('room_type_id', '=', type.id).execute();
    expect(stays).toHaveLength(3);
  });

  it('gives the nights back once when an unpaid order lapses, and when staff cancel one', async () => {
    const type = await newType(1);
    const checkIn = addDays(start, 3);
    const res = await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2) }));
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<OrderDto>();
    expect((await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 1) }))).json().code).toBe('rooms_full');
    const later = new Date(Date.now() + 3 * 86_400_000);
    // Two runs at once (two instances), then another: released once.
    const runs = await Promise.all([expireLapsedOrders(t.app.ctx, later), expireLapsedOrders(t.app.ctx, later)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await expireLapsedOrders(t.app.ctx, later);
    expect(await taken(type.id, checkIn)).toBe(0);
    const stay = await t.app.ctx.db.selectFrom('order_stays').select('holds_nights').where('order_id', '=', first.id).executeTakeFirstOrThrow();
    expect(stay.holds_nights).toBe(0);
    const audit = await t.app.ctx.db.selectFrom('audit_log').select('summary').where('entity_id', '=', String(first.id)).where('route', '=', '/jobs/order-expiry').execute();
    expect(audit.map((a) => a.summary)).toEqual([expect.stringContaining('rooms released')]);

    const second = await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2) }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await taken(type.id, checkIn)).toBe(1);
    const cancel = await t.inject({ method: 'POST', url: `/api/orders/${second.json().id}/cancel`, token: admin });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await taken(type.id, checkIn)).toBe(0);
    // Cancelling again gives nothing back twice.
    await t.inject({ method: 'POST', url: `/api/orders/${second.json().id}/cancel`, token: admin });
    expect(await taken(type.id, checkIn)).toBe(0);
  });
});
