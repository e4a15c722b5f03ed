import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardTodayDto } from '../../shared/api-types';
import { addDays, todayInZone, zonedToInstant } from '../../shared/gym-time';
import { bookingPayload, contactPayload } from '../../../tests/helpers/factories';
import { GYM_TIME_ZONE, nextSession } from '../../../tests/helpers/sessions';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { ALL_WEEK } from '../../../tests/helpers/trainers';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { insertHeldMail, insertInboundMail } from '../inbound/inbound.repository';
import { runOffers } from '../waitlist/waitlist-offers';

// Issue 46 point 3: GET /api/dashboard/today, the desk's day. Everything is dated on a coming gym
// day D (never a Sunday); the app's clock is then set just before and at D's first instant in
// GYM_TIMEZONE, so each part shows D's items exactly from that instant. On both databases.

describe.each(backends)('GET /api/dashboard/today on %s', (backend) => {
  let t: TestApp;
  let clock: Date | null = null;
  let staff: string;
  let admin: string;
  const D = nextSession('Wrestling', { daysAhead: 2 }).date;
  const eve = addDays(D, -1);
  const startOfD = zonedToInstant(D, '00:00', GYM_TIME_ZONE);
  const ids = { arriving: 0, leaving: 0, arrivingEve: 0, deskOrder: 0, lesson: 0 };

  const get = async (token: string | undefined, at: Date | null) => {
    clock = at;
    const res = await t.inject({ method: 'GET', url: '/api/dashboard/today', token });
    clock = null;
    return res;
  };
  const read = async (at: Date | null) => {
    const res = await get(staff, at);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DashboardTodayDto>();
  };
  const sessionOf = async (course: string, time?: string) => {
    const s = await t.inject({ method: 'GET', url: `/api/sessions?from=${D}&days=1` });
    return s.json().sessions.find((x: { course: string; time: string }) => x.course === course && (!time || x.time === time)) as {
      weeklySessionId: number;
      startsAt: string;
    };
  };
  const book = async (course: string, email: string, dateTime: string) => {
    const r = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingPayload({ course, dateTime, name: email.split('@')[0], email }) });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, { now: () => clock ?? new Date(), startWorkers: false });
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;

    // Wrestling on D: one seat, taken, two people in line.
    const wrestling = await sessionOf('Wrestling');
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${wrestling.weeklySessionId}`, token: staff, payload: { capacity: 1 } }))
        .statusCode,
    ).toBe(200);
    await book('Wrestling', 'first@example.com', wrestling.startsAt);
    for (const who of ['ann', 'bob']) {
      const j = await t.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { course: 'Wrestling', dateTime: wrestling.startsAt, name: who, email: `${who}@example.com`, language: 'en' },
      });
      expect(j.statusCode, j.body).toBe(201);
    }
    // Luta Livre on D: one seat, freed by a cancel and offered to Cleo (12 hours from now).
    const luta = await sessionOf('Luta Livre');
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${luta.weeklySessionId}`, token: staff, payload: { capacity: 1 } })).statusCode,
    ).toBe(200);
    const seat = await book('Luta Livre', 'dan@example.com', luta.startsAt);
    const j = await t.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { course: 'Luta Livre', dateTime: luta.startsAt, name: 'Cleo Offer', email: 'cleo@example.com', language: 'en' },
    });
    expect(j.statusCode, j.body).toBe(201);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${seat}/cancel`, token: staff })).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);

    // Rooms: one stay arriving on D with a pickup, one leaving on D, one arriving the day before.
    const type = await testRoomType(t.app.ctx, 3, 'Garden bungalow');
    ids.arriving = (
      await createStayOrder(t.app.ctx.db, {
        roomTypeId: type.id,
        checkIn: D,
        checkOut: addDays(D, 4),
        name: 'Ana Arrival',
        pickup: { airport: 'HKT', flightNumber: 'TG 201', arrivesAt: `${D}T14:30` },
      })
    ).id;
    ids.leaving = (await createStayOrder(t.app.ctx.db, { roomTypeId: type.id, checkIn: eve, checkOut: D, name: 'Leo Leaving', paidSatang: 700_000 })).id;
    ids.arrivingEve = (
      await createStayOrder(t.app.ctx.db, { roomTypeId: type.id, checkIn: eve, checkOut: addDays(D, 2), name: 'Eve Early', paidSatang: 700_000 })
    ).id;

    // A private lesson at 11:00 on D.
    const trainer = (await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Dam', disciplines: ['Muay Thai'] } })).json();
    await t.inject({ method: 'PUT', url: `/api/trainers/${trainer.id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
    const lesson = await t.inject({
      method: 'POST',
      url: '/api/private-lessons',
      payload: {
        trainerId: trainer.id,
        startsAt: zonedToInstant(D, '11:00', GYM_TIME_ZONE).toISOString(),
        minutes: 60,
        discipline: 'Muay Thai',
        name: 'Lena Lesson',
        email: 'lena@example.com',
        language: 'en',
        guests: 1,
        method: 'desk',
      },
    });
    expect(lesson.statusCode, lesson.body).toBe(201);
    ids.lesson = lesson.json().lesson.id;

    // A pass sold at the desk, unpaid, starting the day before D: overdue from D on.
    const order = await t.inject({
      method: 'POST',
      url: '/api/desk/orders',
      token: staff,
      payload: { passId: 'month-single.mma', startDate: eve, name: 'Owen Owes', phone: '+66 81 111 2222', language: 'en' },
    });
    expect(order.statusCode, order.body).toBe(201);
    ids.deskOrder = order.json().id;

    // A contact message (an unread conversation) and a mail held back from an unverified sender.
    expect(
      (await t.inject({ method: 'POST', url: '/api/contact', payload: contactPayload({ name: 'Mia Message', email: 'mia@example.com' }) })).statusCode,
    ).toBe(201);
    await insertInboundMail(t.app.ctx.db, {
      message_key: 'held-1@mail.example',
      mailbox: 'INBOX',
      uid: 1,
      from_address: 'x@mail.example',
      subject: 'Refund',
      outcome: 'rejected',
      conversation_id: null,
      conversation_message_id: null,
      detail: 'dmarc=fail',
      sent_at: null,
      created_at: new Date().toISOString(),
    });
    await insertHeldMail(t.app.ctx.db, 'held-1@mail.example', {
      from_address: 'x@mail.example',
      from_name: null,
      subject: 'Refund',
      content: 'Send the money',
      reason: 'dmarc=fail',
      created_at: new Date().toISOString(),
      dismissed_at: null,
    });
  });
  afterAll(() => t?.close());

  it('answers staff and admins; 401 signed out; 403 to a trainer (their day is their own schedule)', async () => {
    expect((await get(undefined, null)).statusCode).toBe(401);
    const trainer = await t.signIn('trainer');
    expect((await get(trainer.token, null)).statusCode).toBe(403);
    expect((await get(admin, null)).statusCode).toBe(200);
    expect((await get(staff, null)).statusCode).toBe(200);
  });

  it('now: money awaited, the unread conversation, new contact, held mail and the offer out', async () => {
    const today = await read(null);
    expect(today.date).toBe(todayInZone(GYM_TIME_ZONE));
    // Nothing paid yet and not started: the desk's pass, Ana's stay and the lesson's order are awaited, not overdue.
    expect(today.money.awaitingPayment.count).toBe(3);
    expect(today.money.depositPaid).toEqual({ count: 0, satang: 0 });
    const [pass, stay] = await Promise.all(
      [ids.deskOrder, ids.arriving].map(async (id) => (await t.inject({ method: 'GET', url: `/api/orders/${id}`, token: staff })).json().owedSatang as number),
    );
    expect(today.money.awaitingPayment.satang).toBeGreaterThan(pass + stay);
    expect(today.money.overdue).toEqual({ count: 0, satang: 0, items: [] });
    expect(today.messages).toMatchObject({ unreadConversations: 1, newContacts: 1, heldMails: 1 });
    expect(today.messages.latest).toEqual([expect.objectContaining({ userName: 'Mia Message', unread: 1 })]);
    expect(today.offers).toEqual([expect.objectContaining({ name: 'Cleo Offer', course: 'Luta Livre', sessionDate: D })]);
    expect(Date.parse(today.offers[0].expiresAt!)).toBeGreaterThan(Date.now());
    // Nothing of D yet.
    expect(today.arrivals.map((s) => s.orderId)).not.toContain(ids.arriving);
    expect(today.lessons.map((l) => l.id)).not.toContain(ids.lesson);
  });

  it('the last instant of the eve is still the eve: its arrival, none of D’s items, the order not due yet', async () => {
    const day = await read(new Date(startOfD.getTime() - 1));
    expect(day.date).toBe(eve);
    expect(day.arrivals.map((s) => s.orderId).sort()).toEqual([ids.leaving, ids.arrivingEve].sort());
    expect(day.departures).toEqual([]);
    expect(day.pickups).toEqual([]);
    expect(day.lessons).toEqual([]);
    expect(day.money.overdue.count).toBe(0);
    for (const c of day.classes) expect(c.booked).toBe(0);
  });

  it('from D’s first instant: its classes with seats and the line, arrivals with the flight, departures, the lesson, the overdue order', async () => {
    const day = await read(startOfD);
    expect(day.date).toBe(D);
    expect(day.closed).toBe(false);
    const wrestling = day.classes.find((c) => c.course === 'Wrestling')!;
    expect(wrestling).toMatchObject({ booked: 1, capacity: 1, waiting: 2, offered: 0, cancelled: false });
    // The offer ran out (12 hours after it was made): neither counted nor listed.
    expect(day.classes.find((c) => c.course === 'Luta Livre')).toMatchObject({ offered: 0, waiting: 0 });
    expect(day.offers).toEqual([]);
    expect(day.classes.map((c) => c.time)).toEqual([...day.classes.map((c) => c.time)].sort());
    expect(day.arrivals).toEqual([
      expect.objectContaining({
        orderId: ids.arriving,
        name: 'Ana Arrival',
        roomTypeName: 'Garden bungalow',
        done: false,
        pickup: { airport: 'HKT', flightNumber: 'TG 201', arrivesAt: `${D}T14:30` },
      }),
    ]);
    expect(day.arrivals[0].owedSatang).toBeGreaterThan(0);
    expect(day.departures).toEqual([expect.objectContaining({ orderId: ids.leaving, name: 'Leo Leaving', owedSatang: 0 })]);
    expect(day.pickups).toEqual([expect.objectContaining({ orderId: ids.arriving, flightNumber: 'TG 201', arrivesAt: `${D}T14:30` })]);
    expect(day.lessons).toEqual([expect.objectContaining({ id: ids.lesson, time: '11:00', minutes: 60, trainerName: 'Kru Dam', name: 'Lena Lesson' })]);
    expect(day.money.overdue.count).toBe(1);
    expect(day.money.overdue.items).toEqual([expect.objectContaining({ orderId: ids.deskOrder, name: 'Owen Owes', dueDate: eve })]);
    expect(day.money.overdue.satang).toBe(day.money.overdue.items[0].owedSatang);
  });
});
