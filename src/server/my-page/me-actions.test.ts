import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { MePageDto } from '../../shared/api-types';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { customer, signedIn } from '../../../tests/helpers/me-sign-in';
import { bookAs, manageTokensTo, meCall, occurrence, waitingPlace } from '../../../tests/helpers/me-records';
import { editSettings } from '../../../tests/helpers/orders';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { ALL_WEEK, gymInstant } from '../../../tests/helpers/trainers';
import type { PrivateLessonBookedDto } from '../../shared/api-types/private-lessons';
import type { TrainerDto } from '../../shared/api-types/trainers';
import { hashToken, newToken } from '../auth/tokens';

// Issue 47 point 2 (decision 187): every action of My page against its twin on the manage link or
// the order page: the same outcome and the same refusal, because both call one service function.
// And the pass pause's rules. On both databases.

const LETTER = { fullName: 'ANA LIMA', nationality: 'BR', passportNumber: 'FX123456', dateOfBirth: '1995-04-02', embassy: 'Royal Thai Embassy, Paris' };

describe.each(backends)("My page's actions on %s", (backend) => {
  let t: TestApp;
  let n = 0;
  const tz = () => t.app.ctx.config.timezone;
  const db = () => t.app.ctx.db;
  /** A new signed-in person: their address and cookie. */
  const person = async () => {
    n += 1;
    const email = `act${n}-${backend}@example.com`;
    await customer(t, email, 'Ana Lima');
    return { email, cookie: await signedIn(t, email) };
  };
  const bookingRow = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refusal = (res: { statusCode: number; json: () => { code?: string } }) => [res.statusCode, res.json().code];

  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, { startWorkers: false });
    await t.app.ctx.mail.stop();
  });
  afterAll(async () => {
    await t.close();
  });

  it('cancels a booking as its manage link does, and refuses a second cancel alike', async () => {
    const p = await person();
    const mine = await bookAs(t, p.email, 'Ana Lima', 'Wrestling', 3);
    const twin = await bookAs(t, p.email, 'Ana Lima', 'Luta Livre', 3);
    const fromPage = await meCall(t, p.cookie, 'POST', `/api/me/bookings/${mine.id}/cancel`);
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    const fromLink = await t.inject({ method: 'POST', url: `/api/bookings/manage/${twin.token}/cancel`, payload: {} });
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    const [a, b] = [await bookingRow(mine.id), await bookingRow(twin.id)];
    for (const row of [a, b]) expect({ status: row.status, by: row.cancelled_by }).toEqual({ status: 'cancelled', by: 'customer' });
    expect(fromPage.json<MePageDto>().bookings.upcoming.find((x) => x.id === mine.id)).toMatchObject({ status: 'cancelled', canCancel: false });
    const again = await meCall(t, p.cookie, 'POST', `/api/me/bookings/${mine.id}/cancel`);
    const againLink = await t.inject({ method: 'POST', url: `/api/bookings/manage/${twin.token}/cancel`, payload: {} });
    expect(refusal(again)).toEqual(refusal(againLink));
    expect(refusal(again)).toEqual([409, 'booking_cancelled']);
  });

  it('moves a booking as its manage link does (a new link mailed), and refuses an unknown session alike', async () => {
    const p = await person();
    const mine = await bookAs(t, p.email, 'Ana Lima', 'MMA Training', 3);
    const twin = await bookAs(t, p.email, 'Ana Lima', 'Wrestling', 3);
    const target = await occurrence(t, 'Brazilian Jiu Jitsu', 4);
    const before = (await manageTokensTo(t, p.email)).length;
    const fromPage = await meCall(t, p.cookie, 'POST', `/api/me/bookings/${mine.id}/move`, { sessionId: target.id });
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    const fromLink = await t.inject({ method: 'POST', url: `/api/bookings/manage/${twin.token}/move`, payload: { sessionId: target.id } });
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    for (const id of [mine.id, twin.id]) expect((await bookingRow(id)).session_date).toBe(target.date);
    // The moved e-mail of the page's move carries a new link that acts; the confirmation's reads only.
    const mailed = (await manageTokensTo(t, p.email)).slice(before);
    const fresh = mailed.find((tk) => tk !== twin.token)!;
    expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${fresh}` })).json().id).toBe(mine.id);
    expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${mine.token}` })).json().link).toBe('earlier');
    const bad = { sessionId: `${target.weeklySessionId}:${addDays(target.date, 400)}` };
    const refusedPage = await meCall(t, p.cookie, 'POST', `/api/me/bookings/${mine.id}/move`, bad);
    const refusedLink = await t.inject({ method: 'POST', url: `/api/bookings/manage/${twin.token}/move`, payload: bad });
    expect(refusal(refusedPage)).toEqual(refusal(refusedLink));
    expect(refusedPage.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('moves a private lesson as its link does (a new link mailed), with the same refusals', async () => {
    const admin = (await t.signIn('admin')).token;
    const made = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Page', disciplines: ['Muay Thai'] } });
    const trainer = made.json<TrainerDto>();
    await t.inject({ method: 'PUT', url: `/api/trainers/${trainer.id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
    const p = await person();
    const day = (k: number) => addDays(todayInZone(tz()), k);
    /** A lesson booked by the person, and its manage link (e-mailed only: set here). */
    const lesson = async (startsAt: string) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/private-lessons',
        payload: {
          trainerId: trainer.id,
          minutes: 60,
          discipline: 'Muay Thai',
          name: 'Ana Lima',
          email: p.email,
          language: 'en',
          guests: 1,
          method: 'desk',
          startsAt,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<PrivateLessonBookedDto>().lesson.id;
      const token = newToken();
      await db()
        .updateTable('reservations')
        .set({ manage_token_hash: hashToken(token) })
        .where('id', '=', id)
        .execute();
      return { id, token };
    };
    const [mine, twin] = [await lesson(gymInstant(day(20), '10:00')), await lesson(gymInstant(day(20), '14:00'))];
    const shown = await meCall(t, p.cookie, 'GET', '/api/me');
    expect(shown.json<MePageDto>().lessons.find((l) => l.id === mine.id)).toMatchObject({
      canCancel: true,
      lessonMove: { trainerId: trainer.id, minutes: 60 },
    });

    const moveFromPage = (id: number, startsAt: string) => meCall(t, p.cookie, 'POST', `/api/me/lessons/${id}/move`, { startsAt });
    const moveFromLink = (token: string, startsAt: string) =>
      t.inject({ method: 'POST', url: `/api/private-lessons/manage/${token}/move`, payload: { startsAt } });
    const before = (await manageTokensTo(t, p.email)).length;
    const fromPage = await moveFromPage(mine.id, gymInstant(day(21), '10:00'));
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    const fromLink = await moveFromLink(twin.token, gymInstant(day(21), '14:00'));
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    const moved = fromPage.json<MePageDto>().lessons.find((l) => l.id === mine.id)!;
    expect({ date: moved.gymDate, time: moved.gymTime }).toEqual({ date: day(21), time: '10:00' });
    for (const [id, time] of [
      [mine.id, '10:00'],
      [twin.id, '14:00'],
    ] as const)
      expect((await bookingRow(id)).date_time).toBe(gymInstant(day(21), time));
    // The page's move mails a new link that acts; the old one reads only. The link's own move keeps its link.
    const fresh = (await manageTokensTo(t, p.email)).slice(before).find((tk) => tk !== twin.token)!;
    expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${fresh}` })).json().id).toBe(mine.id);
    expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${mine.token}` })).json().link).toBe('earlier');
    expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${twin.token}` })).json().link).not.toBe('earlier');

    // Onto each other's new time: the trainer is busy, from both.
    const busyPage = await moveFromPage(mine.id, gymInstant(day(21), '14:00'));
    const busyLink = await moveFromLink(twin.token, gymInstant(day(21), '10:00'));
    expect(refusal(busyPage)).toEqual(refusal(busyLink));
    expect(refusal(busyPage)).toEqual([409, 'trainer_busy']);
    // Outside the trainer's hours: the same refusal.
    const nightPage = await moveFromPage(mine.id, gymInstant(day(22), '22:00'));
    expect(refusal(nightPage)).toEqual(refusal(await moveFromLink(twin.token, gymInstant(day(22), '22:00'))));
    expect(refusal(nightPage)).toEqual([409, 'lesson_slot_unavailable']);
    // Past the cancel deadline (late): neither moves it, and My page no longer offers it.
    const pastDeadline = new Date(Date.now() - 60_000).toISOString();
    await db().updateTable('reservations').set({ late_since: pastDeadline }).where('id', 'in', [mine.id, twin.id]).execute();
    const latePage = await moveFromPage(mine.id, gymInstant(day(23), '10:00'));
    expect(refusal(latePage)).toEqual(refusal(await moveFromLink(twin.token, gymInstant(day(23), '10:00'))));
    expect(refusal(latePage)).toEqual([409, 'class_started']);
    expect((await meCall(t, p.cookie, 'GET', '/api/me')).json<MePageDto>().lessons.find((l) => l.id === mine.id)?.lessonMove).toBeNull();
    // Cancelled: 409 from both; another person's lesson: 404, as if it did not exist.
    await db().updateTable('reservations').set({ late_since: null }).where('id', 'in', [mine.id, twin.id]).execute();
    const other = await person();
    expect((await meCall(t, other.cookie, 'POST', `/api/me/lessons/${mine.id}/move`, { startsAt: gymInstant(day(24), '10:00') })).statusCode).toBe(404);
    expect((await meCall(t, p.cookie, 'POST', `/api/me/bookings/${mine.id}/cancel`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/bookings/manage/${twin.token}/cancel`, payload: {} })).statusCode).toBe(200);
    const gonePage = await moveFromPage(mine.id, gymInstant(day(24), '10:00'));
    expect(refusal(gonePage)).toEqual(refusal(await moveFromLink(twin.token, gymInstant(day(24), '10:00'))));
    expect(refusal(gonePage)).toEqual([409, 'booking_cancelled']);
  });

  it('leaves a waiting list as its link does, and refuses an accept without an offer alike', async () => {
    const p = await person();
    const mine = await waitingPlace(t, p.email, 'Wrestling', 3);
    const twin = await waitingPlace(t, p.email, 'Luta Livre', 3);
    const acceptPage = await meCall(t, p.cookie, 'POST', `/api/me/waitlist/${mine.id}/accept`);
    const acceptLink = await t.inject({ method: 'POST', url: `/api/waitlist/${twin.token}/accept`, payload: {} });
    expect(refusal(acceptPage)).toEqual(refusal(acceptLink));
    expect(refusal(acceptPage)).toEqual([409, 'waitlist_offer_gone']);
    expect((await meCall(t, p.cookie, 'POST', `/api/me/waitlist/${mine.id}/leave`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/waitlist/${twin.token}/leave`, payload: {} })).statusCode).toBe(200);
    const rows = await db().selectFrom('waitlist_entries').select('status').where('id', 'in', [mine.id, twin.id]).execute();
    expect(rows.map((r) => r.status)).toEqual(['left', 'left']);
  });

  it("gives the pickup's flight and changes a stay's dates as the order page does, with its refusals", async () => {
    const p = await person();
    const today = todayInZone(tz());
    const room = await testRoomType(t.app.ctx, 3);
    const stay = (email: string) =>
      createStayOrder(db(), {
        roomTypeId: room.id,
        checkIn: addDays(today, 30),
        checkOut: addDays(today, 35),
        email,
        name: 'Ana Lima',
        pickup: { airport: 'HKT', flightNumber: null, arrivesAt: `${addDays(today, 30)}T10:00` },
      });
    const [mine, twin] = [await stay(p.email), await stay(p.email)];
    const flight = { flightNumber: 'TG 215', arrivesAt: `${addDays(today, 30)}T16:40` };
    const page = await meCall(t, p.cookie, 'PUT', `/api/me/orders/${mine.id}/flight`, flight);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<MePageDto>().stays.find((s) => s.orderId === mine.id)?.pickup).toEqual({
      airport: 'HKT',
      flightNumber: 'TG 215',
      arrivesAt: flight.arrivesAt,
    });
    expect((await t.inject({ method: 'PUT', url: `/api/orders/by-token/${twin.token}/flight`, payload: flight })).statusCode).toBe(200);
    const past = { flightNumber: 'TG 215', arrivesAt: `${addDays(today, -1)}T10:00` };
    expect(refusal(await meCall(t, p.cookie, 'PUT', `/api/me/orders/${mine.id}/flight`, past))).toEqual(
      refusal(await t.inject({ method: 'PUT', url: `/api/orders/by-token/${twin.token}/flight`, payload: past })),
    );
    const dates = { checkIn: addDays(today, 31), checkOut: addDays(today, 36) };
    const moved = await meCall(t, p.cookie, 'POST', `/api/me/orders/${mine.id}/stay-dates`, dates);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/orders/by-token/${twin.token}/stay-dates`, payload: dates })).statusCode).toBe(200);
    const stays = await db().selectFrom('order_stays').select(['order_id', 'check_in']).where('order_id', 'in', [mine.id, twin.id]).execute();
    expect(stays.map((s) => s.check_in)).toEqual([dates.checkIn, dates.checkIn]);
    // A pass-only order has no stay: 409 no_stay from both.
    const pass = await createTestOrder(db(), { kind: 'day', days: 1, credits: 1, startDate: today, endDate: today, email: p.email, name: 'Ana Lima' });
    const noStayPage = await meCall(t, p.cookie, 'POST', `/api/me/orders/${pass.id}/stay-dates`, dates);
    expect(refusal(noStayPage)).toEqual(refusal(await t.inject({ method: 'POST', url: `/api/orders/by-token/${pass.token}/stay-dates`, payload: dates })));
    expect(noStayPage.statusCode).toBe(409);
  });

  it('requests a visa letter, gives the receipt and opens the order page to pay, as the order page does', async () => {
    const p = await person();
    const today = todayInZone(tz());
    const programme = (paid: number) =>
      createTestOrder(db(), {
        kind: 'programme',
        days: 90,
        credits: null,
        startDate: today,
        endDate: addDays(today, 89),
        email: p.email,
        name: 'Ana Lima',
        paidSatang: paid,
      });
    const [unpaid, unpaidTwin, paid, paidTwin] = [await programme(0), await programme(0), await programme(150_000), await programme(150_000)];
    const askPage = await meCall(t, p.cookie, 'POST', `/api/me/orders/${unpaid.id}/visa-letter`, LETTER);
    expect(refusal(askPage)).toEqual(refusal(await t.inject({ method: 'POST', url: `/api/orders/by-token/${unpaidTwin.token}/visa-letter`, payload: LETTER })));
    expect(askPage.statusCode).toBe(409);
    const letterOf = async (orderId: number) => (await meCall(t, p.cookie, 'GET', '/api/me')).json<MePageDto>().visaLetters.find((l) => l.orderId === orderId);
    expect(await letterOf(paid.id)).toMatchObject({ status: null, canRequest: true, pdfUrl: null });
    const asked = await meCall(t, p.cookie, 'POST', `/api/me/orders/${paid.id}/visa-letter`, LETTER);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual((await t.inject({ method: 'POST', url: `/api/orders/by-token/${paidTwin.token}/visa-letter`, payload: LETTER })).json());
    // Asked for: My page shows the request's state and never offers a second request.
    expect(await letterOf(paid.id)).toMatchObject({ status: 'requested', canRequest: false, pdfUrl: null });
    expect((await meCall(t, p.cookie, 'GET', `/api/me/orders/${paid.id}/visa-letter.pdf`)).statusCode).toBe(404);
    // Issued: the letter's PDF from My page, as from the order page (the same bytes, each download audited).
    const pdf = Buffer.from('%PDF-1.4 letter').toString('base64');
    for (const o of [paid, paidTwin])
      await db()
        .updateTable('visa_letters')
        .set({ status: 'issued', pdf, reference: `VL-${backend}-${o.id}`, valid_until: addDays(today, 89) })
        .where('order_id', '=', o.id)
        .execute();
    expect(await letterOf(paid.id)).toMatchObject({ status: 'issued', canRequest: false, pdfUrl: `/api/me/orders/${paid.id}/visa-letter.pdf` });
    const fromPage = await meCall(t, p.cookie, 'GET', `/api/me/orders/${paid.id}/visa-letter.pdf`);
    const fromOrderPage = await t.inject({ method: 'GET', url: `/api/orders/by-token/${paidTwin.token}/visa-letter.pdf` });
    expect([fromPage.statusCode, fromPage.headers['content-type']]).toEqual([fromOrderPage.statusCode, fromOrderPage.headers['content-type']]);
    expect(fromPage.rawPayload.toString()).toBe('%PDF-1.4 letter');
    const audited = await db()
      .selectFrom('audit_log')
      .select('route')
      .where('entity_type', '=', 'visa_letters')
      .where('route', '=', '/api/me/orders/:id/visa-letter.pdf')
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(1);
    const receipt = await meCall(t, p.cookie, 'GET', `/api/me/orders/${paid.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect(refusal(await meCall(t, p.cookie, 'GET', `/api/me/orders/${unpaid.id}/receipt.pdf`))).toEqual(
      refusal(await t.inject({ method: 'GET', url: `/api/orders/by-token/${unpaidTwin.token}/receipt.pdf` })),
    );
    // Pay: the order page, through a key of its own.
    const pay = await meCall(t, p.cookie, 'POST', `/api/me/orders/${unpaid.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const key = /\/order\/([A-Za-z0-9_-]{43})/.exec(pay.json().url)?.[1];
    expect(key, pay.json().url).toBeDefined();
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${key}` })).json().reference).toBeDefined();
    expect(refusal(await meCall(t, p.cookie, 'POST', `/api/me/orders/${paid.id}/pay`))).toEqual([409, 'order_closed']);
    // Another person's order: 404, as if it did not exist.
    const other = await person();
    expect((await meCall(t, other.cookie, 'POST', `/api/me/orders/${unpaid.id}/pay`)).statusCode).toBe(404);
    expect((await meCall(t, other.cookie, 'GET', `/api/me/orders/${paid.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await meCall(t, other.cookie, 'GET', `/api/me/orders/${paid.id}/visa-letter.pdf`)).statusCode).toBe(404);
  });

  it("pauses a pass within the owner's days, moving its last gym day; refuses 0, beyond the total, the past and an unpaid pass", async () => {
    const p = await person();
    const today = todayInZone(tz());
    const end = addDays(today, 29);
    const pass = await createTestOrder(db(), { kind: 'days-single', days: 30, credits: 10, startDate: today, endDate: end, email: p.email, name: 'Ana Lima' });
    const pause = (id: number, body: object) => meCall(t, p.cookie, 'POST', `/api/me/passes/${id}/pause`, body);
    expect(refusal(await pause(pass.id, { startsOn: today, days: 3 }))).toEqual([409, 'pause_not_allowed']);
    const admin = (await t.signIn('admin')).token;
    await editSettings(t, admin, (s) => void (s.members.pauseDays = 10));
    const first = await pause(pass.id, { startsOn: addDays(today, 2), days: 7 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<MePageDto>().passes.find((x) => x.orderId === pass.id)).toMatchObject({ endDate: addDays(end, 7), pausedDays: 7, pauseDaysLeft: 3 });
    expect(refusal(await pause(pass.id, { startsOn: today, days: 4 }))).toEqual([409, 'pause_over_limit']);
    expect(refusal(await pause(pass.id, { startsOn: addDays(today, -1), days: 1 }))).toEqual([409, 'pause_in_past']);
    expect((await pause(pass.id, { startsOn: today, days: 3 })).statusCode).toBe(200);
    const row = await db().selectFrom('orders').select('end_date').where('id', '=', pass.id).executeTakeFirstOrThrow();
    expect(row.end_date).toBe(addDays(end, 10));
    const unpaid = await createTestOrder(db(), {
      kind: 'days-single',
      days: 30,
      credits: 10,
      startDate: today,
      endDate: end,
      email: p.email,
      name: 'Ana Lima',
      paidSatang: 0,
    });
    expect(refusal(await pause(unpaid.id, { startsOn: today, days: 1 }))).toEqual([409, 'pass_not_pausable']);
    const other = await person();
    expect((await meCall(t, other.cookie, 'POST', `/api/me/passes/${pass.id}/pause`, { startsOn: today, days: 1 })).statusCode).toBe(404);
    await editSettings(t, admin, (s) => void (s.members.pauseDays = 0));
  });
});
