import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { editSettings } from '../../../tests/helpers/orders';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { SEEDED_TIMES } from '../../../tests/helpers/sessions';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../shared/gym-time';
import { BOOKING_RANGE_MESSAGE } from '../../shared/schemas/reservations';
import { hashToken, newToken } from '../auth/tokens';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { fullDateTimeIn, mailMessages } from '../mail/templates/i18n';
import { queueDueReminders } from '../reminders/reminders.service';

// Issue 45 point 3 (decision 172): a move obeys every rule a new booking and a cancel obey. Each
// rule runs on both paths, a new booking of the class and a booking elsewhere moved to it by its
// manage link, and must answer alike: two years ahead at most, a closed day, a full class. Then the
// late-cancel window: a booking inside it that is cancelled keeps its credit spent, whether it was
// cancelled where it was booked or after a move to a class outside the window.
// The credit deadline is set to 14 days: a class in two days is inside it, one in a month is not.

const PATHS = ['new booking', 'move'] as const;
type Path = (typeof PATHS)[number];

/** An occurrence of a seeded class: its manage-move id and its start. */
interface Target {
  id: string;
  course: string;
  date: string;
  startsAt: string;
}

describe.each(backends)('a move obeys the booking and cancel rules on %s (issue 45)', (backend) => {
  let t: TestApp;
  let sources = 0;
  const db = () => t.app.ctx.db;
  const tz = () => t.config.timezone;
  const today = () => todayInZone(tz());
  /** A gym date `n` days ahead, never a Sunday (no class then). */
  const workday = (n: number) => {
    const d = addDays(today(), n);
    return isoWeekday(d) === 7 ? addDays(d, 1) : d;
  };
  const row = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const useOf = (id: number) => db().selectFrom('pass_uses').selectAll().where('reservation_id', '=', id).executeTakeFirstOrThrow();

  const session = async (course: string, date: string): Promise<Target> => {
    const s = await db()
      .selectFrom('weekly_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select('s.id')
      .where('c.name', '=', course)
      .where('s.weekday', '=', isoWeekday(date))
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    return { id: `${s.id}:${date}`, course, date, startsAt: zonedToInstant(date, SEEDED_TIMES[course][0], tz()).toISOString() };
  };
  const book = (target: Target, who: string, passToken?: string) =>
    t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...bookingPayload({ name: `Guest ${who}`, email: `${who}@example.com`, course: target.course, dateTime: target.startsAt }), passToken },
    });
  /** A booking's manage link (its token is e-mailed only: set here). */
  const manageToken = async (id: number) => {
    const token = newToken();
    await db()
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    return token;
  };
  const booked = async (target: Target, who: string, passToken?: string) => {
    const res = await book(target, who, passToken);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    return { id, token: await manageToken(id) };
  };
  const move = (token: string, to: Target) => t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId: to.id } });
  const cancel = (token: string) => t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });

  /**
   * The class `target`, reached by the path: booked as a new booking, or by moving there a booking
   * of a Wrestling class with room (each its own day), which must stay as it was when refused.
   */
  const reach = async (path: Path, target: Target) => {
    sources += 1;
    const who = `${path.replace(' ', '-')}-${sources}`;
    if (path === 'new booking') return { res: await book(target, who), unchanged: async () => {} };
    const from = await booked(await session('Wrestling', workday(40 + sources)), who);
    const before = await row(from.id);
    return { res: await move(from.token, target), unchanged: async () => expect(await row(from.id)).toEqual(before) };
  };

  /** A one-a-day pass covering MMA from today on, for the late-window cases. */
  const pass = (email: string) =>
    createTestOrder(db(), { kind: 'days-single', covers: 'mma', days: 60, credits: 5, startDate: today(), endDate: addDays(today(), 60), email });

  let closed: string;
  let full: Target;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = (await t.signIn('admin')).token;
    await editSettings(t, admin, (s) => {
      s.payments.cancelHours = 14 * 24;
    });
    closed = workday(20);
    const closure = await t.inject({ method: 'POST', url: '/api/timetable/closures', token: admin, payload: { startDate: closed, endDate: closed } });
    expect(closure.statusCode, closure.body).toBe(201);
    // One seat, taken: the Luta Livre class of that day is full.
    full = await session('Luta Livre', workday(22));
    await db()
      .updateTable('weekly_sessions')
      .set({ capacity: 1 })
      .where('id', '=', Number(full.id.split(':')[0]))
      .execute();
    expect((await book(full, 'filler')).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  // Each rule, each path: the same refusal, nothing changed.
  const REFUSALS: [rule: string, target: () => Promise<Target>, status: number, body: Record<string, unknown>][] = [
    ['the two-year horizon (three years ahead)', () => session('MMA Training', workday(3 * 365)), 400, { error: BOOKING_RANGE_MESSAGE, code: 'validation' }],
    ['a closure (a closed day)', () => session('Brazilian Jiu Jitsu', closed), 409, { code: 'class_not_held' }],
    ['capacity (a full class)', async () => full, 409, { error: 'This class is full', code: 'slot_full' }],
  ];

  it.each(REFUSALS.flatMap(([rule, ...r]) => PATHS.map((path) => [rule, path, ...r] as const)))(
    '%s: refused by the %s path',
    async (_rule, path, target, status, body) => {
      const { res, unchanged } = await reach(path, await target());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(body);
      await unchanged();
    },
  );

  // The late-cancel window: inside it, a cancel keeps the credit spent and counts as late.
  const LATE: Record<Path, (holder: string, passToken: string) => Promise<string>> = {
    // Booked two days ahead: already inside the 14-day window.
    'new booking': async (holder, passToken) => (await booked(await session('MMA Training', workday(2)), holder, passToken)).token,
    // Booked two days ahead, then moved to a class a month ahead (outside the window on its own).
    move: async (holder, passToken) => {
      const { token } = await booked(await session('MMA Training', workday(3)), holder, passToken);
      const moved = await move(token, await session('MMA Training', workday(30)));
      expect(moved.statusCode, moved.body).toBe(200);
      // Its page says so at once: a cancel now keeps the credit.
      expect(moved.json()).toMatchObject({ state: 'booked', pass: { creditReturned: false } });
      return token;
    },
  };

  it.each(PATHS)('the late-cancel window: inside it by the %s path, a cancel keeps the credit spent and is late', async (path) => {
    const holder = `late-${path.replace(' ', '-')}`;
    const order = await pass(`${holder}@example.com`);
    const token = await LATE[path](holder, order.token);
    const res = await cancel(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', pass: { creditReturned: false } });
    const id = res.json<{ id: number }>().id;
    expect((await useOf(id)).returned_at).toBeNull();
    expect(Boolean((await row(id)).late_cancel)).toBe(true);
  });

  it('a move made before the window leaves the new class its own window: the credit comes back', async () => {
    const order = await pass('early-mover@example.com');
    const { id, token } = await booked(await session('MMA Training', workday(25)), 'early-mover', order.token);
    expect((await move(token, await session('MMA Training', workday(32)))).statusCode).toBe(200);
    expect((await row(id)).late_since).toBeNull();
    const res = await cancel(token);
    expect(res.json()).toMatchObject({ state: 'cancelled', pass: { creditReturned: true } });
    expect((await useOf(id)).returned_at).not.toBeNull();
    expect(Boolean((await row(id)).late_cancel)).toBe(false);
  });

  it('a move inside the window keeps the deadline it had, through a second move too, and its e-mails state that deadline', async () => {
    const order = await pass('twice@example.com');
    const first = await session('MMA Training', workday(4));
    const { id, token } = await booked(first, 'twice', order.token);
    const deadline = new Date(Date.parse(first.startsAt) - 14 * 24 * 3_600_000).toISOString();
    expect((await move(token, await session('MMA Training', workday(33)))).statusCode).toBe(200);
    expect((await row(id)).late_since).toBe(deadline);
    const again = await move(token, await session('MMA Training', workday(34)));
    expect(again.json()).toMatchObject({ pass: { creditReturned: false, deadline } });
    // The moved e-mail states the deadline the booking keeps (past), not the new class's.
    const last = await db().selectFrom('outbox').selectAll().where('to_address', '=', 'twice@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const mail = renderedRow(t.config, last);
    expect(mail.subject).toMatch(/^Booking moved/);
    const sentence = mailMessages('en').passCancelRule(fullDateTimeIn('en', new Date(deadline), tz()));
    expect(mail.text_body).toContain(sentence);
    // So does its reminder, an hour before the class.
    const startsAt = Date.parse(again.json<{ startsAt: string }>().startsAt);
    expect(await queueDueReminders(t.app.ctx, new Date(startsAt - 3_600_000))).toBe(1);
    const reminder = await db().selectFrom('outbox').selectAll().where('to_address', '=', 'twice@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(renderedRow(t.config, reminder).text_body).toContain(sentence);
  });
});
