import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/gym-time';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { closeRoom, createRoomType, reopenRoom, updateRoomType } from './stays.service';
import { releaseNights, takeNights } from '../room-nights/room-nights.repository';

// The nights of a room type are inventory (issue 36 §1): one conditional write per night, all the
// nights of a stay or none, never beyond the rooms open that night.

describe.each(backends)('room nights on %s', (backend) => {
  let t: TestApp;
  const db = () => t.app.ctx.db;
  const takenOn = async (roomTypeId: number, night: string) =>
    Number(
      (await db().selectFrom('room_nights').select('taken').where('room_type_id', '=', roomTypeId).where('night', '=', night).executeTakeFirst())?.taken ?? 0,
    );
  const roomType = async (rooms: number) =>
    (
      await createRoomType(t.app.ctx, {
        name: `Type ${rooms}-${Math.random()}`,
        description: '',
        translations: {},
        beds: '',
        maxGuests: 2,
        rooms,
        nightlyPriceSatang: 100_000,
        photos: [],
      })
    ).id;
  const take = (id: number, checkIn: string, checkOut: string) =>
    db()
      .transaction()
      .execute((trx) => takeNights(trx, id, checkIn, checkOut));

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 parallel takers for the last 2 rooms: exactly 2 get them, every night counted once', async () => {
    const id = await roomType(5);
    // Three of five rooms already sold for the stay's nights.
    for (let i = 0; i < 3; i++) expect(await take(id, '2030-03-01', '2030-03-04')).toBe(true);
    const attempts = Array.from({ length: 20 }, (_, i) =>
      db()
        .transaction()
        .execute(async (trx) => {
          // Overlapping stays that differ in length: 1 to 4 nights from the same check-in.
          const ok = await takeNights(trx, id, '2030-03-01', `2030-03-0${2 + (i % 3)}`);
          if (backend === 'postgres') await sql`select pg_sleep(0.01)`.execute(trx);
          return ok;
        }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(await takenOn(id, '2030-03-01')).toBe(5);
    expect(await takenOn(id, '2030-03-02')).toBeLessThanOrEqual(5);
    expect(await takenOn(id, '2030-03-03')).toBeLessThanOrEqual(5);
    // The check-out day of the first stays is not a night: 2030-03-04 is free.
    expect(await takenOn(id, '2030-03-04')).toBe(0);
    expect(await take(id, '2030-03-04', '2030-03-10')).toBe(true);
  });

  it('all nights or none: a full night in the middle leaves the others untouched', async () => {
    const id = await roomType(1);
    expect(await take(id, '2030-04-03', '2030-04-04')).toBe(true);
    expect(await take(id, '2030-04-01', '2030-04-06')).toBe(false);
    expect(await takenOn(id, '2030-04-01')).toBe(0);
    expect(await takenOn(id, '2030-04-02')).toBe(0);
    expect(await takenOn(id, '2030-04-03')).toBe(1);
    expect(await takenOn(id, '2030-04-05')).toBe(0);
    // A stay of no night takes nothing.
    expect(await take(id, '2030-04-10', '2030-04-10')).toBe(false);
  });

  it('nights taken in a transaction that rolls back are not taken', async () => {
    const id = await roomType(1);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await takeNights(trx, id, '2030-05-01', '2030-05-03')).toBe(true);
          throw new Error('order failed later');
        }),
    ).rejects.toThrow('order failed later');
    expect(await takenOn(id, '2030-05-01')).toBe(0);
    expect(await take(id, '2030-05-01', '2030-05-03')).toBe(true);
  });

  it('releaseNights gives the nights back, never below zero', async () => {
    const id = await roomType(1);
    expect(await take(id, '2030-06-01', '2030-06-04')).toBe(true);
    expect(await take(id, '2030-06-02', '2030-06-03')).toBe(false);
    await db()
      .transaction()
      .execute((trx) => releaseNights(trx, id, '2030-06-01', '2030-06-04'));
    expect(await takenOn(id, '2030-06-02')).toBe(0);
    await db()
      .transaction()
      .execute((trx) => releaseNights(trx, id, '2030-06-01', '2030-06-04'));
    expect(await takenOn(id, '2030-06-02')).toBe(0);
    expect(await take(id, '2030-06-02', '2030-06-03')).toBe(true);
  });

  it('a room closed for repairs is not sold on its nights', async () => {
    const id = await roomType(2);
    const [room] = await db().selectFrom('rooms').select('id').where('room_type_id', '=', id).orderBy('position').execute();
    await closeRoom(t.app.ctx, { roomId: room.id, firstNight: '2030-07-02', lastNight: '2030-07-03', reason: 'plomberie' });
    expect(await take(id, '2030-07-01', '2030-07-03')).toBe(true);
    // 07-02 has one open room, now taken; 07-01 still has one.
    expect(await take(id, '2030-07-02', '2030-07-03')).toBe(false);
    expect(await take(id, '2030-07-01', '2030-07-02')).toBe(true);
    expect(await take(id, '2030-07-04', '2030-07-05')).toBe(true);
    expect(await take(id, '2030-07-04', '2030-07-05')).toBe(true);
    expect(await take(id, '2030-07-04', '2030-07-05')).toBe(false);
  });

  it('a type with every room closed sells nothing, even a night never counted before', async () => {
    const id = await roomType(1);
    const [room] = await db().selectFrom('rooms').select('id').where('room_type_id', '=', id).execute();
    await closeRoom(t.app.ctx, { roomId: room.id, firstNight: '2030-08-01', lastNight: '2030-08-01', reason: '' });
    expect(await take(id, '2030-08-01', '2030-08-02')).toBe(false);
    expect(await takenOn(id, '2030-08-01')).toBe(0);
    expect(await take(id, '2030-08-02', '2030-08-03')).toBe(true);
  });

  it('a closure and a sale of the last room never both win', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await roomType(2);
      const [room] = await db().selectFrom('rooms').select('id').where('room_type_id', '=', id).orderBy('position').execute();
      const night = `2030-09-1${round}`;
      expect(await take(id, night, addDays(night, 1))).toBe(true);
      const [closed, sold] = await Promise.allSettled([
        closeRoom(t.app.ctx, { roomId: room.id, firstNight: night, lastNight: night, reason: '' }),
        db()
          .transaction()
          .execute(async (trx) => {
            const ok = await takeNights(trx, id, night, addDays(night, 1));
            if (backend === 'postgres') await sql`select pg_sleep(0.02)`.execute(trx);
            return ok;
          }),
      ]);
      const closureWon = closed.status === 'fulfilled';
      const saleWon = sold.status === 'fulfilled' && sold.value;
      expect(closureWon !== saleWon, `round ${round}: closure ${closed.status}, sale ${String(saleWon)}`).toBe(true);
      expect(await takenOn(id, night)).toBe(saleWon ? 2 : 1);
    }
  });

  it('a room closed twice on the same nights is refused; reopening or removing the room frees its nights', async () => {
    const id = await roomType(2);
    const rooms = await db().selectFrom('rooms').select('id').where('room_type_id', '=', id).orderBy('position').execute();
    const first = await closeRoom(t.app.ctx, { roomId: rooms[0].id, firstNight: '2030-10-01', lastNight: '2030-10-02', reason: '' });
    await expect(closeRoom(t.app.ctx, { roomId: rooms[0].id, firstNight: '2030-10-02', lastNight: '2030-10-03', reason: '' })).rejects.toMatchObject({
      statusCode: 409,
    });
    await closeRoom(t.app.ctx, { roomId: rooms[1].id, firstNight: '2030-10-02', lastNight: '2030-10-02', reason: '' });
    expect(await take(id, '2030-10-02', '2030-10-03')).toBe(false);
    await reopenRoom(t.app.ctx, first.id);
    expect(await take(id, '2030-10-02', '2030-10-03')).toBe(true);
    // The second room goes (one room left), and its closure with it: once the stay is given back,
    // 10-02 has its one room free again.
    await updateRoomType(t.app.ctx, id, { rooms: 1 });
    await db()
      .transaction()
      .execute((trx) => releaseNights(trx, id, '2030-10-02', '2030-10-03'));
    expect(await take(id, '2030-10-02', '2030-10-03')).toBe(true);
    expect(await take(id, '2030-10-02', '2030-10-03')).toBe(false);
  });

  it('a type cannot shrink below the rooms sold on one of its nights', async () => {
    const id = await roomType(3);
    expect(await take(id, '2030-11-01', '2030-11-02')).toBe(true);
    expect(await take(id, '2030-11-01', '2030-11-03')).toBe(true);
    await expect(updateRoomType(t.app.ctx, id, { rooms: 1 })).rejects.toMatchObject({ statusCode: 409 });
    expect((await updateRoomType(t.app.ctx, id, { rooms: 2 })).rooms).toBe(2);
    expect(await take(id, '2030-11-01', '2030-11-02')).toBe(false);
  });
});
