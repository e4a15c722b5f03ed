import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { MePageDto } from '../../shared/api-types';
import { nowIso } from '../db/database';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { customer, me, signedIn } from '../../../tests/helpers/me-sign-in';
import { bookAs, meCall, waitingPlace } from '../../../tests/helpers/me-records';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';

// Issue 47 point 2: GET /api/me answers each kind of the person's records, and nothing of
// another person's, not even a booking a friend made for the two of them. On both databases.

describe.each(backends)('My page: the records on %s', (backend) => {
  let t: TestApp;
  const tz = () => t.app.ctx.config.timezone;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, { startWorkers: false });
    await t.app.ctx.mail.stop();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without the cookie, for the page and for an action', async () => {
    expect((await me(t)).statusCode).toBe(401);
    const res = await t.inject({ method: 'POST', url: '/api/me/bookings/1/cancel', payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me/orders/1/receipt.pdf' })).statusCode).toBe(401);
  });

  it("lists each kind of the person's records, and none of another person's", async () => {
    const db = t.app.ctx.db;
    const ana = `ana-${backend}@example.com`;
    const bob = `bob-${backend}@example.com`;
    const anaRow = await customer(t, ana, 'Ana Lima');
    await customer(t, bob, 'Bob Friend');
    const today = todayInZone(tz());

    const upcoming = await bookAs(t, ana, 'Ana Lima', 'Wrestling', 3);
    const earlier = await bookAs(t, ana, 'Ana Lima', 'Luta Livre', 4);
    // A class she took: the same booking, its time moved into the past.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await db.updateTable('reservations').set({ date_time: yesterday }).where('id', '=', earlier.id).execute();
    // A private lesson (no weekly session).
    const lesson = await db
      .insertInto('reservations')
      .values({
        name: 'Ana Lima',
        email: ana,
        phone: null,
        course: 'Private lesson',
        date_time: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        message: null,
        status: 'unread',
        created_at: nowIso(),
        weekly_session_id: null,
        session_date: null,
        manage_token_hash: null,
        attendance: null,
        cancelled_at: null,
        reminder_queued_at: null,
        status_before_archive: null,
        customer_id: anaRow.id,
        cancelled_by: null,
        cancel_reason: null,
        free_cancel_until: null,
        waived_at: null,
        waived_by: null,
        waive_reason: null,
        late_since: null,
        gym_cause: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const place = await waitingPlace(t, ana);
    const pass = await createTestOrder(db, {
      kind: 'days-single',
      days: 30,
      credits: 10,
      startDate: today,
      endDate: addDays(today, 29),
      email: ana,
      name: 'Ana Lima',
    });
    const room = await testRoomType(t.app.ctx, 2);
    const stay = await createStayOrder(db, {
      roomTypeId: room.id,
      checkIn: addDays(today, 10),
      checkOut: addDays(today, 17),
      email: ana,
      name: 'Ana Lima',
      pickup: { airport: 'HKT', flightNumber: 'TG 201', arrivesAt: `${addDays(today, 10)}T14:30` },
      paidSatang: 100_000,
    });
    const programme = await createTestOrder(db, {
      kind: 'programme',
      days: 90,
      credits: null,
      startDate: today,
      endDate: addDays(today, 89),
      email: ana,
      name: 'Ana Lima',
    });
    await db
      .insertInto('visa_letters')
      .values({
        order_id: programme.id,
        status: 'requested',
        full_name: 'ANA LIMA',
        nationality: 'BR',
        passport_number: 'X1',
        date_of_birth: '1995-01-01',
        embassy: 'Paris',
        language: 'en',
        purge_after: addDays(today, 365),
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();

    // Bob's own booking, and the one he made for the two of them (his name and address on it).
    const bobs = await bookAs(t, bob, 'Bob Friend', 'Wrestling', 3);
    const forTwo = await bookAs(t, bob, 'Bob Friend and Ana Lima', 'MMA Training', 5);
    const bobPass = await createTestOrder(db, { kind: 'day', days: 1, credits: 1, startDate: today, endDate: today, email: bob });

    const res = await me(t, await signedIn(t, ana));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<MePageDto>();
    expect(page.person).toEqual({ name: 'Ana Lima', email: ana });
    expect(page.bookings.upcoming.map((b) => b.id)).toEqual([upcoming.id]);
    expect(page.bookings.upcoming[0]).toMatchObject({
      kind: 'class',
      course: 'Wrestling',
      canCancel: true,
      canMove: true,
      gymDate: upcoming.session.date,
      gymTime: upcoming.session.time,
    });
    expect(page.bookings.past.map((b) => b.id)).toEqual([earlier.id]);
    expect(page.bookings.past[0].canCancel).toBe(false);
    expect(page.lessons.map((l) => l.id)).toEqual([lesson.id]);
    expect(page.waitlist).toEqual([expect.objectContaining({ id: place.id, status: 'waiting', position: 1 })]);
    expect(page.passes.find((p) => p.orderId === pass.id)).toMatchObject({
      credits: 10,
      creditsLeft: 10,
      endDate: addDays(today, 29),
      weeklyLimit: null,
      pausedDays: 0,
    });
    const stayOrder = page.orders.find((o) => o.id === stay.id)!;
    expect(stayOrder).toMatchObject({ paidSatang: 100_000, canPay: true, receiptUrl: null });
    expect(stayOrder.balanceSatang).toBe(stay.amountSatang - 100_000);
    expect(page.orders.find((o) => o.id === pass.id)).toMatchObject({ state: 'paid', canPay: false, receiptUrl: `/api/me/orders/${pass.id}/receipt.pdf` });
    expect(page.stays).toEqual([
      {
        orderId: stay.id,
        roomType: room.name,
        room: null,
        checkIn: addDays(today, 10),
        checkOut: addDays(today, 17),
        guests: 1,
        pickup: { airport: 'HKT', flightNumber: 'TG 201', arrivesAt: `${addDays(today, 10)}T14:30` },
      },
    ]);
    // Asked for: its state, and no second request offered (issue 47 point 2).
    expect(page.visaLetters).toEqual([
      { orderId: programme.id, programme: expect.any(String), status: 'requested', validUntil: null, canRequest: false, pdfUrl: null },
    ]);
    expect(page.waiver).toEqual({ required: expect.any(Boolean), signedVersion: null, signedAt: null });
    expect(page.checkInCode).toMatch(/\S+-\S+/);
    expect(page.pauseDays).toBe(0);

    // Nothing of Bob: not his bookings, not the one for two, not his pass, not his name or address.
    const ids = [...page.bookings.upcoming, ...page.bookings.past, ...page.lessons].map((b) => b.id);
    for (const id of [bobs.id, forTwo.id]) expect(ids).not.toContain(id);
    expect(page.orders.map((o) => o.id)).not.toContain(bobPass.id);
    expect(res.body).not.toContain('Bob');
    expect(res.body).not.toContain(bob);
    // A staff token opens nothing here.
    expect((await me(t, undefined, (await t.signIn('admin')).token)).statusCode).toBe(401);
  });

  it("a record merged into the person's shows on their page; an action on another person's record is 404", async () => {
    const db = t.app.ctx.db;
    const kept = await customer(t, `kept-${backend}@example.com`, 'Kept One');
    const old = `old-${backend}@example.com`;
    const oldRow = await customer(t, old, 'Kept One');
    const booked = await bookAs(t, old, 'Kept One', 'Brazilian Jiu Jitsu', 6);
    await db.updateTable('customers').set({ merged_into_id: kept.id }).where('id', '=', oldRow.id).execute();
    const cookie = await signedIn(t, `kept-${backend}@example.com`);
    const page = (await me(t, cookie)).json<MePageDto>();
    expect(page.bookings.upcoming.map((b) => b.id)).toContain(booked.id);
    const stranger = await bookAs(t, `stranger-${backend}@example.com`, 'Stranger', 'Wrestling', 3);
    const res = await meCall(t, cookie, 'POST', `/api/me/bookings/${stranger.id}/cancel`);
    expect(res.statusCode).toBe(404);
    expect((await db.selectFrom('reservations').select('status').where('id', '=', stranger.id).executeTakeFirstOrThrow()).status).not.toBe('cancelled');
  });
});
