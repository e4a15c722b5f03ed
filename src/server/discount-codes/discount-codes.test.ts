import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscountCodeDto } from '../../shared/api-types/discount-codes';
import type { OrderDto } from '../../shared/api-types/payments';
import type { OrderQuoteDto } from '../../shared/api-types/stay-orders';
import type { RoomTypeDto } from '../../shared/api-types/stays';
import { addDays } from '../../shared/gym-time';
import { editSettings, gymToday, orderBody } from '../../../tests/helpers/orders';
import { stayBody } from '../../../tests/helpers/stay-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Discount codes (issue 48 point 6): staff make, edit and disable codes (case-insensitive, exactly
// one of percent and amount, gym dates); a quote and an order take a code off the lines it covers
// only; each refusal has its own code.

const ROOM = { name: 'Fan room', maxGuests: 2, rooms: 5, nightlyPriceSatang: 80_000 };

describe.each(backends)('discount codes on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let room: RoomTypeDto;
  const checkIn = addDays(gymToday(), 40);
  // Pass 1,500 THB, 3 nights 2,400 THB, HKT pickup 2,500 THB.
  const lines = (code?: string) => ({
    passId: 'week-single.muay-thai',
    startDate: checkIn,
    stay: { roomTypeId: room.id, checkIn, checkOut: addDays(checkIn, 3), guests: 1 },
    pickup: { airport: 'HKT', flightNumber: 'TG 231', arrivesAt: `${checkIn}T09:10` },
    language: 'en',
    ...(code !== undefined ? { code } : {}),
  });
  const make = (payload: object) => t.inject({ method: 'POST', url: '/api/discount-codes', token: staff, payload });
  const quote = (payload: object) => t.inject({ method: 'POST', url: '/api/orders/quote', payload });
  const order = (payload: object) => t.inject({ method: 'POST', url: '/api/orders', payload });

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    const res = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload: ROOM });
    expect(res.statusCode, res.body).toBe(201);
    room = res.json<RoomTypeDto>();
  });
  afterAll(() => t?.close());

  it('stores codes upper-cased, refuses both amounts or none, bad percents and dates in the wrong order; staff only', async () => {
    const ok = await make({ code: ' spring-10 ', percentOff: 10, appliesTo: { stays: true }, validFrom: gymToday(), validTo: addDays(gymToday(), 30) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<DiscountCodeDto>()).toMatchObject({
      code: 'SPRING-10',
      percentOff: 10,
      amountOffSatang: null,
      appliesTo: { passIds: [], stays: true, pickups: false },
      uses: 0,
      disabledAt: null,
    });
    const refusals: [object, string][] = [
      [{ code: 'BOTH', percentOff: 10, amountOffSatang: 5_000, appliesTo: { stays: true } }, 'both amounts'],
      [{ code: 'NONE', appliesTo: { stays: true } }, 'no amount'],
      [{ code: 'ZERO', percentOff: 0, appliesTo: { stays: true } }, 'percent 0'],
      [{ code: 'OVER', percentOff: 101, appliesTo: { stays: true } }, 'percent 101'],
      [{ code: 'HALF', amountOffSatang: 10.5, appliesTo: { stays: true } }, 'fractional satang'],
      [{ code: 'NOTHING', percentOff: 5, appliesTo: {} }, 'covers nothing'],
      [{ code: 'DATES', percentOff: 5, appliesTo: { stays: true }, validFrom: '2030-02-01', validTo: '2030-01-31' }, 'dates reversed'],
      [{ code: 'BAD DATE', percentOff: 5, appliesTo: { stays: true } }, 'a space in the code'],
      [{ code: 'DAY', percentOff: 5, appliesTo: { stays: true }, validFrom: '2030-02-30' }, 'no such day'],
    ];
    for (const [payload, what] of refusals) {
      const res = await make(payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('validation');
    }
    // Case-insensitive: the same text in lower case is taken.
    const again = await make({ code: 'Spring-10', amountOffSatang: 10_000, appliesTo: { pickups: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('discount_code_taken');
    expect(
      (await t.inject({ method: 'POST', url: '/api/discount-codes', payload: { code: 'X1', percentOff: 5, appliesTo: { stays: true } } })).statusCode,
    ).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/discount-codes' })).statusCode).toBe(401);
    const list = await t.inject({ method: 'GET', url: '/api/discount-codes', token: staff });
    expect(list.json<DiscountCodeDto[]>().map((c) => c.code)).toContain('SPRING-10');
  });

  it('edits a code (an amount replaces a percent) and disables it: then no order takes it', async () => {
    const made = (await make({ code: 'EDIT-ME', percentOff: 20, appliesTo: { pickups: true } })).json<DiscountCodeDto>();
    const both = await t.inject({ method: 'PATCH', url: `/api/discount-codes/${made.id}`, token: staff, payload: { percentOff: 5, amountOffSatang: 100 } });
    expect(both.statusCode).toBe(400);
    const edited = await t.inject({ method: 'PATCH', url: `/api/discount-codes/${made.id}`, token: staff, payload: { amountOffSatang: 50_000, maxUses: 3 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<DiscountCodeDto>()).toMatchObject({ percentOff: null, amountOffSatang: 50_000, maxUses: 3 });
    expect((await quote(lines('edit-me'))).json<OrderQuoteDto>().discountSatang).toBe(50_000);
    const off = await t.inject({ method: 'POST', url: `/api/discount-codes/${made.id}/disable`, token: staff });
    expect(off.statusCode).toBe(200);
    expect(off.json<DiscountCodeDto>().disabledAt).not.toBeNull();
    const refused = await quote(lines('EDIT-ME'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('discount_code_invalid');
    expect((await t.inject({ method: 'PATCH', url: '/api/discount-codes/999999', token: staff, payload: { maxUses: 2 } })).statusCode).toBe(404);
  });

  it('takes a percent off the covered lines only, rounded down, and an amount never below a line', async () => {
    await make({ code: 'PASS-15', percentOff: 15, appliesTo: { passIds: ['week-single.muay-thai'] } });
    await make({ code: 'ROOM-7', percentOff: 7, appliesTo: { stays: true } });
    await make({ code: 'RIDE-FREE', amountOffSatang: 900_000, appliesTo: { pickups: true } });
    const plain = (await quote(lines())).json<OrderQuoteDto>();
    expect(plain).toMatchObject({ trainingSatang: 150_000, staySatang: 240_000, pickupSatang: 250_000, discountSatang: 0, totalSatang: 640_000 });
    const pass = (await quote(lines('pass-15'))).json<OrderQuoteDto>();
    expect(pass).toMatchObject({ trainingSatang: 150_000, discountSatang: 22_500, totalSatang: 617_500 });
    // 7 % of 240,000 satang is 16,800.
    const stay = (await quote(lines('room-7'))).json<OrderQuoteDto>();
    expect(stay).toMatchObject({ discountSatang: 16_800, totalSatang: 623_200 });
    const ride = (await quote(lines('Ride-Free'))).json<OrderQuoteDto>();
    expect(ride).toMatchObject({ pickupSatang: 250_000, discountSatang: 250_000, totalSatang: 390_000 });
    // The deposit is of the discounted total.
    expect(ride.dueNowSatang + ride.balanceSatang).toBe(390_000);
    // A pass the code does not cover: refused as invalid, not silently ignored.
    const other = await quote({ passId: 'month-single.muay-thai', startDate: checkIn, language: 'en', code: 'PASS-15' });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('discount_code_invalid');
  });

  it('rounds a percent down to whole satang', async () => {
    await make({ code: 'ODD-33', percentOff: 33, appliesTo: { stays: true } });
    const admin = (await t.signIn('admin')).token;
    const priced = await t.inject({ method: 'PATCH', url: `/api/stays/room-types/${room.id}`, token: admin, payload: { nightlyPriceSatang: 80_001 } });
    expect(priced.statusCode, priced.body).toBe(200);
    const q = (await quote({ stay: { roomTypeId: room.id, checkIn, checkOut: addDays(checkIn, 1), guests: 1 }, code: 'odd-33' })).json<OrderQuoteDto>();
    expect(q.discountSatang).toBe(Math.floor((q.staySatang * 33) / 100));
    expect(q).toMatchObject({ staySatang: 80_001, discountSatang: 26_400, totalSatang: 53_601 });
    await t.inject({ method: 'PATCH', url: `/api/stays/room-types/${room.id}`, token: admin, payload: { nightlyPriceSatang: 80_000 } });
  });

  it('an order keeps the code and its discount per line; its amount and deposit are the discounted ones', async () => {
    await make({ code: 'ALL-10', percentOff: 10, appliesTo: { passIds: ['week-single.muay-thai'], stays: true, pickups: true } });
    const q = (await quote(lines('all-10'))).json<OrderQuoteDto>();
    const res = await order(stayBody(lines().stay, { ...lines('all-10'), method: 'promptpay' }));
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    expect(o.amountSatang).toBe(q.totalSatang);
    expect(o.depositSatang).toBe(q.dueNowSatang);
    expect(o.discount).toEqual({
      code: 'ALL-10',
      discountSatang: q.discountSatang,
      trainingSatang: 15_000,
      staySatang: Math.floor(q.staySatang / 10),
      pickupSatang: 25_000,
    });
    // The lines show their price before the discount.
    expect(o.lines?.trainingSatang).toBe(150_000);
    const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` });
    expect(page.json<OrderDto>().discount?.code).toBe('ALL-10');
    const codes = (await t.inject({ method: 'GET', url: '/api/discount-codes', token: staff })).json<DiscountCodeDto[]>();
    expect(codes.find((c) => c.code === 'ALL-10')?.uses).toBe(1);
  });

  it('answers each refusal with its own code: invalid, expired (before and after its dates), used up', async () => {
    const pass = (code: string) => order({ ...orderBody({ startDate: checkIn }), code });
    await make({ code: 'LATER', percentOff: 10, appliesTo: { passIds: ['week-single.muay-thai'] }, validFrom: addDays(gymToday(), 2) });
    await make({ code: 'GONE', percentOff: 10, appliesTo: { passIds: ['week-single.muay-thai'] }, validTo: addDays(gymToday(), -1) });
    await make({ code: 'ONCE', percentOff: 10, appliesTo: { passIds: ['week-single.muay-thai'] }, maxUses: 1 });
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'discount_code_invalid'],
      ['later', 'discount_code_expired'],
      ['gone', 'discount_code_expired'],
    ];
    for (const [code, expected] of cases) {
      for (const res of [await quote({ passId: 'week-single.muay-thai', startDate: checkIn, language: 'en', code }), await pass(code)]) {
        expect(res.statusCode, code).toBe(400);
        expect(res.json(), code).toMatchObject({ code: expected });
      }
    }
    expect((await pass('once')).statusCode).toBe(201);
    const used = await pass('ONCE');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'discount_code_used_up', error: 'This discount code has been used up.' });
    expect((await quote({ passId: 'week-single.muay-thai', startDate: checkIn, language: 'en', code: 'once' })).json().code).toBe('discount_code_used_up');
    // An empty code is no code.
    expect((await pass('')).statusCode).toBe(201);
  });
});
