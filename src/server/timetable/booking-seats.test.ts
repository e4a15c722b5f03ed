import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// POST /api/reservations takes a seat when its course and time are a timetable session.
describe.each(backends)('bookings take seats on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const booking = (course: string, dateTime: string, n = 0) => bookingPayload({ name: `Guest ${n}`, email: `guest${n}@example.com`, course, dateTime });
  const book = (payload: unknown) => t.inject({ method: 'POST', url: '/api/reservations', payload: payload as object });
  const session = async (id: string) =>
    (await t.inject({ method: 'GET', url: `/api/sessions?from=${id.split(':')[1]}&days=1` })).json().sessions.find((s: { id: string }) => s.id === id);

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('concurrent bookings of a two-place session: two booked, the rest told the class is full', async () => {
    // Wrestling, Monday 2028-06-12 10:00 in Krabi = 03:00 UTC.
    const list = (await t.inject({ method: 'GET', url: '/api/sessions?from=2028-06-12&days=1' })).json().sessions;
    const wrestling = list.find((s: { course: string }) => s.course === 'Wrestling');
    expect(wrestling.startsAt).toBe('2028-06-12T03:00:00.000Z');
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/weekly-sessions/${wrestling.weeklySessionId}`,
      token: staff,
      payload: { capacity: 2 },
    });
    expect(patched.statusCode).toBe(200);

    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(booking('Wrestling', wrestling.startsAt, i))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ error: 'This class is full', code: 'slot_full', waitlist: true });

    const rows = await t.app.ctx.db.selectFrom('reservations').selectAll().where('course', '=', 'Wrestling').execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ weekly_session_id: wrestling.weeklySessionId, session_date: '2028-06-12', source: 'web' });
    expect(await session(wrestling.id)).toMatchObject({ capacity: 2, spotsLeft: 0, full: true });
    // The same class on another day has its own places.
    expect((await book(booking('Wrestling', '2028-06-13T03:00:00.000Z', 9))).statusCode).toBe(201);
  });

  it('a cancelled occurrence takes no booking; a time off the timetable is refused; Private Training stays a request', async () => {
    const list = (await t.inject({ method: 'GET', url: '/api/sessions?from=2028-06-14&days=1' })).json().sessions;
    const luta = list.find((s: { course: string }) => s.course === 'Luta Livre');
    await t.inject({
      method: 'POST',
      url: `/api/timetable/weekly-sessions/${luta.weeklySessionId}/cancellations`,
      token: staff,
      payload: { date: '2028-06-14' },
    });
    const refused = await book(booking('Luta Livre', luta.startsAt));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This class does not take place on that day', code: 'class_not_held' });

    const off = await book(booking('Luta Livre', '2028-06-14T09:30:00.000Z'));
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ error: 'There is no Luta Livre class at that time. Pick a time from the timetable.', code: 'session_not_found' });

    const priv = await book(booking('Private Training', '2028-06-14T05:30:00.000Z'));
    expect(priv.statusCode).toBe(201);
    const row = await t.app.ctx.db
      .selectFrom('reservations')
      .select(['id', 'weekly_session_id', 'session_date', 'date_time'])
      .where('id', '=', priv.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ weekly_session_id: null, session_date: null, date_time: '2028-06-14T05:30:00.000Z' });
  });
});
