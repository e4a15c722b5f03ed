import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityDto, RoomTypeDto } from '../../src/shared/api-types/stays';
import { addDays } from '../../src/shared/gym-time';
import { takeNights } from '../../src/server/room-nights/room-nights.repository';
import { gymToday } from '../helpers/orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 36 points 1 and 2: "Hébergement" defines room types (admins only), and anyone asks what
// is free for their dates and what the whole stay costs. On both databases.

const BUNGALOW = {
  name: 'Garden bungalow',
  description: 'Air-conditioned, private bathroom',
  translations: { fr: { name: 'Bungalow jardin', description: 'Climatisé, salle de bain privée' }, th: { name: 'บังกะโลสวน' } },
  beds: '1 lit double',
  maxGuests: 2,
  rooms: 3,
  nightlyPriceSatang: 120_000,
  weeklyPriceSatang: 700_000,
  monthlyPriceSatang: 2_400_000,
};

describe.each(backends)('stays on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let bungalow: RoomTypeDto;
  let dorm: RoomTypeDto;
  const start = addDays(gymToday(), 10);

  const availability = async (query: string) => t.inject({ method: 'GET', url: `/api/stays/availability?${query}` });
  const stay = async (checkIn: string, checkOut: string, extra = '') => {
    const res = await availability(`checkIn=${checkIn}&checkOut=${checkOut}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AvailabilityDto>();
  };
  const of = (a: AvailabilityDto, id: number) => a.roomTypes.find((r) => r.id === id);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const created = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload: BUNGALOW });
    expect(created.statusCode, created.body).toBe(201);
    bungalow = created.json();
    const dormRes = await t.inject({
      method: 'POST',
      url: '/api/stays/room-types',
      token: admin,
      payload: { name: 'Fan room', maxGuests: 1, rooms: 2, roomLabels: ['A', 'B'], nightlyPriceSatang: 50_000 },
    });
    expect(dormRes.statusCode, dormRes.body).toBe(201);
    dorm = dormRes.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('room types (admin only)', () => {
    it('creates a room type with its rooms numbered, or named as asked', () => {
      expect(bungalow).toMatchObject({ ...BUNGALOW, version: 1, photos: [] });
      expect(bungalow.roomList.map((r) => r.label)).toEqual(['1', '2', '3']);
      expect(dorm).toMatchObject({ rooms: 2, weeklyPriceSatang: null, monthlyPriceSatang: null, description: '' });
      expect(dorm.roomList.map((r) => r.label)).toEqual(['A', 'B']);
    });

    it('lists them for admins only: staff get 403, anyone else 401', async () => {
      const list = await t.inject({ method: 'GET', url: '/api/stays/room-types', token: admin });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ roomTypes: RoomTypeDto[] }>().roomTypes.map((r) => r.id)).toEqual(expect.arrayContaining([bungalow.id, dorm.id]));
      expect((await t.inject({ method: 'GET', url: '/api/stays/room-types', token: staff })).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/stays/room-types' })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: '/api/stays/room-types', token: staff, payload: BUNGALOW })).statusCode).toBe(403);
      expect((await t.inject({ method: 'PATCH', url: `/api/stays/room-types/${bungalow.id}`, token: staff, payload: { maxGuests: 3 } })).statusCode).toBe(403);
    });

    it('refuses a room type without a nightly price, with a price in baht, or with labels that do not match the rooms', async () => {
      for (const payload of [
        { ...BUNGALOW, nightlyPriceSatang: undefined },
        { ...BUNGALOW, nightlyPriceSatang: 1200.5 },
        { ...BUNGALOW, weeklyPriceSatang: 0 },
        { ...BUNGALOW, maxGuests: 0 },
        { ...BUNGALOW, rooms: 2, roomLabels: ['1'] },
        { ...BUNGALOW, rooms: 2, roomLabels: ['1', '1'] },
        { ...BUNGALOW, name: ' ' },
      ]) {
        const res = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('changes only the fields sent, adds and removes rooms, renames them, and refuses a stale version', async () => {
      const created = (
        await t.inject({
          method: 'POST',
          url: '/api/stays/room-types',
          token: admin,
          payload: { name: 'Suite', maxGuests: 4, rooms: 2, nightlyPriceSatang: 300_000 },
        })
      ).json<RoomTypeDto>();
      const more = await t.inject({
        method: 'PATCH',
        url: `/api/stays/room-types/${created.id}`,
        token: admin,
        payload: { rooms: 4, weeklyPriceSatang: 1_800_000, version: 1 },
      });
      expect(more.statusCode, more.body).toBe(200);
      expect(more.json()).toMatchObject({ name: 'Suite', rooms: 4, weeklyPriceSatang: 1_800_000, version: 2 });
      expect(more.json<RoomTypeDto>().roomList.map((r) => r.label)).toEqual(['1', '2', '3', '4']);
      const stale = await t.inject({ method: 'PATCH', url: `/api/stays/room-types/${created.id}`, token: admin, payload: { rooms: 1, version: 1 } });
      expect(stale.statusCode).toBe(409);
      const renamed = await t.inject({
        method: 'PATCH',
        url: `/api/stays/room-types/${created.id}`,
        token: admin,
        payload: { roomLabels: ['Teak', '1'], weeklyPriceSatang: null },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ rooms: 2, weeklyPriceSatang: null, version: 3 });
      expect(renamed.json<RoomTypeDto>().roomList.map((r) => r.label)).toEqual(['Teak', '1']);
      expect((await t.inject({ method: 'PATCH', url: '/api/stays/room-types/999999', token: admin, payload: { rooms: 1 } })).statusCode).toBe(404);
    });
  });

  describe('availability and price (public)', () => {
    it('prices each stay at the best of the nightly, weekly and monthly rates', async () => {
      const price = async (nights: number) => of(await stay(start, addDays(start, nights)), bungalow.id)!.priceSatang;
      expect(await price(1)).toBe(120_000);
      expect(await price(3)).toBe(360_000);
      // 6 nights (720,000) cost more than a week: the week is charged.
      expect(await price(6)).toBe(700_000);
      expect(await price(7)).toBe(700_000);
      expect(await price(9)).toBe(940_000);
      expect(await price(30)).toBe(2_400_000);
      expect(await price(37)).toBe(3_100_000);
      expect(await price(60)).toBe(4_800_000);
      // Nightly only: every night at its price.
      expect(of(await stay(start, addDays(start, 37)), dorm.id)).toMatchObject({ priceSatang: 37 * 50_000, nights: 37 });
    });

    it('answers in the language asked, English when the translation is missing, and only types that hold the guests', async () => {
      const fr = await stay(start, addDays(start, 2), '&language=fr&guests=2');
      expect(of(fr, bungalow.id)).toMatchObject({
        name: 'Bungalow jardin',
        description: 'Climatisé, salle de bain privée',
        maxGuests: 2,
        roomsLeft: 3,
        nights: 2,
      });
      expect(of(fr, dorm.id)).toBeUndefined();
      const th = await stay(start, addDays(start, 2), '&language=th');
      expect(of(th, bungalow.id)).toMatchObject({ name: 'บังกะโลสวน', description: BUNGALOW.description });
      expect(of(th, dorm.id)).toMatchObject({ name: 'Fan room', roomsLeft: 2 });
      expect((await availability(`checkIn=${start}&checkOut=${addDays(start, 2)}&guests=3`)).json<AvailabilityDto>().roomTypes.map((r) => r.id)).not.toContain(
        bungalow.id,
      );
    });

    it('counts the rooms left over the whole stay (the fewest over its nights), check-out day not being a night', async () => {
      const from = addDays(start, 100);
      const take = (checkIn: string, checkOut: string) => t.app.ctx.db.transaction().execute((trx) => takeNights(trx, bungalow.id, checkIn, checkOut));
      expect(await take(addDays(from, 2), addDays(from, 3))).toBe(true);
      expect(await take(addDays(from, 2), addDays(from, 4))).toBe(true);
      expect(of(await stay(from, addDays(from, 5)), bungalow.id)!.roomsLeft).toBe(1);
      expect(of(await stay(from, addDays(from, 2)), bungalow.id)!.roomsLeft).toBe(3);
      expect(of(await stay(addDays(from, 3), addDays(from, 4)), bungalow.id)!.roomsLeft).toBe(2);
      expect(of(await stay(addDays(from, 4), addDays(from, 9)), bungalow.id)!.roomsLeft).toBe(3);
      expect(await take(addDays(from, 2), addDays(from, 3))).toBe(true);
      expect(of(await stay(from, addDays(from, 5)), bungalow.id)!.roomsLeft).toBe(0);
      expect(await take(addDays(from, 2), addDays(from, 3))).toBe(false);
    });

    it('a room closed for repairs is not offered on its nights; a closure of a sold-out night is refused; reopening frees it', async () => {
      const from = addDays(start, 120);
      const close = await t.inject({
        method: 'POST',
        url: '/api/stays/closures',
        token: admin,
        payload: { roomId: dorm.roomList[0].id, firstNight: addDays(from, 1), lastNight: addDays(from, 2), reason: 'Peinture' },
      });
      expect(close.statusCode, close.body).toBe(201);
      expect(of(await stay(from, addDays(from, 1)), dorm.id)!.roomsLeft).toBe(2);
      expect(of(await stay(from, addDays(from, 2)), dorm.id)!.roomsLeft).toBe(1);
      expect(of(await stay(addDays(from, 3), addDays(from, 4)), dorm.id)!.roomsLeft).toBe(2);
      const list = await t.inject({ method: 'GET', url: `/api/stays/closures?from=${from}`, token: admin });
      expect(list.json().closures).toEqual([expect.objectContaining({ id: close.json().id, roomLabel: 'A', roomTypeId: dorm.id, reason: 'Peinture' })]);
      // The other room sold on the closed nights: closing it too is refused.
      expect(await t.app.ctx.db.transaction().execute((trx) => takeNights(trx, dorm.id, addDays(from, 1), addDays(from, 2)))).toBe(true);
      const second = await t.inject({
        method: 'POST',
        url: '/api/stays/closures',
        token: admin,
        payload: { roomId: dorm.roomList[1].id, firstNight: addDays(from, 1), lastNight: addDays(from, 1) },
      });
      expect(second.statusCode).toBe(409);
      expect(
        (
          await t.inject({
            method: 'POST',
            url: '/api/stays/closures',
            token: staff,
            payload: { roomId: dorm.roomList[1].id, firstNight: from, lastNight: from },
          })
        ).statusCode,
      ).toBe(403);
      expect((await t.inject({ method: 'DELETE', url: `/api/stays/closures/${close.json().id}`, token: admin })).statusCode).toBe(204);
      expect(of(await stay(from, addDays(from, 2)), dorm.id)!.roomsLeft).toBe(1);
      expect(of(await stay(addDays(from, 2), addDays(from, 3)), dorm.id)!.roomsLeft).toBe(2);
    });

    it('refuses a check-in before today (gym time), a check-out not after check-in, and stays over 180 nights', async () => {
      const today = gymToday();
      expect((await availability(`checkIn=${addDays(today, -1)}&checkOut=${addDays(today, 2)}`)).statusCode).toBe(400);
      expect((await availability(`checkIn=${today}&checkOut=${addDays(today, 1)}`)).statusCode).toBe(200);
      expect((await availability(`checkIn=${start}&checkOut=${start}`)).statusCode).toBe(400);
      expect((await availability(`checkIn=${start}&checkOut=${addDays(start, -1)}`)).statusCode).toBe(400);
      expect((await availability(`checkIn=${start}&checkOut=${addDays(start, 181)}`)).statusCode).toBe(400);
      expect((await stay(start, addDays(start, 180))).nights).toBe(180);
      expect((await availability(`checkIn=2030-02-30&checkOut=2030-03-02`)).statusCode).toBe(400);
      expect((await availability(`checkIn=${start}`)).statusCode).toBe(400);
      expect((await availability(`checkIn=${start}&checkOut=${addDays(start, 1)}&guests=0`)).statusCode).toBe(400);
    });
  });
});
