import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../tests/helpers/calendar';
import { bookingPayload, type BookingPayload } from '../../../tests/helpers/factories';
import { nextSession } from '../../../tests/helpers/sessions';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone, zonedToInstant } from '../../shared/gym-time';
import { buildApp } from '../app';
import type { MailCalendarPart } from '../context';
import { calendarText } from '../mail/templates/calendar';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { hashToken, newToken } from '../auth/tokens';
import { nowIso } from '../db/database';
import { BOOKING_RANGE_MESSAGE } from '../../shared/schemas/reservations';

// Bookings that hold: a seat per booking, idempotent retries, the e-mails in gym time with their
// calendar file, and the customer's manage link (view, cancel, move) and the staff's cancel.

const TZ = 'Asia/Bangkok';
// A guest's part of a booking; each test names the course and time.
const person = (n: number | string, over: Partial<BookingPayload> = {}) => {
  const { name, email, phone, message } = bookingPayload({ name: `Guest ${n}`, email: `guest${n}@example.com`, message: 'Knee injury last year', ...over });
  return { name, email, phone, message };
};

describe.each(backends)('bookings that hold on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const pushed: { title: string; body: string }[] = [];

  const book = (payload: object, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url: '/api/reservations', payload, headers });
  const db = () => t.app.ctx.db;
  const row = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The .ics text of a stored e-mail, made as the outbox makes it when sending. */
  const icsOfRow = (mail: { calendar: string | null }) => calendarText(t.config, JSON.parse(mail.calendar!) as MailCalendarPart);
  /** The e-mails queued to an address, written out as the outbox writes them when it sends them. */
  const outboxTo = async (to: string) =>
    (await db().selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute()).map((r) => renderedRow(t.config, r));
  const sessionOf = async (id: string) => {
    const date = id.split(':')[1];
    const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as { id: string; spotsLeft: number }[];
    return list.find((s) => s.id === id);
  };
  /** The SessionDto id of a coming session of the class. */
  const sessionIdOf = async (course: string, pick: Parameters<typeof nextSession>[1] = {}) => {
    const s = nextSession(course, pick);
    const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${s.date}&days=1` })).json().sessions as {
      id: string;
      course: string;
      time: string;
    }[];
    const found = list.find((x) => x.course === course && x.time === s.time);
    if (!found) throw new Error(`no session of ${course} on ${s.date}`);
    return { ...s, id: found.id, weeklySessionId: Number(found.id.split(':')[0]) };
  };
  /** Books and returns the manage token, read from the confirmation e-mail's link. */
  const bookWithToken = async (course: string, pick: Parameters<typeof nextSession>[1], who: string) => {
    const s = await sessionIdOf(course, pick);
    const res = await book({ ...person(who), course, dateTime: s.startsAt });
    expect(res.statusCode, res.body).toBe(201);
    const [confirmation] = await outboxTo(`guest${who}@example.com`);
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(confirmation.text_body)![1];
    return { id: res.json().id as number, token, session: s };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { notifyEmail: 'desk@gym.test' });
    // No worker: the outbox rows stay as the requests wrote them.
    await t.app.ctx.mail.stop();
    staff = (await t.signIn('staff')).token;
    const real = t.app.ctx.push.notifyStaff.bind(t.app.ctx.push);
    t.app.ctx.push.notifyStaff = (p) => {
      pushed.push({ title: p.title, body: p.body });
      real(p);
    };
  });
  afterAll(() => t?.close());

  it(`capacity + 25 people booking one session at once: exactly capacity get 201, the rest 409 "This class is full"`, async () => {
    const s = await sessionIdOf('Luta Livre', { daysAhead: 3 });
    await db().updateTable('weekly_sessions').set({ capacity: 6 }).where('id', '=', s.weeklySessionId).execute();
    try {
      const answers = await Promise.all(Array.from({ length: 31 }, (_, i) => book({ ...person(`race${i}`), course: 'Luta Livre', dateTime: s.startsAt })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(6);
      const refused = answers.filter((a) => a.statusCode !== 201);
      expect(refused).toHaveLength(25);
      for (const a of refused) {
        expect(a.statusCode).toBe(409);
        expect(a.json()).toEqual({ error: 'This class is full', code: 'slot_full', waitlist: true });
      }
      const rows = await db()
        .selectFrom('reservations')
        .select('id')
        .where('weekly_session_id', '=', s.weeklySessionId)
        .where('session_date', '=', s.date)
        .execute();
      expect(rows).toHaveLength(6);
      expect(await sessionOf(s.id)).toMatchObject({ spotsLeft: 0 });
      // The refused bookings queued no e-mail.
      expect(await outboxTo('guestrace0@example.com').then((m) => m.length)).toBeLessThanOrEqual(1);
      const mails = await db().selectFrom('outbox').select('id').where('to_address', 'like', 'guestrace%').execute();
      expect(mails).toHaveLength(6);
    } finally {
      await db().updateTable('weekly_sessions').set({ capacity: 20 }).where('id', '=', s.weeklySessionId).execute();
    }
  });

  it('refuses a course and time that no session has, a session that started, a request in the past; Private Training is a request', async () => {
    const before = (await db().selectFrom('reservations').select('id').execute()).length;
    const wrongTime = await book({
      ...person('x'),
      course: 'Muay Thai Beginner',
      dateTime: zonedToInstant(nextSession('Wrestling').date, '11:00', TZ).toISOString(),
    });
    expect(wrongTime.statusCode).toBe(400);
    expect(wrongTime.json()).toEqual({
      error: 'There is no Muay Thai Beginner class at that time. Pick a time from the timetable.',
      code: 'session_not_found',
    });
    const noClass = await book({ ...person('x'), course: 'Kickboxing', dateTime: nextSession('Wrestling').startsAt });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().error).toBe('There is no Kickboxing class at that time. Pick a time from the timetable.');
    // Last week's session of Wrestling already took place: a date before today is refused by the schema.
    const past = await book({ ...person('x'), course: 'Wrestling', dateTime: nextSession('Wrestling', { daysAhead: -8 }).startsAt });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: BOOKING_RANGE_MESSAGE, code: 'validation' });
    const pastRequest = await book({ ...person('x'), course: 'Private Training', dateTime: new Date(Date.now() - 3_600_000).toISOString() });
    expect(pastRequest.statusCode).toBe(400);
    expect(pastRequest.json()).toEqual({ error: 'Pick a date and time in the future.', code: 'request_in_past' });
    expect((await db().selectFrom('reservations').select('id').execute()).length).toBe(before);

    const at = zonedToInstant(addDays(todayInZone(TZ), 5), '12:30', TZ).toISOString();
    const priv = await book({ ...person('priv'), course: 'Private Training', dateTime: at });
    expect(priv.statusCode).toBe(201);
    expect(priv.json()).toMatchObject({ course: 'Private Training', dateTime: at, weeklySessionId: null, sessionDate: null });
    // Its e-mail says the request was received (issue 46): no event for the calendar until the gym agrees a time.
    const [mail] = await outboxTo('guestpriv@example.com');
    expect(mail.subject).toMatch(/^Request received: Private Training on /);
    expect(mail.calendar).toBeNull();
  });

  it('a booking at 08:00 gym time of Muay Thai Beginner is stored as 01:00Z; its e-mails say 08:00 and the zone, its .ics starts at 01:00Z', async () => {
    const s = nextSession('Muay Thai Beginner', { daysAhead: 4 });
    expect(s.startsAt).toBe(`${s.date}T01:00:00.000Z`);
    const res = await book({ ...person('tz'), course: 'Muay Thai Beginner', dateTime: `${s.date}T08:00:00+07:00` });
    expect(res.statusCode).toBe(201);
    const r = await row(res.json().id);
    expect(r).toMatchObject({ date_time: `${s.date}T01:00:00.000Z`, session_date: s.date, calendar_sequence: 0 });
    expect(r.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);

    const [mail] = await outboxTo('guesttz@example.com');
    expect(mail.subject).toMatch(/^Booking confirmed: Muay Thai Beginner on \w+day, .* at 8:00 AM$/);
    for (const body of [mail.text_body, mail.html_body!]) {
      expect(body).toContain('8:00 AM – 9:00 AM Krabi time (UTC+7)');
      expect(body).not.toContain('Knee injury');
    }
    // The e-mail names its booking, so deleting or erasing the booking finds it.
    expect(mail.reservation_id).toBe(r.id);
    const cal = JSON.parse(mail.calendar!);
    expect(cal.method).toBe('REQUEST');
    const ics = icsOfRow(mail);
    expect(ics).toContain(`DTSTART:${s.date.replace(/-/g, '')}T010000Z`);
    const ev = parseCalendar(ics);
    expect(ev).toMatchObject({ method: 'REQUEST', sequence: 0, uid: `reservation-${r.id}@gym.test` });
    expect(ev.start.toISOString()).toBe(`${s.date}T01:00:00.000Z`);
    // The token in the link is the one whose hash is stored.
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
    expect(hashToken(token)).toBe(r.manage_token_hash);

    const [note] = await outboxTo('desk@gym.test').then((m) => m.filter((x) => x.text_body.includes(`#${r.id}`)));
    expect(note.subject).toContain('at 8:00 AM');
    expect(note.text_body).toContain('8:00 AM – 9:00 AM Krabi time (UTC+7)');
    expect(note.text_body).toContain('Knee injury last year');
  });

  describe('Idempotency-Key', () => {
    it('a retry with the same key gets the first answer again and books nothing new', async () => {
      const s = nextSession('MMA Training', { daysAhead: 5 });
      const payload = { ...person('idem'), course: 'MMA Training', dateTime: s.startsAt };
      const first = await book(payload, { 'idempotency-key': 'order-1 retry' });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      // Marked read meanwhile: the retry still answers what the first request answered.
      await t.inject({ method: 'PUT', url: `/api/reservations/${first.json().id}/read`, token: staff });
      const again = await book(payload, { 'idempotency-key': 'order-1 retry' });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await db().selectFrom('reservations').select('id').where('email', '=', 'guestidem@example.com').execute()).toHaveLength(1);
      expect(await outboxTo('guestidem@example.com')).toHaveLength(1);

      // The same key for another booking: refused, nothing booked.
      const other = await book({ ...payload, name: 'Someone Else' }, { 'idempotency-key': 'order-1 retry' });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used for a different booking', code: 'idempotency_key_reused' });
      // Another key: another booking.
      expect((await book(payload, { 'idempotency-key': 'order-2' })).statusCode).toBe(201);
      expect(await db().selectFrom('reservations').select('id').where('email', '=', 'guestidem@example.com').execute()).toHaveLength(2);
    });

    it('refuses a key that is empty, too long or not printable', async () => {
      const payload = { ...person('badkey'), course: 'Private Training', dateTime: zonedToInstant(addDays(todayInZone(TZ), 6), '12:00', TZ).toISOString() };
      for (const key of ['', '   ', 'x'.repeat(201), 'tab\there', 'clé']) {
        const res = await book(payload, { 'idempotency-key': key });
        expect(res.statusCode, JSON.stringify(key)).toBe(400);
        expect(res.json()).toEqual({ error: 'Idempotency-Key must be 1 to 200 printable characters', code: 'validation' });
      }
      expect((await book(payload, { 'idempotency-key': 'k'.repeat(200) })).statusCode).toBe(201);
    });

    it('a double click (the same key at the same moment) books once; every answer is that booking', async () => {
      const s = await sessionIdOf('Brazilian Jiu Jitsu', { daysAhead: 5 });
      const before = (await sessionOf(s.id))!.spotsLeft;
      const payload = { ...person('dbl'), course: 'Brazilian Jiu Jitsu', dateTime: s.startsAt };
      const answers = await Promise.all(Array.from({ length: 8 }, () => book(payload, { 'idempotency-key': 'double-click' })));
      for (const a of answers) expect(a.statusCode, a.body).toBe(201);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      expect(await db().selectFrom('reservations').select('id').where('email', '=', 'guestdbl@example.com').execute()).toHaveLength(1);
      expect(await outboxTo('guestdbl@example.com')).toHaveLength(1);
      expect((await sessionOf(s.id))!.spotsLeft).toBe(before - 1);
    });

    it('forgets a key after 24 hours', async () => {
      const payload = { ...person('old'), course: 'Private Training', dateTime: zonedToInstant(addDays(todayInZone(TZ), 7), '12:00', TZ).toISOString() };
      const first = await book(payload, { 'idempotency-key': 'yesterday' });
      expect(first.statusCode).toBe(201);
      await db()
        .updateTable('idempotency_keys')
        .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .where('key', '=', 'yesterday')
        .execute();
      const later = await book(payload, { 'idempotency-key': 'yesterday' });
      expect(later.statusCode).toBe(201);
      expect(later.json().id).not.toBe(first.json().id);
    });
  });

  describe('the manage link', () => {
    it('GET shows the booking and changes nothing; a wrong token is 404', async () => {
      const { id, token, session } = await bookWithToken('Wrestling', { daysAhead: 6 }, 'view');
      const rowBefore = await row(id);
      const outboxBefore = (await db().selectFrom('outbox').select('id').execute()).length;
      const res = await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id,
        name: 'Guest view',
        course: 'Wrestling',
        state: 'booked',
        startsAt: session.startsAt,
        endsAt: new Date(Date.parse(session.startsAt) + 3_600_000).toISOString(),
        date: session.date,
        time: '10:00',
        durationMinutes: 60,
        zoneLabel: 'Krabi time (UTC+7)',
        timezone: 'Asia/Bangkok',
        started: false,
        canCancel: true,
        canMove: true,
        weeklySessionId: session.weeklySessionId,
        cancelledBy: null,
        cancelReason: null,
        canRebook: false,
        outcome: 'upcoming',
        gymCause: null,
        attendance: null,
        moved: false,
        link: 'current',
      });
      expect(await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` }).then((r) => r.body)).toBe(res.body);
      expect(await row(id)).toEqual(rowBefore);
      expect((await db().selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);

      for (const wrong of [newToken(), 'short', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
        for (const [method, url] of [
          ['GET', `/api/bookings/manage/${wrong}`],
          ['POST', `/api/bookings/manage/${wrong}/cancel`],
        ] as const) {
          const r = await t.inject({ method, url });
          expect(r.statusCode, url).toBe(404);
          expect(r.json()).toEqual({ error: 'Booking not found', code: 'not_found' });
        }
      }
      expect(await row(id)).toEqual(rowBefore);
    });

    it('cancel frees the seat, e-mails METHOD:CANCEL with a higher SEQUENCE, tells the staff; the link is then used up', async () => {
      const { id, token, session } = await bookWithToken('Muay Thai All Levels', { daysAhead: 6, time: '15:00' }, 'cancel');
      const spots = (await sessionOf(session.id))!.spotsLeft;
      pushed.length = 0;
      const res = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, state: 'cancelled', canCancel: false, canMove: false, startsAt: session.startsAt });
      expect((await sessionOf(session.id))!.spotsLeft).toBe(spots + 1);
      const r = await row(id);
      expect(r).toMatchObject({ status: 'cancelled', calendar_sequence: 1 });
      expect(r.cancelled_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const [confirmation, cancellation] = await outboxTo('guestcancel@example.com');
      expect(cancellation.subject).toMatch(/^Booking cancelled: Muay Thai All Levels on .* at 3:00 PM$/);
      const first = parseCalendar(icsOfRow(confirmation));
      const cancel = parseCalendar(icsOfRow(cancellation));
      expect(cancel).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 1 });
      expect(cancel.sequence).toBeGreaterThan(first.sequence);
      expect(cancel.start.getTime()).toBe(first.start.getTime());
      const notes = (await outboxTo('desk@gym.test')).filter((m) => m.subject.startsWith('Booking cancelled: Guest cancel'));
      expect(notes).toHaveLength(1);
      expect(pushed).toEqual([{ title: 'Réservation annulée', body: expect.stringContaining('Guest cancel') }]);

      // The link still shows it, cancelled by the traveller (issue 47 point 3); a second cancel is a 409 and changes nothing.
      const again = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'This booking is already cancelled.', code: 'booking_cancelled' });
      const page = await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_customer', canCancel: false, canMove: false, canRebook: false });
      expect((await sessionOf(session.id))!.spotsLeft).toBe(spots + 1);
      expect(await outboxTo('guestcancel@example.com')).toHaveLength(2);
      // The back office lists it as cancelled.
      const listed = (await t.inject({ method: 'GET', url: '/api/reservations', token: staff })).json().find((x: { id: number }) => x.id === id);
      expect(listed).toMatchObject({ status: 'cancelled', cancelledAt: r.cancelled_at });
    });

    it('two cancels at once give one seat back and send one e-mail', async () => {
      const { token, session } = await bookWithToken('Luta Livre', { daysAhead: 7 }, 'twice');
      const spots = (await sessionOf(session.id))!.spotsLeft;
      const answers = await Promise.all([1, 2, 3].map(() => t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect((await sessionOf(session.id))!.spotsLeft).toBe(spots + 1);
      expect(await outboxTo('guesttwice@example.com')).toHaveLength(2);
    });

    it('refuses to cancel or move once the class started; the page says so', async () => {
      // A booking of last week's session, written as the booking flow would have written it then.
      const s = await sessionIdOf('Wrestling', { daysAhead: 6 });
      const past = nextSession('Wrestling', { daysAhead: -8 });
      const ws = await db()
        .selectFrom('weekly_sessions')
        .innerJoin('classes', 'classes.id', 'weekly_sessions.class_id')
        .select('weekly_sessions.id')
        .where('classes.name', '=', 'Wrestling')
        .where('weekly_sessions.weekday', '=', new Date(`${past.date}T00:00:00Z`).getUTCDay() || 7)
        .executeTakeFirstOrThrow();
      const token = newToken();
      const inserted = await db()
        .insertInto('reservations')
        .values({
          name: 'Late',
          email: 'late@example.com',
          phone: null,
          course: 'Wrestling',
          date_time: past.startsAt,
          message: null,
          status: 'read',
          created_at: nowIso(),
          weekly_session_id: ws.id,
          session_date: past.date,
          manage_token_hash: hashToken(token),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await row(inserted.id);

      const view = await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ state: 'booked', started: true, canCancel: false, canMove: false });
      const cancel = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toEqual({ error: 'This class has already started', code: 'class_started' });
      const move = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: s.id } });
      expect(move.statusCode).toBe(409);
      expect(move.json()).toEqual({ error: 'This class has already started', code: 'class_started' });
      const staffCancel = await t.inject({ method: 'PUT', url: `/api/reservations/${inserted.id}/cancel`, token: staff });
      expect(staffCancel.statusCode).toBe(409);
      expect(await row(inserted.id)).toEqual(before);
      expect(await outboxTo('late@example.com')).toHaveLength(0);
    });

    it('move takes a seat in the new session, frees the old one, and e-mails the new time with the same UID', async () => {
      const { id, token, session: from } = await bookWithToken('Brazilian Jiu Jitsu', { daysAhead: 8 }, 'move');
      const to = await sessionIdOf('MMA Training', { daysAhead: 9 });
      const [fromSpots, toSpots] = [(await sessionOf(from.id))!.spotsLeft, (await sessionOf(to.id))!.spotsLeft];
      pushed.length = 0;
      const res = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: to.id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        state: 'booked',
        course: 'MMA Training',
        startsAt: to.startsAt,
        date: to.date,
        time: '17:00',
        weeklySessionId: to.weeklySessionId,
        canMove: true,
      });
      expect((await sessionOf(from.id))!.spotsLeft).toBe(fromSpots + 1);
      expect((await sessionOf(to.id))!.spotsLeft).toBe(toSpots - 1);
      expect(await row(id)).toMatchObject({
        course: 'MMA Training',
        date_time: to.startsAt,
        weekly_session_id: to.weeklySessionId,
        session_date: to.date,
        calendar_sequence: 1,
      });
      const [confirmation, moved] = await outboxTo('guestmove@example.com');
      expect(moved.subject).toMatch(/^Booking moved: MMA Training, now .* at 5:00 PM$/);
      expect(moved.text_body).toContain('9:00 AM – 10:00 AM');
      const first = parseCalendar(icsOfRow(confirmation));
      const ev = parseCalendar(icsOfRow(moved));
      expect(ev).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 1 });
      expect(ev.start.toISOString()).toBe(to.startsAt);
      expect((await outboxTo('desk@gym.test')).filter((m) => m.subject.startsWith('Booking moved: Guest move'))).toHaveLength(1);
      expect(pushed).toEqual([{ title: 'Réservation déplacée', body: expect.stringContaining('Guest move') }]);

      // The same link still works; moving where it already is changes nothing.
      const same = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: to.id } });
      expect(same.statusCode).toBe(200);
      expect(await outboxTo('guestmove@example.com')).toHaveLength(2);
      // A later cancel goes higher again.
      await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      const cancelled = (await outboxTo('guestmove@example.com'))[2];
      expect(parseCalendar(icsOfRow(cancelled))).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 2 });
    });

    it('refuses a move to a full session, one that does not exist or started, and a request by appointment', async () => {
      const { id, token, session: from } = await bookWithToken('Wrestling', { daysAhead: 10 }, 'nomove');
      const full = await sessionIdOf('Luta Livre', { daysAhead: 10 });
      await db().updateTable('weekly_sessions').set({ capacity: 1 }).where('id', '=', full.weeklySessionId).execute();
      try {
        expect((await book({ ...person('filler'), course: 'Luta Livre', dateTime: full.startsAt })).statusCode).toBe(201);
        const before = await row(id);
        const move = (sessionId: unknown) => t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId } });

        const toFull = await move(full.id);
        expect(toFull.statusCode).toBe(409);
        expect(toFull.json()).toEqual({ error: 'This class is full', code: 'slot_full' });
        const missing = await move(`999999:${full.date}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error).toBe('There is no such class on the timetable. Pick a time from the timetable.');
        const wrongDay = await move(`${full.weeklySessionId}:${addDays(full.date, 1)}`);
        expect(wrongDay.statusCode).toBe(404);
        const started = await move(
          `${from.weeklySessionId}:${nextSession('Wrestling', { daysAhead: -8, weekday: new Date(`${from.date}T00:00:00Z`).getUTCDay() || 7 }).date}`,
        );
        expect(started.statusCode).toBe(400);
        expect(started.json()).toEqual({ error: 'That class has already started. Pick a later one.', code: 'move_target_started' });
        for (const bad of ['', 'abc', '1:2030-13-45x', 12]) expect((await move(bad)).statusCode).toBe(400);
        expect((await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: {} })).statusCode).toBe(400);

        expect(await row(id)).toEqual(before);
        expect((await sessionOf(full.id))!.spotsLeft).toBe(0);
        expect(await outboxTo('guestnomove@example.com')).toHaveLength(1);
      } finally {
        await db().updateTable('weekly_sessions').set({ capacity: 20 }).where('id', '=', full.weeklySessionId).execute();
      }

      const at = zonedToInstant(addDays(todayInZone(TZ), 9), '13:00', TZ).toISOString();
      const priv = await book({ ...person('privmove'), course: 'Private Training', dateTime: at });
      const [mail] = await outboxTo('guestprivmove@example.com');
      const privToken = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
      const view = (await t.inject({ method: 'GET', url: `/api/bookings/manage/${privToken}` })).json();
      expect(view).toMatchObject({ id: priv.json().id, weeklySessionId: null, canMove: false, canCancel: true, durationMinutes: 60 });
      const moved = await t.inject({ method: 'POST', url: `/api/bookings/manage/${privToken}/move`, payload: { sessionId: full.id } });
      expect(moved.statusCode).toBe(409);
    });
  });

  describe('the staff', () => {
    it('cancel a booking: seat freed, the customer told; cancelling again changes nothing; archive and open keep it cancelled', async () => {
      const { id, token, session } = await bookWithToken('MMA Training', { daysAhead: 11 }, 'staffcancel');
      const spots = (await sessionOf(session.id))!.spotsLeft;
      const put = (action: string) => t.inject({ method: 'PUT', url: `/api/reservations/${id}/${action}`, token: staff });
      expect((await t.inject({ method: 'PUT', url: `/api/reservations/${id}/cancel` })).statusCode).toBe(401);
      const res = await put('cancel');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'cancelled' });
      expect(res.json().cancelledAt).toMatch(/^\d{4}-/);
      expect((await sessionOf(session.id))!.spotsLeft).toBe(spots + 1);
      const mails = await outboxTo('gueststaffcancel@example.com');
      expect(mails).toHaveLength(2);
      expect(mails[1].text_body).toContain('had to cancel your booking');
      expect(parseCalendar(icsOfRow(mails[1]))).toMatchObject({ method: 'CANCEL', sequence: 1 });

      expect((await put('cancel')).json()).toMatchObject({ status: 'cancelled' });
      expect(await outboxTo('gueststaffcancel@example.com')).toHaveLength(2);
      expect((await sessionOf(session.id))!.spotsLeft).toBe(spots + 1);
      expect((await put('read')).json().status).toBe('cancelled');
      expect((await put('archive')).json().status).toBe('cancelled');
      // The traveller's link says staff cancelled it (issue 47 point 3), never a 404.
      const page = await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_staff', cancelledBy: 'staff' });
      expect((await t.inject({ method: 'PUT', url: '/api/reservations/999999/cancel', token: staff })).statusCode).toBe(404);
    });

    it('deleting a booking that holds a seat frees it; deleting a cancelled one frees nothing more', async () => {
      const a = await bookWithToken('Wrestling', { daysAhead: 12 }, 'del1');
      const b = await bookWithToken('Wrestling', { daysAhead: 12 }, 'del2');
      const spots = (await sessionOf(a.session.id))!.spotsLeft;
      expect((await t.inject({ method: 'DELETE', url: `/api/reservations/${a.id}`, token: staff })).statusCode).toBe(204);
      expect((await sessionOf(a.session.id))!.spotsLeft).toBe(spots + 1);
      await t.inject({ method: 'PUT', url: `/api/reservations/${b.id}/cancel`, token: staff });
      expect((await sessionOf(a.session.id))!.spotsLeft).toBe(spots + 2);
      expect((await t.inject({ method: 'DELETE', url: `/api/reservations/${b.id}`, token: staff })).statusCode).toBe(204);
      expect((await sessionOf(a.session.id))!.spotsLeft).toBe(spots + 2);
      expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${a.token}` })).statusCode).toBe(404);
    });
  });

  it('never writes a manage token in the request log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ ...t.config, logLevel: 'info' }, { startWorkers: false, logStream: { write: (l) => void lines.push(l) } });
    try {
      await logged.ready();
      const token = newToken();
      await logged.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      await logged.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      const log = lines.join('');
      expect(log).toContain('/api/bookings/manage/[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});
