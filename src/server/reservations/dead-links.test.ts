import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSession } from '../../../tests/helpers/sessions';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newToken } from '../auth/tokens';
import { renderedRow } from '../mail/delivery/outbox-parts';

// Issue 47 point 3 (decision 184): every manage link the site mailed opens a page that says what
// became of the booking: cancelled by the traveller, by staff, by the gym (a session called off,
// a closure, a session moved), or over (attended or not). The confirmation's link keeps working
// after the gym's cancel mailed a new one (read only). After an erase, 410 with state 'erased'.
// Only a token the site never gave is 404.

const TOKEN_RE = /\/booking\/manage\/([A-Za-z0-9_-]{43})/g;

describe.each(backends)('no dead manage link on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let n = 0;

  const db = () => t.app.ctx.db;
  const get = (token: string) => t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
  const post = (token: string, action: 'cancel' | 'move', payload: object = {}) =>
    t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/${action}`, payload });
  /** Every manage token mailed to an address, oldest first. */
  const tokensTo = async (email: string) =>
    (await db().selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute()).flatMap((r) =>
      [...renderedRow(t.config, r).text_body.matchAll(TOKEN_RE)].map((x) => x[1]),
    );
  const occurrence = async (course: string, daysAhead: number) => {
    const s = nextSession(course, { daysAhead });
    const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${s.date}&days=1` })).json().sessions as {
      id: string;
      course: string;
      time: string;
    }[];
    const found = list.find((x) => x.course === course && x.time === s.time)!;
    return { ...s, id: found.id, weeklySessionId: Number(found.id.split(':')[0]) };
  };
  /** Books a session and answers the row id, the address and the confirmation's token. */
  const book = async (course: string, daysAhead: number) => {
    n += 1;
    const s = await occurrence(course, daysAhead);
    const email = `dead${n}-${backend}@example.com`;
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: `Dead ${n}`, email, phone: null, course, dateTime: s.startsAt, message: null, language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email, token: (await tokensTo(email))[0], session: s };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.ctx.mail.stop();
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a booking to come reads as upcoming; a token never given is 404', async () => {
    const b = await book('Wrestling', 3);
    const page = await get(b.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ state: 'booked', outcome: 'upcoming', link: 'current', canCancel: true, gymCause: null, moved: false });
    for (const wrong of [newToken(), 'short']) expect((await get(wrong)).statusCode).toBe(404);
  });

  it('cancelled by the traveller: the link says so, a second cancel or a move is 409, never 404', async () => {
    const b = await book('Wrestling', 4);
    expect((await post(b.token, 'cancel')).statusCode).toBe(200);
    const page = await get(b.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_customer', cancelledBy: 'customer', canCancel: false, canRebook: false });
    const again = await post(b.token, 'cancel');
    expect([again.statusCode, again.json().code]).toEqual([409, 'booking_cancelled']);
    const move = await post(b.token, 'move', { sessionId: b.session.id });
    expect([move.statusCode, move.json().code]).toEqual([409, 'booking_cancelled']);
  });

  it('cancelled by staff: the link says staff cancelled it', async () => {
    const b = await book('Luta Livre', 4);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${b.id}/cancel`, token: staff })).statusCode).toBe(200);
    const page = await get(b.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_staff', cancelledBy: 'staff', gymCause: null });
  });

  it('a session called off: the confirmation’s link and the new one both say so; only the new one books again', async () => {
    const b = await book('Brazilian Jiu Jitsu', 5);
    const off = await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${b.session.weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: b.session.date, reason: 'Coach is ill' },
    });
    expect(off.statusCode, off.body).toBe(201);
    const [first, fresh] = await tokensTo(b.email);
    expect(first).toBe(b.token);
    expect(fresh).not.toBe(first);
    const old = await get(first);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({
      state: 'cancelled',
      outcome: 'cancelled_by_gym',
      gymCause: 'session',
      cancelReason: 'Coach is ill',
      link: 'earlier',
      canRebook: false,
      canCancel: false,
    });
    expect((await get(fresh)).json()).toMatchObject({ outcome: 'cancelled_by_gym', gymCause: 'session', link: 'current', canRebook: true });
    // The earlier link reads only: its changes go through the newest link.
    const move = await post(first, 'move', { sessionId: b.session.id });
    expect([move.statusCode, move.json().code]).toEqual([409, 'link_superseded']);
  });

  it('a closure, and a session moved with its bookings cancelled: each says which', async () => {
    const c = await book('MMA Training', 6);
    const closed = await t.inject({
      method: 'POST',
      url: '/api/timetable/closures',
      token: staff,
      payload: { startDate: c.session.date, endDate: c.session.date, reason: 'Songkran' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await get(c.token)).json()).toMatchObject({ outcome: 'cancelled_by_gym', gymCause: 'closure', link: 'earlier' });

    const m = await book('Muay Thai Beginner', 8);
    const moved = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/weekly-sessions/${m.session.weeklySessionId}`,
      token: staff,
      payload: { startTime: '07:00', bookings: 'cancel' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get(m.token)).json()).toMatchObject({ outcome: 'cancelled_by_gym', gymCause: 'moved', link: 'earlier' });
    // Put back, for the other tests' sessions.
    await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${m.session.weeklySessionId}`, token: staff, payload: { startTime: '08:00' } });
  });

  it('a booking whose class is over says it took place, and whether the desk saw the traveller', async () => {
    const b = await book('Wrestling', 9);
    // The class happened two days ago (the clock of the row, not of the test).
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await db().updateTable('reservations').set({ date_time: past }).where('id', '=', b.id).execute();
    expect((await get(b.token)).json()).toMatchObject({ state: 'booked', outcome: 'took_place', attendance: null, started: true, canCancel: false });
    await db().updateTable('reservations').set({ attendance: 'present' }).where('id', '=', b.id).execute();
    expect((await get(b.token)).json()).toMatchObject({ outcome: 'took_place', attendance: 'present' });
    await db().updateTable('reservations').set({ attendance: 'no_show' }).where('id', '=', b.id).execute();
    expect((await get(b.token)).json()).toMatchObject({ outcome: 'took_place', attendance: 'no_show' });
  });

  it('after an erase, every link the person was mailed answers 410 "erased" and keeps nothing personal', async () => {
    const b = await book('Luta Livre', 10);
    await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${b.session.weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: b.session.date },
    });
    const links = await tokensTo(b.email);
    expect(links).toHaveLength(2);
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email: b.email } });
    expect(erased.statusCode, erased.body).toBe(200);
    for (const link of links) {
      const res = await get(link);
      expect([res.statusCode, res.json()]).toEqual([410, { error: expect.any(String), code: 'link_erased', state: 'erased' }]);
      expect((await post(link, 'cancel')).statusCode).toBe(410);
    }
    // What is kept: hashes, a kind and a date; no record names the person's links any more.
    const kept = await db().selectFrom('retired_links').selectAll().where('record_id', '=', b.id).execute();
    expect(kept).toEqual([]);
    const all = JSON.stringify(await db().selectFrom('retired_links').selectAll().execute());
    expect(all).not.toContain(b.email);
    for (const link of links) expect(all).not.toContain(link);
    // A token never given is still 404.
    expect((await get(newToken())).statusCode).toBe(404);
  });
});
