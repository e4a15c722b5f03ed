import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '../../shared/gym-time';
import { bookingPayload } from '../../../tests/helpers/factories';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { releaseSeat } from '../timetable/timetable.service';

type DeskSession = {
  id: string;
  weeklySessionId: number;
  course: string;
  time: string;
  startsAt: string;
  capacity: number;
  taken: number;
  spotsLeft: number;
  cancelled: boolean;
  roster: { id: number; name: string; cancelledAt: string | null; source: string }[];
};

// The front desk: a day's sessions and rosters, attendance marks, walk-in and WhatsApp bookings.
describe.each(backends)('desk on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const day = async (date?: string) => t.inject({ method: 'GET', url: `/api/desk/day${date ? `?date=${date}` : ''}`, token: staff });
  const sessionOf = async (date: string, course: string): Promise<DeskSession> =>
    (await day(date)).json().sessions.find((s: DeskSession) => s.course === course);
  const deskBook = (payload: object) => t.inject({ method: 'POST', url: '/api/desk/bookings', token: staff, payload });
  const walkIn = (sessionId: string, name = 'Walk In') => deskBook({ sessionId, name, phone: null, email: null, source: 'walk_in', message: null });
  const capacity = (weeklySessionId: number, n: number) =>
    t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${weeklySessionId}`, token: staff, payload: { capacity: n } });

  beforeAll(async () => {
    // A notice address is set: the desk's bookings must still send nothing.
    t = await createTestApp(backend, { notifyEmail: 'desk@gym.test' });
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the day: every occurrence in start order with seats and the linked bookings, cancelled ones in the roster only', async () => {
    // Monday 2028-06-12.
    const res = await day('2028-06-12');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date: '2028-06-12', timezone: 'Asia/Bangkok', zoneLabel: 'Krabi time (UTC+7)', closed: false });
    const public_ = (await t.inject({ method: 'GET', url: '/api/sessions?from=2028-06-12&days=1' })).json().sessions;
    expect(body.sessions.map((s: DeskSession) => s.id)).toEqual(public_.map((s: { id: string }) => s.id));
    const startTimes = body.sessions.map((s: DeskSession) => s.startsAt);
    expect([...startTimes].sort()).toEqual(startTimes);

    const wrestling = body.sessions.find((s: DeskSession) => s.course === 'Wrestling');
    expect(wrestling).toMatchObject({ time: '10:00', startsAt: '2028-06-12T03:00:00.000Z', taken: 0, cancelled: false, roster: [] });
    const web = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ name: 'Web Guest', email: 'web@example.com', course: 'Wrestling', dateTime: wrestling.startsAt }),
    });
    expect(web.statusCode).toBe(201);
    const desk = await walkIn(wrestling.id, 'Desk Guest');
    expect(desk.statusCode).toBe(201);
    const gone = await walkIn(wrestling.id, 'Gone Guest');
    // A cancelled booking: the seat given back, the row kept (as the cancel flow does).
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('reservations').set({ status: 'cancelled', cancelled_at: new Date().toISOString() }).where('id', '=', gone.json().id).execute();
      await releaseSeat(trx, wrestling.weeklySessionId, '2028-06-12');
    });

    const after = await sessionOf('2028-06-12', 'Wrestling');
    expect(after).toMatchObject({ taken: 2, capacity: wrestling.capacity, spotsLeft: wrestling.capacity - 2, cancelled: false });
    expect(after.roster.map((r) => r.name)).toEqual(['Web Guest', 'Desk Guest', 'Gone Guest']);
    expect(after.roster.map((r) => r.source)).toEqual(['web', 'walk_in', 'walk_in']);
    expect(after.roster[2].cancelledAt).not.toBeNull();
    // The same class a week later has its own roster.
    expect((await sessionOf('2028-06-19', 'Wrestling')).roster).toEqual([]);
  });

  it('called-off occurrences are flagged; a closure closes the day; Sunday is closed and empty', async () => {
    const luta = await sessionOf('2028-06-14', 'Luta Livre');
    const cancel = await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${luta.weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: '2028-06-14', reason: 'Coach away' },
    });
    expect(cancel.statusCode).toBe(201);
    const wed = (await day('2028-06-14')).json();
    expect(wed.closed).toBe(false);
    expect(wed.sessions.find((s: DeskSession) => s.id === luta.id)).toMatchObject({ cancelled: true });
    expect(wed.sessions.filter((s: DeskSession) => s.cancelled)).toHaveLength(1);

    await t.inject({ method: 'POST', url: '/api/timetable/closures', token: staff, payload: { startDate: '2028-06-15', endDate: '2028-06-15', reason: null } });
    const thu = (await day('2028-06-15')).json();
    expect(thu.closed).toBe(true);
    expect(thu.sessions.length).toBeGreaterThan(0);
    expect(thu.sessions.every((s: DeskSession) => s.cancelled)).toBe(true);

    const sunday = (await day('2028-06-18')).json();
    expect(sunday).toMatchObject({ closed: true, sessions: [] });
  });

  it('the desk and the public timetable follow one occurrence rule: a called-off occurrence and a closed day', async () => {
    // Wednesday 2028-07-05: one occurrence called off; Thursday 2028-07-06: the gym closed.
    const luta = await sessionOf('2028-07-05', 'Luta Livre');
    await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${luta.weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: '2028-07-05', reason: null },
    });
    await t.inject({ method: 'POST', url: '/api/timetable/closures', token: staff, payload: { startDate: '2028-07-06', endDate: '2028-07-06', reason: null } });
    for (const date of ['2028-07-04', '2028-07-05', '2028-07-06', '2028-07-09']) {
      const desk = (await day(date)).json().sessions as DeskSession[];
      const held = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as { id: string }[];
      // What the desk shows as taking place is exactly what the public timetable offers.
      expect(desk.filter((s) => !s.cancelled).map((s) => s.id)).toEqual(held.map((s) => s.id));
      for (const off of desk.filter((s) => s.cancelled)) {
        const atDesk = await walkIn(off.id);
        expect(atDesk.statusCode).toBe(409);
        expect(atDesk.json().error).toBe("Ce cours n'a pas lieu ce jour-là");
        const online = await t.inject({
          method: 'POST',
          url: '/api/reservations',
          payload: { name: 'Web Guest', email: null, phone: '+66 1', course: off.course, dateTime: off.startsAt, message: null },
        });
        expect(online.statusCode).toBe(409);
        expect(online.json().error).toBe('This class does not take place on that day');
      }
    }
    expect((await sessionOf('2028-07-05', 'Luta Livre')).cancelled).toBe(true);
    expect((await day('2028-07-06')).json().sessions.every((s: DeskSession) => s.cancelled)).toBe(true);
  });

  it('defaults to today in gym time and refuses a bad date', async () => {
    const today = await day();
    expect(today.statusCode).toBe(200);
    expect(today.json().date).toBe(todayInZone('Asia/Bangkok'));
    for (const bad of ['2030-02-30', 'tomorrow', '2030-6-1']) {
      const res = await day(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/AAAA-MM-JJ/);
    }
  });

  it('attendance: present, no-show, removed; 404 unknown, 409 cancelled, 400 otherwise', async () => {
    const s = await sessionOf('2028-06-20', 'Wrestling');
    const b = (await walkIn(s.id)).json();
    const mark = (id: number, attendance: unknown) =>
      t.inject({ method: 'PUT', url: `/api/reservations/${id}/attendance`, token: staff, payload: { attendance } });
    expect((await mark(b.id, 'present')).json()).toMatchObject({ id: b.id, attendance: 'present' });
    expect((await mark(b.id, 'no_show')).json()).toMatchObject({ attendance: 'no_show' });
    expect((await mark(b.id, null)).json()).toMatchObject({ attendance: null });
    const bad = await mark(b.id, 'late');
    expect(bad.statusCode).toBe(400);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${b.id}/attendance`, token: staff, payload: {} })).statusCode).toBe(400);
    const unknown = await mark(999_999, 'present');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Réservation introuvable', code: 'not_found' });
    await t.app.ctx.db.updateTable('reservations').set({ status: 'cancelled', cancelled_at: new Date().toISOString() }).where('id', '=', b.id).execute();
    const cancelled = await mark(b.id, 'present');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ error: 'Cette réservation est annulée', code: 'conflict' });
    expect((await mark(b.id, 'present')).statusCode).toBe(409);
  });

  it('a desk booking takes a seat, is read, keeps its source, and sends no e-mail', async () => {
    const s = await sessionOf('2028-06-21', 'Wrestling');
    const before = await t.app.ctx.db.selectFrom('outbox').select('id').execute();
    const res = await deskBook({
      sessionId: s.id,
      name: '  Somchai  ',
      phone: '081 234 5678',
      email: 'Som@Example.com',
      source: 'whatsapp',
      message: 'Via WhatsApp',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Somchai',
      phone: '081 234 5678',
      email: 'som@example.com',
      course: 'Wrestling',
      dateTime: s.startsAt,
      status: 'read',
      source: 'whatsapp',
      weeklySessionId: s.weeklySessionId,
      sessionDate: '2028-06-21',
      attendance: null,
      cancelledAt: null,
    });
    expect((await sessionOf('2028-06-21', 'Wrestling')).taken).toBe(1);
    expect(await t.app.ctx.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('concurrent desk bookings of a two-place session: two booked, the rest told it is full', async () => {
    const s = await sessionOf('2028-06-22', 'Wrestling');
    expect((await capacity(s.weeklySessionId, 2)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => walkIn(s.id, `Guest ${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ error: 'Ce cours est complet', code: 'slot_full' });
    expect(await sessionOf('2028-06-22', 'Wrestling')).toMatchObject({ taken: 2, spotsLeft: 0 });
    await capacity(s.weeklySessionId, 20);
  });

  it('refuses unknown, called-off, finished and malformed sessions', async () => {
    const s = await sessionOf('2028-06-26', 'Wrestling');
    const [wsId] = s.id.split(':');
    expect((await walkIn('999999:2028-06-26')).statusCode).toBe(404);
    // Another weekday than the weekly session's.
    const wrongDay = await walkIn(`${wsId}:2028-06-27`);
    expect(wrongDay.statusCode).toBe(404);
    expect(wrongDay.json()).toEqual({ error: 'Séance introuvable', code: 'not_found' });
    // The day closed (from the previous test's closure): the class does not take place.
    const closedDay: DeskSession = (await day('2028-06-15')).json().sessions[0];
    expect((await walkIn(closedDay.id)).json()).toEqual({ error: "Ce cours n'a pas lieu ce jour-là", code: 'class_not_held' });
    const luta = await sessionOf('2028-06-14', 'Luta Livre');
    const called = await walkIn(luta.id);
    expect(called.statusCode).toBe(409);
    expect(called.json()).toEqual({ error: "Ce cours n'a pas lieu ce jour-là", code: 'class_not_held' });
    const past = await sessionOf('2020-06-22', 'Wrestling');
    const over = await walkIn(past.id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: 'Ce cours est terminé', code: 'conflict' });
    for (const bad of [{ sessionId: 'x' }, { sessionId: `${wsId}:2030-02-30` }, { sessionId: s.id, name: '' }, { sessionId: s.id, source: 'web' }]) {
      const res = await deskBook({ name: 'X', phone: null, email: null, source: 'walk_in', message: null, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await deskBook({ sessionId: s.id, name: 'X', email: 'not-an-address', source: 'walk_in' })).json()).toEqual({
      error: "L'e-mail n'est pas valide",
      code: 'validation',
    });
  });
});
