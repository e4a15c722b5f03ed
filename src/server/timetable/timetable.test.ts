import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone } from '../../shared/gym-time';

// Monday 2030-06-03 … Sunday 2030-06-09: far enough ahead that no session of it has started.
const MONDAY = '2030-06-03';
const SUNDAY = '2030-06-09';

const SPEC_TIMES: [string, string][] = [
  ['08:00', 'Muay Thai Beginner'],
  ['09:00', 'Brazilian Jiu Jitsu'],
  ['10:00', 'Wrestling'],
  ['14:00', 'Muay Thai All Levels'],
  ['15:00', 'Muay Thai All Levels'],
  ['16:00', 'Luta Livre'],
  ['17:00', 'MMA Training'],
];

describe.each(backends)('timetable on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  const sessions = async (query: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/sessions${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token: string | undefined = staff) =>
    t.inject({ method, url, token, ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is seeded with SPEC §9: seven classes a day Monday to Saturday, 60 minutes, 20 places, in gym time', async () => {
    const body = await sessions(`?from=${MONDAY}&days=7`);
    expect(body.timezone).toBe('Asia/Bangkok');
    expect(body.zoneLabel).toBe('Krabi time (UTC+7)');
    expect(body.from).toBe(MONDAY);
    expect(body.days).toBe(7);
    expect(body.sessions).toHaveLength(6 * 7);
    const monday = body.sessions.filter((s: { date: string }) => s.date === MONDAY);
    expect(monday.map((s: { time: string; course: string }) => [s.time, s.course])).toEqual(SPEC_TIMES);
    expect(body.sessions.some((s: { date: string }) => s.date === SUNDAY)).toBe(false);
    const first = body.sessions[0];
    expect(first).toEqual({
      id: `${first.weeklySessionId}:${MONDAY}`,
      weeklySessionId: first.weeklySessionId,
      classId: first.classId,
      course: 'Muay Thai Beginner',
      level: 'Beginner',
      coach: null,
      startsAt: '2030-06-03T01:00:00.000Z',
      endsAt: '2030-06-03T02:00:00.000Z',
      date: MONDAY,
      time: '08:00',
      durationMinutes: 60,
      capacity: 20,
      spotsLeft: 20,
      full: false,
    });
    expect(monday.filter((s: { level: string }) => s.level === 'All Levels')).toHaveLength(6);
    // In start order throughout.
    const starts = body.sessions.map((s: { startsAt: string }) => s.startsAt);
    expect([...starts].sort()).toEqual(starts);
  });

  it('the class catalogue comes from the data, with weekly times and the zone', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/classes' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe('Asia/Bangkok');
    expect(body.zoneLabel).toBe('Krabi time (UTC+7)');
    expect(body.classes.map((c: { name: string }) => c.name)).toEqual([
      'Muay Thai Beginner',
      'Brazilian Jiu Jitsu',
      'Wrestling',
      'Muay Thai All Levels',
      'Luta Livre',
      'MMA Training',
      'Private Training',
    ]);
    const mt = body.classes.find((c: { name: string }) => c.name === 'Muay Thai All Levels');
    expect(mt.schedule).toEqual([
      { time: '14:00', weekdays: [1, 2, 3, 4, 5, 6] },
      { time: '15:00', weekdays: [1, 2, 3, 4, 5, 6] },
    ]);
    expect(mt.description).toBe('Pad rounds with our Thai trainers, bag work, clinch and technical sparring.');
    const priv = body.classes.find((c: { name: string }) => c.name === 'Private Training');
    expect(priv).toMatchObject({ byAppointment: true, schedule: [], level: 'All Levels', durationMinutes: 60 });
    expect(body.classes[0]).toMatchObject({ level: 'Beginner', byAppointment: false });
  });

  it('defaults to 14 days from today in the gym zone and never lists a session that already started', async () => {
    const before = Date.now();
    const body = await sessions('');
    const today = todayInZone('Asia/Bangkok');
    expect([today, addDays(today, -1), addDays(today, 1)]).toContain(body.from);
    expect(body.days).toBe(14);
    for (const s of body.sessions) {
      expect(Date.parse(s.startsAt)).toBeGreaterThan(before);
      expect(s.date >= body.from && s.date <= addDays(body.from, 13)).toBe(true);
    }
    // A date in the past lists nothing that started.
    const past = await sessions('?from=2020-01-06&days=3');
    expect(past.sessions).toEqual([]);
  });

  it('refuses a bad from or days with a clear English 400', async () => {
    const cases: [string, string][] = [
      ['?from=2030-02-30', 'from must be a real date written YYYY-MM-DD'],
      ['?from=tomorrow', 'from must be a real date written YYYY-MM-DD'],
      ['?from=2030-6-3', 'from must be a real date written YYYY-MM-DD'],
      ['?days=0', 'days must be a whole number from 1 to 60'],
      ['?days=61', 'days must be a whole number from 1 to 60'],
      ['?days=1.5', 'days must be a whole number from 1 to 60'],
      ['?days=abc', 'days must be a whole number from 1 to 60'],
    ];
    for (const [query, error] of cases) {
      const res = await t.inject({ method: 'GET', url: `/api/sessions${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error, code: 'validation' });
    }
    expect((await sessions('?from=2030-06-03&days=60')).sessions.length).toBeGreaterThan(0);
  });

  it('planning needs a signed-in staff member or admin', async () => {
    for (const [method, url] of [
      ['GET', '/api/timetable/classes'],
      ['POST', '/api/timetable/classes'],
      ['PATCH', '/api/timetable/classes/1'],
      ['GET', '/api/timetable/weekly-sessions'],
      ['POST', '/api/timetable/weekly-sessions'],
      ['PATCH', '/api/timetable/weekly-sessions/1'],
      ['DELETE', '/api/timetable/weekly-sessions/1'],
      ['GET', '/api/timetable/cancellations'],
      ['POST', '/api/timetable/weekly-sessions/1/cancellations'],
      ['DELETE', `/api/timetable/weekly-sessions/1/cancellations/${MONDAY}`],
      ['GET', '/api/timetable/closures'],
      ['POST', '/api/timetable/closures'],
      ['DELETE', '/api/timetable/closures/1'],
    ] as const) {
      const res = await t.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await api('GET', '/api/timetable/classes', undefined, admin)).statusCode).toBe(200);
  });

  it('classes: create, validate, rename conflicts, deactivate', async () => {
    const list = (await api('GET', '/api/timetable/classes')).json();
    expect(list).toHaveLength(7);
    expect(list[0]).toMatchObject({ name: 'Muay Thai Beginner', level: 'Beginner', durationMinutes: 60, byAppointment: false, sortOrder: 1, active: true });

    const created = await api('POST', '/api/timetable/classes', { name: 'Kids Muay Thai', level: 'Beginner' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Kids Muay Thai',
      description: '',
      level: 'Beginner',
      durationMinutes: 60,
      byAppointment: false,
      sortOrder: 8,
      active: true,
    });

    expect((await api('POST', '/api/timetable/classes', { name: 'Kids Muay Thai', level: 'Beginner' })).json()).toEqual({
      error: 'Un cours porte déjà ce nom',
      code: 'conflict',
    });
    expect((await api('POST', '/api/timetable/classes', { name: '  ', level: 'Beginner' })).json()).toEqual({
      error: 'Le nom du cours est obligatoire',
      code: 'validation',
    });
    const badLevel = await api('POST', '/api/timetable/classes', { name: 'Boxing', level: 'Expert' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error).toContain('Niveau inconnu');
    expect((await api('POST', '/api/timetable/classes', { name: 'Boxing', level: 'Beginner', durationMinutes: 0 })).statusCode).toBe(400);

    const id = created.json().id;
    const renamed = await api('PATCH', `/api/timetable/classes/${id}`, { name: 'Wrestling' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: 'Un cours porte déjà ce nom', code: 'conflict' });
    expect((await api('PATCH', `/api/timetable/classes/${id}`, {})).json()).toEqual({ error: 'Aucune modification demandée', code: 'validation' });
    expect((await api('PATCH', '/api/timetable/classes/99999', { active: false })).statusCode).toBe(404);

    const off = await api('PATCH', `/api/timetable/classes/${id}`, { active: false, description: 'Saturday mornings' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, description: 'Saturday mornings', name: 'Kids Muay Thai' });
    const publicNames = (await t.inject({ method: 'GET', url: '/api/classes' })).json().classes.map((c: { name: string }) => c.name);
    expect(publicNames).not.toContain('Kids Muay Thai');
  });

  it('weekly sessions: add, change, refuse Sunday and duplicates, delete', async () => {
    const classes = (await api('GET', '/api/timetable/classes')).json();
    const wrestling = classes.find((c: { name: string }) => c.name === 'Wrestling');
    const priv = classes.find((c: { name: string }) => c.name === 'Private Training');

    const sunday = await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday: 7, startTime: '18:00', capacity: 10 });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json()).toEqual({ error: 'La salle est fermée le dimanche', code: 'validation' });
    expect((await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday: 1, startTime: '25:00', capacity: 10 })).json()).toEqual({
      error: "L'heure doit être au format HH:MM (24 h)",
      code: 'validation',
    });
    expect((await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday: 1, startTime: '18:00', capacity: 0 })).statusCode).toBe(400);
    expect((await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday: 1, startTime: '10:00', capacity: 10 })).json()).toEqual({
      error: 'Ce cours a déjà un créneau ce jour-là à cette heure',
      code: 'conflict',
    });
    expect((await api('POST', '/api/timetable/weekly-sessions', { classId: 99999, weekday: 1, startTime: '18:00', capacity: 10 })).statusCode).toBe(404);
    expect((await api('POST', '/api/timetable/weekly-sessions', { classId: priv.id, weekday: 1, startTime: '18:00', capacity: 1 })).statusCode).toBe(409);

    const created = await api('POST', '/api/timetable/weekly-sessions', {
      classId: wrestling.id,
      weekday: 1,
      startTime: '18:00',
      capacity: 8,
      coach: 'Kru Dam',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ws = created.json();
    expect(ws).toMatchObject({ classId: wrestling.id, className: 'Wrestling', weekday: 1, startTime: '18:00', capacity: 8, coach: 'Kru Dam', active: true });

    let monday = (await sessions(`?from=${MONDAY}&days=1`)).sessions;
    expect(monday.at(-1)).toMatchObject({
      course: 'Wrestling',
      time: '18:00',
      capacity: 8,
      spotsLeft: 8,
      coach: 'Kru Dam',
      startsAt: '2030-06-03T11:00:00.000Z',
    });

    const changed = await api('PATCH', `/api/timetable/weekly-sessions/${ws.id}`, { startTime: '18:30', coach: '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ startTime: '18:30', coach: null, capacity: 8 });

    const off = await api('PATCH', `/api/timetable/weekly-sessions/${ws.id}`, { active: false });
    expect(off.json().active).toBe(false);
    monday = (await sessions(`?from=${MONDAY}&days=1`)).sessions;
    expect(monday.some((s: { weeklySessionId: number }) => s.weeklySessionId === ws.id)).toBe(false);

    expect((await api('DELETE', `/api/timetable/weekly-sessions/${ws.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/timetable/weekly-sessions/${ws.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `/api/timetable/weekly-sessions/${ws.id}`, { capacity: 3 })).statusCode).toBe(404);
  });

  it('a weekly session with bookings cannot be deleted or moved, but its capacity may drop below the seats taken', async () => {
    const list = (await sessions(`?from=${MONDAY}&days=1`)).sessions;
    const luta = list.find((s: { course: string }) => s.course === 'Luta Livre');
    // Three seats taken and a booking referring to the session, as the booking flow will write them.
    const db = t.app.ctx.db;
    await db.insertInto('seats').values({ weekly_session_id: luta.weeklySessionId, session_date: MONDAY, taken: 3 }).execute();
    await db
      .insertInto('reservations')
      .values({
        name: 'A',
        email: 'a@example.com',
        phone: null,
        course: 'Luta Livre',
        date_time: luta.startsAt,
        message: null,
        status: 'unread',
        created_at: new Date().toISOString(),
        weekly_session_id: luta.weeklySessionId,
        session_date: MONDAY,
      })
      .execute();

    expect((await sessions(`?from=${MONDAY}&days=1`)).sessions.find((s: { id: string }) => s.id === luta.id)).toMatchObject({
      capacity: 20,
      spotsLeft: 17,
      full: false,
    });

    const lowered = await api('PATCH', `/api/timetable/weekly-sessions/${luta.weeklySessionId}`, { capacity: 2 });
    expect(lowered.statusCode).toBe(200);
    expect((await sessions(`?from=${MONDAY}&days=1`)).sessions.find((s: { id: string }) => s.id === luta.id)).toMatchObject({
      capacity: 2,
      spotsLeft: 0,
      full: true,
    });

    const moved = await api('PATCH', `/api/timetable/weekly-sessions/${luta.weeklySessionId}`, { startTime: '16:30' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'session_has_bookings', bookings: 1 });
    expect(moved.json().error).toContain('réservation(s) à venir');
    const deleted = await api('DELETE', `/api/timetable/weekly-sessions/${luta.weeklySessionId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ error: 'Ce créneau a des réservations : désactivez-le plutôt que de le supprimer', code: 'conflict' });
    await api('PATCH', `/api/timetable/weekly-sessions/${luta.weeklySessionId}`, { capacity: 20 });
  });

  it('cancels one occurrence and undoes it', async () => {
    const list = (await sessions(`?from=${MONDAY}&days=7`)).sessions;
    const bjj = list.find((s: { course: string; date: string }) => s.course === 'Brazilian Jiu Jitsu' && s.date === MONDAY);
    const url = `/api/timetable/weekly-sessions/${bjj.weeklySessionId}/cancellations`;

    const wrongDay = await api('POST', url, { date: addDays(MONDAY, 1) });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().error).toContain("n'a pas lieu le 2030-06-04");
    expect((await api('POST', url, { date: '2030-02-30' })).json()).toEqual({
      error: 'La date doit être une date réelle au format AAAA-MM-JJ',
      code: 'validation',
    });
    expect((await api('POST', url, { date: '2020-01-06' })).json()).toEqual({ error: 'Cette date est passée', code: 'validation' });
    expect((await api('POST', '/api/timetable/weekly-sessions/99999/cancellations', { date: MONDAY })).statusCode).toBe(404);

    const cancelled = await api('POST', url, { date: MONDAY, reason: 'Coach at a competition' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(cancelled.json()).toMatchObject({
      weeklySessionId: bjj.weeklySessionId,
      className: 'Brazilian Jiu Jitsu',
      date: MONDAY,
      startTime: '09:00',
      reason: 'Coach at a competition',
    });
    expect((await api('POST', url, { date: MONDAY })).statusCode).toBe(409);

    const after = (await sessions(`?from=${MONDAY}&days=7`)).sessions;
    expect(after).toHaveLength(list.length - 1);
    expect(after.some((s: { id: string }) => s.id === bjj.id)).toBe(false);
    // Only that occurrence: Tuesday's BJJ is still on.
    expect(after.some((s: { course: string; date: string }) => s.course === 'Brazilian Jiu Jitsu' && s.date === addDays(MONDAY, 1))).toBe(true);

    const listed = (await api('GET', `/api/timetable/cancellations?from=${MONDAY}`)).json();
    expect(listed.map((c: { date: string; className: string }) => [c.date, c.className])).toEqual([[MONDAY, 'Brazilian Jiu Jitsu']]);
    expect((await api('GET', '/api/timetable/cancellations?from=nope')).statusCode).toBe(400);

    const undone = await api('DELETE', `${url}/${MONDAY}`);
    expect(undone.statusCode).toBe(204);
    expect(undone.body).toBe('');
    expect((await api('DELETE', `${url}/${MONDAY}`)).json()).toEqual({ error: "Ce créneau n'est pas annulé à cette date", code: 'not_found' });
    expect((await api('DELETE', `${url}/2030-13-01`)).statusCode).toBe(400);
    expect((await sessions(`?from=${MONDAY}&days=7`)).sessions).toHaveLength(list.length);
  });

  it('closures remove every session of their dates, both ends included', async () => {
    const bad = await api('POST', '/api/timetable/closures', { startDate: '2030-06-05', endDate: '2030-06-04' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'La date de fin précède la date de début', code: 'validation' });

    const created = await api('POST', '/api/timetable/closures', { startDate: '2030-06-04', endDate: '2030-06-05', reason: 'Songkran' });
    expect(created.statusCode).toBe(201);
    const closure = created.json();
    expect(closure).toMatchObject({ startDate: '2030-06-04', endDate: '2030-06-05', reason: 'Songkran' });

    const dates = new Set((await sessions(`?from=${MONDAY}&days=7`)).sessions.map((s: { date: string }) => s.date));
    expect([...dates].sort()).toEqual(['2030-06-03', '2030-06-06', '2030-06-07', '2030-06-08']);

    const listed = (await api('GET', `/api/timetable/closures?from=${MONDAY}`)).json();
    expect(listed.map((c: { id: number }) => c.id)).toContain(closure.id);
    expect((await api('GET', '/api/timetable/closures?from=2030-06-06')).json().map((c: { id: number }) => c.id)).not.toContain(closure.id);

    expect((await api('DELETE', `/api/timetable/closures/${closure.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/timetable/closures/${closure.id}`)).json()).toEqual({ error: 'Fermeture introuvable', code: 'not_found' });
    expect((await sessions(`?from=${MONDAY}&days=7`)).sessions).toHaveLength(42);
  });

  it('the planning routes are in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/sessions',
      '/api/classes',
      '/api/timetable/classes',
      '/api/timetable/weekly-sessions/{id}/cancellations/{date}',
      '/api/timetable/closures/{id}',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });
});
