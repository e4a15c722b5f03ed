import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArrivalsBoardDto, OccupancyDto } from '../../shared/api-types/arrivals';
import { addDays } from '../../shared/gym-time';
import { parseCalendar } from '../../../tests/helpers/calendar';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { MailCalendarPart } from '../context';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { calendarText } from '../mail/templates/calendar';
import { addLedgerLine } from '../ledger/ledger.repository';
import { closeRoom } from './stays.service';

// The "Arrivées" board (issue 36 §5): a day's and the next day's arrivals, departures, guests in
// house and pickups with what is owed; a check-in gives a room, never one that holds another stay
// that night; the occupancy grid; the traveller's flight from the order page.

const D = '2031-07-14';

describe.each(backends)('the arrivals board on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.ctx.db;
  const board = async (date: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/stays/arrivals?date=${date}`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ArrivalsBoardDto>();
  };
  const checkIn = (orderId: number, roomId: number) => t.inject({ method: 'POST', url: `/api/stays/${orderId}/check-in`, token: staff, payload: { roomId } });

  it("answers the day's and the next day's arrivals, departures, guests in house, pickups and what is owed", async () => {
    const type = await testRoomType(t.app.ctx, 4, 'Sea view');
    const arriving = await createStayOrder(db(), {
      roomTypeId: type.id,
      checkIn: D,
      checkOut: addDays(D, 5),
      trainingSatang: 300_000,
      staySatang: 500_000,
      pickup: { airport: 'KBV', flightNumber: 'FD 3031', arrivesAt: `${D}T13:20`, amountSatang: 80_000 },
      paidSatang: 400_000,
      name: 'Arriving Today',
    });
    const tomorrow = await createStayOrder(db(), {
      roomTypeId: type.id,
      checkIn: addDays(D, 1),
      checkOut: addDays(D, 3),
      name: 'Arriving Tomorrow',
      paidSatang: 700_000,
    });
    const leaving = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, -4), checkOut: D, name: 'Leaving Today' });
    const staying = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, -2), checkOut: addDays(D, 4), name: 'In House' });
    await createStayOrder(db(), { roomTypeId: type.id, checkIn: D, checkOut: addDays(D, 2), name: 'Cancelled', cancelledAt: new Date().toISOString() });

    const b = await board(D);
    expect(b.days.map((d) => d.date)).toEqual([D, addDays(D, 1)]);
    const [today, next] = b.days;
    expect(today.arrivals.map((s) => s.name)).toEqual(['Arriving Today']);
    const a = today.arrivals[0];
    expect(a).toMatchObject({
      orderId: arriving.id,
      reference: arriving.reference,
      roomTypeName: 'Sea view',
      checkOut: addDays(D, 5),
      roomId: null,
      checkedInAt: null,
    });
    // The whole order owes 8,800 THB less the 4,000 paid.
    expect(a.owedSatang).toBe(880_000 - 400_000);
    expect(a.pickup).toEqual({ airport: 'KBV', flightNumber: 'FD 3031', arrivesAt: `${D}T13:20`, sequence: 0 });
    expect(today.departures.map((s) => s.orderId)).toEqual([leaving.id]);
    expect(today.staying.map((s) => s.orderId)).toEqual([staying.id]);
    expect(today.pickups).toMatchObject([{ orderId: arriving.id, flightNumber: 'FD 3031', name: 'Arriving Today' }]);
    expect(next.arrivals.map((s) => s.orderId)).toEqual([tomorrow.id]);
    expect(next.arrivals[0].owedSatang).toBe(0);
    expect(next.staying.map((s) => s.orderId).sort()).toEqual([arriving.id, staying.id].sort());
    expect(next.pickups).toEqual([]);
    // Every room, for the check-in's choice.
    expect(b.rooms.filter((r) => r.roomTypeId === type.id).map((r) => r.label)).toEqual(['1', '2', '3', '4']);

    // Check-in gives a room; the board shows who sits in which room.
    const room = type.roomList[1];
    expect((await checkIn(arriving.id, room.id)).statusCode).toBe(204);
    const after = (await board(D)).days[0].arrivals[0];
    expect(after.roomLabel).toBe('2');
    expect(after.checkedInAt).not.toBeNull();
    // A payment shows at once in what is owed.
    await addLedgerLine(db(), { orderId: arriving.id, kind: 'payment', method: 'cash', amountSatang: 480_000 });
    expect((await board(D)).days[0].arrivals[0].owedSatang).toBe(0);
  });

  it('refuses a room that holds another stay on one of the nights (409), and another type or a closed room', async () => {
    const type = await testRoomType(t.app.ctx, 3);
    const other = await testRoomType(t.app.ctx, 1);
    const [r1, r2, r3] = type.roomList;
    const first = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 10), checkOut: addDays(D, 14) });
    const overlapping = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 13), checkOut: addDays(D, 16) });
    const after = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 14), checkOut: addDays(D, 15) });
    expect((await checkIn(first.id, r1.id)).statusCode).toBe(204);
    const refused = await checkIn(overlapping.id, r1.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', error: expect.stringContaining(first.reference) });
    // Check-out day is not a night: the room is free for the stay that starts that day.
    expect((await checkIn(after.id, r1.id)).statusCode).toBe(204);
    expect((await checkIn(overlapping.id, r2.id)).statusCode).toBe(204);
    // Moving a stay to another room frees the first one.
    expect((await checkIn(first.id, r3.id)).statusCode).toBe(204);
    const moved = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 11), checkOut: addDays(D, 12) });
    expect((await checkIn(moved.id, r1.id)).statusCode).toBe(204);
    // Another type's room, a closed room, an unknown stay or room.
    expect((await checkIn(after.id, other.roomList[0].id)).statusCode).toBe(409);
    const late = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 20), checkOut: addDays(D, 22) });
    await closeRoom(t.app.ctx, { roomId: r2.id, firstNight: addDays(D, 21), lastNight: addDays(D, 21), reason: 'Plomberie' });
    expect((await checkIn(late.id, r2.id)).statusCode).toBe(409);
    expect((await checkIn(999_999, r2.id)).statusCode).toBe(404);
    expect((await checkIn(late.id, 999_999)).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: `/api/stays/${late.id}/check-in`, token: staff, payload: {} })).statusCode).toBe(400);
  });

  it('gives one room to one of many desks checking different stays into it at once', async () => {
    const type = await testRoomType(t.app.ctx, 8);
    const room = type.roomList[0];
    const stays = [];
    for (let i = 0; i < 8; i++) stays.push(await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 30 + (i % 2)), checkOut: addDays(D, 33) }));
    const answers = await Promise.all(stays.map((s) => checkIn(s.id, room.id)));
    expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const held = await db().selectFrom('room_stay_nights').select(['order_id']).where('room_id', '=', room.id).execute();
    expect(new Set(held.map((h) => h.order_id)).size).toBe(1);
    const given = await db().selectFrom('order_stays').select('room_id').where('room_id', '=', room.id).execute();
    expect(given).toHaveLength(1);
  });

  it('checks out once, after check-in; the room is free from today on', async () => {
    const type = await testRoomType(t.app.ctx, 1);
    const room = type.roomList[0];
    const stay = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 40), checkOut: addDays(D, 42) });
    const out = () => t.inject({ method: 'POST', url: `/api/stays/${stay.id}/check-out`, token: staff });
    expect((await out()).statusCode).toBe(409);
    expect((await checkIn(stay.id, room.id)).statusCode).toBe(204);
    expect((await out()).statusCode).toBe(204);
    expect((await out()).statusCode).toBe(409);
    const row = await db().selectFrom('order_stays').select(['checked_out_at', 'room_id']).where('order_id', '=', stay.id).executeTakeFirstOrThrow();
    expect(row.checked_out_at).not.toBeNull();
    // Its nights, all after today, are no longer the room's.
    expect(await db().selectFrom('room_stay_nights').select('night').where('order_id', '=', stay.id).execute()).toEqual([]);
  });

  it('answers the occupancy grid per room type: rooms taken and closed per night', async () => {
    const type = await testRoomType(t.app.ctx, 3, 'Grid type');
    const from = addDays(D, 60);
    await createStayOrder(db(), { roomTypeId: type.id, checkIn: from, checkOut: addDays(from, 3) });
    await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(from, 1), checkOut: addDays(from, 2) });
    await closeRoom(t.app.ctx, { roomId: type.roomList[2].id, firstNight: addDays(from, 2), lastNight: addDays(from, 4), reason: '' });
    const res = await t.inject({ method: 'GET', url: `/api/stays/occupancy?from=${from}&days=30`, token: staff });
    expect(res.statusCode).toBe(200);
    const grid = res.json<OccupancyDto>();
    expect(grid.dates).toHaveLength(30);
    expect(grid.dates[0]).toBe(from);
    expect(grid.dates[29]).toBe(addDays(from, 29));
    const row = grid.roomTypes.find((r) => r.id === type.id)!;
    expect(row.rooms).toBe(3);
    expect(row.nights.slice(0, 6)).toEqual([
      { taken: 1, closed: 0 },
      { taken: 2, closed: 0 },
      { taken: 1, closed: 1 },
      { taken: 0, closed: 1 },
      { taken: 0, closed: 1 },
      { taken: 0, closed: 0 },
    ]);
    // Today by default; the window is bounded.
    expect((await t.inject({ method: 'GET', url: '/api/stays/occupancy', token: staff })).json<OccupancyDto>().dates).toHaveLength(30);
    expect((await t.inject({ method: 'GET', url: '/api/stays/occupancy?days=400', token: staff })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/stays/occupancy' })).statusCode).toBe(401);
  });

  it('takes the flight from the order page: sequence bumped, updated calendar file e-mailed, staff pushed', async () => {
    const type = await testRoomType(t.app.ctx, 2);
    const o = await createStayOrder(db(), {
      roomTypeId: type.id,
      checkIn: addDays(D, 80),
      checkOut: addDays(D, 84),
      language: 'fr',
      pickup: { airport: 'HKT', flightNumber: null, arrivesAt: `${addDays(D, 80)}T09:00` },
    });
    const pushes: { title: string; url?: string; body: string }[] = [];
    const push = t.app.ctx.push;
    const original = push.notifyStaff.bind(push);
    push.notifyStaff = (p) => {
      pushes.push({ title: p.title, url: p.url, body: p.body });
      original(p);
    };
    try {
      const put = (payload: object, token = o.token) => t.inject({ method: 'PUT', url: `/api/orders/by-token/${token}/flight`, payload });
      const res = await put({ flightNumber: 'tg 215', arrivesAt: `${addDays(D, 80)}T16:45` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ airport: 'HKT', flightNumber: 'TG 215', arrivesAt: `${addDays(D, 80)}T16:45`, sequence: 1 });
      expect((await put({ flightNumber: 'TG 217', arrivesAt: `${addDays(D, 80)}T18:10` })).json().sequence).toBe(2);

      const mails = (await db().selectFrom('outbox').selectAll().where('to_address', '=', o.email).orderBy('id').execute()).map((r) =>
        renderedRow(t.config, r),
      );
      expect(mails).toHaveLength(2);
      expect(mails[1].subject).toBe(`Votre transfert depuis l’aéroport est mis à jour (${o.reference})`);
      expect(mails[1].text_body).toContain('TG 217');
      const ics = parseCalendar(calendarText(t.config, JSON.parse(mails[1].calendar!) as MailCalendarPart));
      expect(ics.uid).toBe(`pickup-${o.id}@gym.test`);
      expect(ics.sequence).toBe(2);
      expect(ics.summary).toBe('Transfert depuis l’aéroport Phuket International Airport (HKT) (vol TG 217)');
      expect(ics.start.toISOString()).toBe(new Date(`${addDays(D, 80)}T11:10:00Z`).toISOString());
      expect(pushes).toEqual([
        { title: 'Vol modifié', url: '/admin/arrivals', body: expect.stringContaining('TG 215') },
        { title: 'Vol modifié', url: '/admin/arrivals', body: expect.stringContaining('TG 217') },
      ]);

      // Refusals: a bad flight or time, a landing past, an unknown key, an order without pickup.
      expect((await put({ flightNumber: 'not a flight', arrivesAt: `${addDays(D, 80)}T16:45` })).statusCode).toBe(400);
      expect((await put({ flightNumber: 'TG 215', arrivesAt: `${addDays(D, 80)} 16:45` })).statusCode).toBe(400);
      expect((await put({ flightNumber: 'TG 215', arrivesAt: '2020-01-01T10:00' })).statusCode).toBe(400);
      expect((await put({ flightNumber: 'TG 215', arrivesAt: `${addDays(D, 80)}T16:45` }, 'no-such-token')).statusCode).toBe(404);
      const without = await createStayOrder(db(), { roomTypeId: type.id, checkIn: addDays(D, 90), checkOut: addDays(D, 91) });
      expect((await put({ flightNumber: 'TG 215', arrivesAt: `${addDays(D, 90)}T16:45` }, without.token)).statusCode).toBe(404);
    } finally {
      push.notifyStaff = original;
    }
  });
});
