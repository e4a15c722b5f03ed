import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../tests/helpers/calendar';
import { editSettings } from '../../../tests/helpers/orders';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { nextSession } from '../../../tests/helpers/sessions';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../shared/gym-time';
import { LANGUAGES } from '../../shared/i18n/languages';
import type { MailCalendarPart } from '../context';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { calendarText } from '../mail/templates/calendar';
import { bookingCancelledMail, bookingMailGym, bookingMovedMail, bookingsCancelledByGymMail, bookingsMovedByGymMail } from '../mail/templates/booking-mails';
import { MAIL_MESSAGES } from '../mail/templates/i18n';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';
import { lockSeats } from '../timetable/timetable.repository';

// Issue 34, points 1–3: the gym calls a class off, closes, or moves a weekly session, and the
// bookings follow in the same transaction: cancelled with the credit back and an e-mail
// (METHOD:CANCEL, same UID, higher SEQUENCE) whose link offers other sessions, or moved with an
// updated invite. Nothing for classes in the past, one e-mail per booking changed.

const TZ = 'Asia/Bangkok';
const TOKEN_RE = /\/booking\/manage\/([A-Za-z0-9_-]{43})/;

describe.each(backends)('the gym’s changes on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let n = 0;

  const db = () => t.app.ctx.db;
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token: string | undefined = staff) =>
    t.inject({ method, url, token, ...(payload ? { payload } : {}) });
  const row = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const outboxTo = async (to: string) =>
    (await db().selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute()).map((r) => {
      const rendered = renderedRow(t.config, r);
      return { ...rendered, ics: rendered.calendar ? parseCalendar(calendarText(t.config, JSON.parse(rendered.calendar) as MailCalendarPart)) : null };
    });
  const seatsTaken = async (weeklySessionId: number, date: string) =>
    Number(
      (await db().selectFrom('seats').select('taken').where('weekly_session_id', '=', weeklySessionId).where('session_date', '=', date).executeTakeFirst())
        ?.taken ?? 0,
    );
  const sessionsOn = async (date: string) =>
    (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as {
      id: string;
      course: string;
      time: string;
      startsAt: string;
    }[];
  const occurrence = async (course: string, date: string, time: string) => {
    const found = (await sessionsOn(date)).find((s) => s.course === course && s.time === time);
    if (!found) throw new Error(`no ${course} on ${date} at ${time}`);
    return { ...found, date, weeklySessionId: Number(found.id.split(':')[0]) };
  };
  /** Books and answers the row id, the e-mail and the confirmation's manage token. */
  const book = async (course: string, startsAt: string, extra: { language?: string; passToken?: string; email?: string } = {}) => {
    n += 1;
    const email = extra.email ?? `gc${n}-${backend}@example.com`;
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: {
        name: `Guest ${n}`,
        email,
        phone: null,
        course,
        dateTime: startsAt,
        message: null,
        language: extra.language ?? 'en',
        passToken: extra.passToken,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [confirmation] = await outboxTo(email);
    return { id: res.json().id as number, email, token: TOKEN_RE.exec(confirmation.text_body)![1], uid: confirmation.ics!.uid };
  };
  const passOf = () =>
    createTestOrder(db(), {
      kind: 'days-single',
      covers: 'muay-thai',
      days: 14,
      credits: 10,
      startDate: todayInZone(TZ),
      endDate: addDays(todayInZone(TZ), 20),
    });
  const useOf = (reservationId: number) => db().selectFrom('pass_uses').selectAll().where('reservation_id', '=', reservationId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.ctx.mail.stop();
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
    // Every class of the coming days is inside the deadline: a credit back is the gym's doing, not the clock's.
    await editSettings(t, admin, (s) => {
      s.payments.cancelHours = 336;
    });
  });
  afterAll(() => t?.close());

  it('lists who is booked, then cancels the occurrence and every booking on it in one go: credit back, seat freed, mail in their language', async () => {
    const s = nextSession('Muay Thai Beginner', { daysAhead: 2 });
    const occ = await occurrence('Muay Thai Beginner', s.date, '08:00');
    const pass = await passOf();
    const ru = await book('Muay Thai Beginner', occ.startsAt, { language: 'ru' });
    const holder = await book('Muay Thai Beginner', occ.startsAt, { passToken: pass.token });
    expect(await seatsTaken(occ.weeklySessionId, s.date)).toBe(2);

    const url = `/api/timetable/weekly-sessions/${occ.weeklySessionId}/bookings?date=${s.date}`;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    const listed = await api('GET', url);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .map((b: { id: number }) => b.id)
        .sort(),
    ).toEqual([ru.id, holder.id].sort());
    expect(listed.json()[0]).toMatchObject({ course: 'Muay Thai Beginner', sessionDate: s.date, weeklySessionId: occ.weeklySessionId });

    const res = await api('POST', `/api/timetable/weekly-sessions/${occ.weeklySessionId}/cancellations`, { date: s.date, reason: 'Coach is ill' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ date: s.date, reason: 'Coach is ill', bookingsCancelled: 2 });

    for (const b of [ru, holder]) {
      expect(await row(b.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym', cancel_reason: 'Coach is ill', calendar_sequence: 1 });
    }
    expect(await seatsTaken(occ.weeklySessionId, s.date)).toBe(0);
    // The credit is back although the deadline (336 h) had passed.
    expect((await useOf(holder.id)).returned_at).not.toBeNull();

    // One e-mail each for the change: METHOD:CANCEL, the confirmation's UID, a higher SEQUENCE.
    const ruMails = await outboxTo(ru.email);
    expect(ruMails).toHaveLength(2);
    const cancelMail = ruMails[1];
    expect(cancelMail.ics).toMatchObject({ method: 'CANCEL', uid: ru.uid, sequence: 1 });
    expect(cancelMail.text_body).toContain(MAIL_MESSAGES.ru.gymReason('Coach is ill'));
    expect(cancelMail.text_body).toContain(MAIL_MESSAGES.ru.rebookAction);
    expect(ruMails[0].ics!.sequence).toBe(0);

    // The e-mail's link opens the page of the cancelled booking, which says the gym cancelled it.
    const newToken = TOKEN_RE.exec(cancelMail.text_body)![1];
    expect(cancelMail.text_body).toContain('/ru/booking/manage/');
    const page = await t.inject({ method: 'GET', url: `/api/bookings/manage/${newToken}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ state: 'cancelled', cancelledBy: 'gym', cancelReason: 'Coach is ill', canRebook: true, canCancel: false });

    // Undoing the cancellation rebooks nobody.
    expect((await api('DELETE', `/api/timetable/weekly-sessions/${occ.weeklySessionId}/cancellations/${s.date}`)).statusCode).toBe(204);
    expect(await row(ru.id)).toMatchObject({ status: 'cancelled' });
    expect(await seatsTaken(occ.weeklySessionId, s.date)).toBe(0);
    expect(await outboxTo(ru.email)).toHaveLength(2);
  });

  it('a gym-cancelled booking moves to another session of that day or the next in one request, through the move path', async () => {
    const s = nextSession('Muay Thai All Levels', { daysAhead: 2, time: '14:00' });
    const occ = await occurrence('Muay Thai All Levels', s.date, '14:00');
    const pass = await passOf();
    const b = await book('Muay Thai All Levels', occ.startsAt, { passToken: pass.token });
    await api('POST', `/api/timetable/weekly-sessions/${occ.weeklySessionId}/cancellations`, { date: s.date });
    const [, cancelled] = await outboxTo(b.email);
    const token = TOKEN_RE.exec(cancelled.text_body)![1];
    // No reason given: none is written.
    expect(cancelled.text_body).not.toContain("The gym's reason");

    // The old confirmation's link still opens the booking, read only: it says the gym cancelled it (decision 184).
    const first = await t.inject({ method: 'GET', url: `/api/bookings/manage/${b.token}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_gym', gymCause: 'session', link: 'earlier', canRebook: false });
    // Cancelling it again is not possible.
    expect((await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel`, payload: {} })).statusCode).toBe(409);

    // Only that day's and the next day's sessions are offered, and taken.
    const farther = await occurrence('Muay Thai All Levels', addDays(s.date, isoWeekday(s.date) >= 5 ? 3 : 2), '15:00');
    expect((await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: farther.id } })).statusCode).toBe(404);
    const later = await occurrence('Muay Thai All Levels', s.date, '15:00');
    const moved = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: later.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'booked', time: '15:00', cancelledBy: null, canRebook: false });
    expect(await row(b.id)).toMatchObject({
      status: 'unread',
      cancelled_at: null,
      cancelled_by: null,
      weekly_session_id: later.weeklySessionId,
      calendar_sequence: 2,
    });
    expect(await seatsTaken(later.weeklySessionId, s.date)).toBe(1);
    expect(await seatsTaken(occ.weeklySessionId, s.date)).toBe(0);
    // The pass pays again.
    expect((await useOf(b.id)).returned_at).toBeNull();
    const mails = await outboxTo(b.email);
    expect(mails).toHaveLength(3);
    expect(mails[2].ics).toMatchObject({ method: 'REQUEST', uid: b.uid, sequence: 2 });

    // Once booked again, the same link cannot book it a second time elsewhere by way of the gym's cancel.
    const again = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: occ.id } });
    expect(again.statusCode).toBe(409);
  });

  it('a closure cancels every booking to come in its dates (not the others), after a preview that lists them', async () => {
    const first = nextSession('Wrestling', { daysAhead: 3 });
    const second = nextSession('Wrestling', { daysAhead: 3, nth: 1 });
    const outside = nextSession('Wrestling', { daysAhead: 3, nth: 2 });
    const a = await book('Wrestling', first.startsAt, { language: 'de' });
    const b = await book('Wrestling', second.startsAt, { language: 'th' });
    const c = await book('Wrestling', outside.startsAt);
    const preview = await api('GET', `/api/timetable/closures/preview?startDate=${first.date}&endDate=${second.date}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const ids = preview.json().map((x: { id: number }) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(c.id);
    expect((await t.inject({ method: 'GET', url: `/api/timetable/closures/preview?startDate=${first.date}&endDate=${second.date}` })).statusCode).toBe(401);

    const res = await api('POST', '/api/timetable/closures', { startDate: first.date, endDate: second.date, reason: 'Songkran' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ startDate: first.date, endDate: second.date, bookingsCancelled: ids.length });
    expect(await row(a.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym', cancel_reason: 'Songkran' });
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
    expect(await row(c.id)).toMatchObject({ status: 'unread', cancelled_by: null });
    const de = (await outboxTo(a.email))[1];
    expect(de.ics).toMatchObject({ method: 'CANCEL', uid: a.uid, sequence: 1 });
    expect(de.text_body).toContain(MAIL_MESSAGES.de.gymReason('Songkran'));
    expect((await outboxTo(b.email))[1].text_body).toContain(MAIL_MESSAGES.th.gymReason('Songkran'));
    expect(await outboxTo(c.email)).toHaveLength(1);
    // The preview now lists nothing: those bookings are cancelled.
    expect((await api('GET', `/api/timetable/closures/preview?startDate=${first.date}&endDate=${second.date}`)).json()).toEqual([]);
    await api('DELETE', `/api/timetable/closures/${res.json().id}`);
  });

  it('one e-mail per person for a closure that cancels several of their bookings: every event cancelled in one calendar file', async () => {
    const first = nextSession('Brazilian Jiu Jitsu', { daysAhead: 3 });
    const second = nextSession('Brazilian Jiu Jitsu', { daysAhead: 3, nth: 1 });
    const email = `many-${backend}@example.com`;
    const a = await book('Brazilian Jiu Jitsu', first.startsAt, { language: 'zh', email });
    const b = await book('Brazilian Jiu Jitsu', second.startsAt, { language: 'zh', email });
    const res = await api('POST', '/api/timetable/closures', { startDate: first.date, endDate: second.date, reason: 'Typhoon' });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await outboxTo(email);
    // Two confirmations, then one e-mail for the closure.
    expect(mails).toHaveLength(3);
    const closing = mails[2];
    expect(closing.subject).toBe(MAIL_MESSAGES.zh.cancelledManySubject(2));
    expect(closing.text_body).toContain(MAIL_MESSAGES.zh.gymReason('Typhoon'));
    const cal = new ICAL.Component(ICAL.parse(calendarText(t.config, JSON.parse(closing.calendar!) as MailCalendarPart)));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    // The two confirmations' UIDs (the helper read the first e-mail to that address for both).
    expect(mails[1].ics!.uid).not.toBe(a.uid);
    expect(events.map((e) => [e.uid, e.sequence])).toEqual([
      [a.uid, 1],
      [mails[1].ics!.uid, 1],
    ]);
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
    // Each booking's own link to other sessions.
    expect(closing.text_body.match(/\/zh\/booking\/manage\/[A-Za-z0-9_-]{43}/g)).toHaveLength(2);
    await api('DELETE', `/api/timetable/closures/${res.json().id}`);
  });

  it('a weekly session that changes time: 409 session_has_bookings with their number, then the bookings move (or are cancelled) as asked', async () => {
    const wrestling = (await api('GET', '/api/timetable/classes')).json().find((c: { name: string }) => c.name === 'Wrestling');
    const day = isoWeekday(addDays(todayInZone(TZ), 2)) === 7 ? addDays(todayInZone(TZ), 3) : addDays(todayInZone(TZ), 2);
    const weekday = isoWeekday(day);
    const created = await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday, startTime: '19:00', capacity: 10, coach: null });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const at = zonedToInstant(day, '19:00', TZ).toISOString();
    const pass = await createTestOrder(db(), {
      kind: 'days-single',
      covers: 'mma',
      days: 14,
      credits: 10,
      startDate: todayInZone(TZ),
      endDate: addDays(todayInZone(TZ), 20),
    });
    const b = await book('Wrestling', at, { language: 'fr', passToken: pass.token });

    const refused = await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { startTime: '19:30' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'session_has_bookings', bookings: 1 });
    // A capacity change alone needs no answer about bookings.
    expect((await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { capacity: 12 })).statusCode).toBe(200);

    const moved = await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { startTime: '19:30', bookings: 'move' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ startTime: '19:30', bookingsChanged: 1 });
    const newAt = zonedToInstant(day, '19:30', TZ).toISOString();
    expect(await row(b.id)).toMatchObject({ status: 'unread', date_time: newAt, session_date: day, calendar_sequence: 1, free_cancel_until: newAt });
    expect(await seatsTaken(id, day)).toBe(1);
    const [, invite] = await outboxTo(b.email);
    expect(invite.ics).toMatchObject({ method: 'REQUEST', uid: b.uid, sequence: 1 });
    expect(invite.ics!.start.toISOString()).toBe(newAt);
    expect(invite.text_body).toContain(MAIL_MESSAGES.fr.movedByGym(DEFAULT_SITE_SETTINGS.name).slice(-40));

    // Within the deadline (336 h), a cancel keeps the credit, except for a class the gym moved.
    const page = await t.inject({ method: 'GET', url: `/api/bookings/manage/${b.token}` });
    expect(page.json()).toMatchObject({ state: 'booked', pass: { creditReturned: true } });
    const cancel = await t.inject({ method: 'POST', url: `/api/bookings/manage/${b.token}/cancel`, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ state: 'cancelled', cancelledBy: 'customer', pass: { creditReturned: true } });
    expect((await useOf(b.id)).returned_at).not.toBeNull();

    // "cancel": as the gym's cancel of point 1.
    const c = await book('Wrestling', newAt);
    const cancelled = await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { startTime: '20:00', bookings: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ bookingsChanged: 1 });
    expect(await row(c.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
    expect((await outboxTo(c.email))[1].ics).toMatchObject({ method: 'CANCEL', uid: c.uid, sequence: 1 });
    expect(await seatsTaken(id, day)).toBe(0);
    expect((await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { active: false })).statusCode).toBe(200);
  });

  it('a session moved to another day takes its pass use along: the old day is free again, the new one held', async () => {
    const wrestling = (await api('GET', '/api/timetable/classes')).json().find((c: { name: string }) => c.name === 'Wrestling');
    // A weekday D (Monday to Friday) at least two days ahead, so D + 1 is no Sunday.
    let day = addDays(todayInZone(TZ), 2);
    while (isoWeekday(day) >= 6) day = addDays(day, 1);
    const session = async (weekday: number, time: string) => {
      const r = await api('POST', '/api/timetable/weekly-sessions', { classId: wrestling.id, weekday, startTime: time, capacity: 10, coach: null });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const moving = await session(isoWeekday(day), '06:10');
    const early = await session(isoWeekday(day), '06:40');
    const next = await session(isoWeekday(addDays(day, 1)), '06:40');
    const pass = await createTestOrder(db(), {
      kind: 'days-single',
      covers: 'mma',
      days: 14,
      credits: 10,
      startDate: todayInZone(TZ),
      endDate: addDays(todayInZone(TZ), 20),
    });
    const b = await book('Wrestling', zonedToInstant(day, '06:10', TZ).toISOString(), { passToken: pass.token });
    expect((await useOf(b.id)).day_key).toBe(day);
    const moved = await api('PATCH', `/api/timetable/weekly-sessions/${moving}`, { weekday: isoWeekday(addDays(day, 1)), bookings: 'move' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await row(b.id)).toMatchObject({ session_date: addDays(day, 1) });
    expect(await useOf(b.id)).toMatchObject({ day_key: addDays(day, 1), session_date: addDays(day, 1), returned_at: null });
    // One session a day: day D is free for this pass again, D + 1 is taken.
    await book('Wrestling', zonedToInstant(day, '06:40', TZ).toISOString(), { passToken: pass.token });
    const refused = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: {
        name: 'Guest',
        email: `dayused-${backend}@example.com`,
        phone: null,
        course: 'Wrestling',
        dateTime: zonedToInstant(addDays(day, 1), '06:40', TZ).toISOString(),
        message: null,
        language: 'en',
        passToken: pass.token,
      },
    });
    expect(refused.json().code).toBe('pass_day_used');
    for (const id of [moving, early, next]) await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { active: false });
  });

  it('a session moved with two bookings of one person: one e-mail updating both events', async () => {
    const mma = (await api('GET', '/api/timetable/classes')).json().find((c: { name: string }) => c.name === 'MMA Training');
    const day = isoWeekday(addDays(todayInZone(TZ), 2)) === 7 ? addDays(todayInZone(TZ), 3) : addDays(todayInZone(TZ), 2);
    const created = await api('POST', '/api/timetable/weekly-sessions', {
      classId: mma.id,
      weekday: isoWeekday(day),
      startTime: '20:00',
      capacity: 10,
      coach: null,
    });
    const id = created.json().id as number;
    const email = `twice-${backend}@example.com`;
    const a = await book('MMA Training', zonedToInstant(day, '20:00', TZ).toISOString(), { email, language: 'de' });
    await book('MMA Training', zonedToInstant(addDays(day, 7), '20:00', TZ).toISOString(), { email, language: 'de' });
    const res = await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { startTime: '20:30', bookings: 'move' });
    expect(res.json()).toMatchObject({ bookingsChanged: 2 });
    const mails = await outboxTo(email);
    expect(mails).toHaveLength(3);
    expect(mails[2].subject).toBe(MAIL_MESSAGES.de.movedManySubject(2));
    const cal = new ICAL.Component(ICAL.parse(calendarText(t.config, JSON.parse(mails[2].calendar!) as MailCalendarPart)));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.sequence, e.startDate.toJSDate().toISOString()])).toEqual([
      [a.uid, 1, zonedToInstant(day, '20:30', TZ).toISOString()],
      [mails[1].ics!.uid, 1, zonedToInstant(addDays(day, 7), '20:30', TZ).toISOString()],
    ]);
    await api('PATCH', `/api/timetable/weekly-sessions/${id}`, { active: false });
  });

  // Each at once several times over: the two take the seat counter and the booking in one order,
  // so on PostgreSQL neither dies of a deadlock (a 500).
  it.each([2, 4, 6])('the gym’s cancel and the traveller’s own cancel at once: one cancel, one seat back, one e-mail (%i days ahead)', async (daysAhead) => {
    const s = nextSession('Luta Livre', { daysAhead });
    const occ = await occurrence('Luta Livre', s.date, '16:00');
    const pass = await createTestOrder(db(), {
      kind: 'days-single',
      covers: 'mma',
      days: 14,
      credits: 10,
      startDate: todayInZone(TZ),
      endDate: addDays(todayInZone(TZ), 20),
    });
    const b = await book('Luta Livre', occ.startsAt, { passToken: pass.token });
    const [gym, own] = await Promise.all([
      api('POST', `/api/timetable/weekly-sessions/${occ.weeklySessionId}/cancellations`, { date: s.date }),
      t.inject({ method: 'POST', url: `/api/bookings/manage/${b.token}/cancel`, payload: {} }),
    ]);
    expect(gym.statusCode, gym.body).toBe(201);
    expect([200, 409], own.body).toContain(own.statusCode);
    // Whichever came first cancelled it; the other found it cancelled.
    expect(gym.json().bookingsCancelled + (own.statusCode === 200 ? 1 : 0)).toBe(1);
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', calendar_sequence: 1, cancelled_by: gym.json().bookingsCancelled === 1 ? 'gym' : 'customer' });
    expect(await seatsTaken(occ.weeklySessionId, s.date)).toBe(0);
    // The gym's cancel gives the credit back; the traveller's, past the deadline (336 h), keeps it spent.
    expect((await useOf(b.id)).returned_at !== null).toBe(gym.json().bookingsCancelled === 1);
    expect(await outboxTo(b.email)).toHaveLength(2);
  });

  it('a booking of a class already begun is left alone and mailed nothing', async () => {
    const s = nextSession('MMA Training', { daysAhead: 2 });
    const b = await book('MMA Training', s.startsAt);
    // As if the class had begun: the booking's instant is in the past.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await db().updateTable('reservations').set({ date_time: past }).where('id', '=', b.id).execute();
    const occ = await occurrence('MMA Training', s.date, '17:00');
    const res = await api('POST', `/api/timetable/weekly-sessions/${occ.weeklySessionId}/cancellations`, { date: s.date });
    expect(res.json()).toMatchObject({ bookingsCancelled: 0 });
    expect(await row(b.id)).toMatchObject({ status: 'unread' });
    expect(await outboxTo(b.email)).toHaveLength(1);
  });

  it('a booking that waits for its seat while the gym calls the class off is refused once the cancel commits', async () => {
    const wrestling = (await api('GET', '/api/timetable/classes')).json().find((c: { name: string }) => c.name === 'Wrestling');
    const day = isoWeekday(addDays(todayInZone(TZ), 3)) === 7 ? addDays(todayInZone(TZ), 4) : addDays(todayInZone(TZ), 3);
    const created = await api('POST', '/api/timetable/weekly-sessions', {
      classId: wrestling.id,
      weekday: isoWeekday(day),
      startTime: '20:30',
      capacity: 5,
      coach: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const at = zonedToInstant(day, '20:30', TZ).toISOString();
    // The gym's cancel, held open after it locked the occurrence's seats (a slow transaction).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const cancel = db()
      .transaction()
      .execute(async (trx) => {
        await lockSeats(trx, { weeklySessionId: id, date: day });
        await trx
          .insertInto('session_cancellations')
          .values({ weekly_session_id: id, session_date: day, reason: 'Storm', created_at: new Date().toISOString() })
          .execute();
        locked();
        await gate;
      });
    await isLocked;
    const booking = t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Late Racer', email: `racer-${backend}@example.com`, phone: null, course: 'Wrestling', dateTime: at, message: null, language: 'en' },
    });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await cancel;
    const answer = await booking;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().code).toBe('class_not_held');
    expect(await seatsTaken(id, day)).toBe(0);
  });
});

describe('the gym’s e-mails in every language', () => {
  const config = {
    publicUrl: 'http://gym.test',
    timezone: TZ,
    mailFrom: 'Gym <bookings@gym.test>',
    notifyEmail: undefined,
    gym: bookingMailGym(DEFAULT_SITE_SETTINGS),
  };
  const startsAt = new Date('2030-06-03T01:00:00.000Z');
  const base = {
    to: 'x@example.com',
    name: 'Ana',
    reservationId: 7,
    course: 'Wrestling',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    gymDate: '2030-06-03',
    gymTime: '08:00',
    zoneLabel: 'Krabi time (UTC+7)',
    manageUrl: 'http://gym.test/booking/manage/abc',
    sequence: 1,
  };
  it.each(LANGUAGES)('%s: the cancel carries the reason and the link to other sessions; the move says the gym moved it', (language) => {
    const m = MAIL_MESSAGES[language];
    const cancelled = bookingCancelledMail(config, { ...base, language, cancelledBy: 'gym', reason: 'Flood' });
    expect(cancelled.text).toContain(m.gymReason('Flood'));
    expect(cancelled.text).toContain(m.rebookAction);
    expect(cancelled.text).toContain(m.cancelledByGym(DEFAULT_SITE_SETTINGS.name));
    const moved = bookingMovedMail(config, {
      ...base,
      language,
      manageUrl: null,
      byGym: true,
      previous: { startsAt, endsAt: base.endsAt, gymDate: '2030-06-03', gymTime: '08:00' },
    });
    expect(moved.text).toContain(m.movedByGym(DEFAULT_SITE_SETTINGS.name));
    const two = bookingsCancelledByGymMail(config, [
      { ...base, language, cancelledBy: 'gym', reason: 'Flood' },
      { ...base, language, reservationId: 8, cancelledBy: 'gym', reason: 'Flood' },
    ]);
    expect(two.subject).toBe(m.cancelledManySubject(2));
    expect(two.text).toContain(m.gymReason('Flood'));
    expect(two.text.split(m.rebookAction)).toHaveLength(3);
    const previous = { startsAt, endsAt: base.endsAt, gymDate: '2030-06-03', gymTime: '08:00' };
    const movedTwo = bookingsMovedByGymMail(config, [
      { ...base, language, manageUrl: null, byGym: true, previous },
      { ...base, language, manageUrl: null, byGym: true, previous, reservationId: 8 },
    ]);
    expect(movedTwo.subject).toBe(m.movedManySubject(2));
    expect(movedTwo.text).toContain(m.movedByGym(DEFAULT_SITE_SETTINGS.name));
  });
});
