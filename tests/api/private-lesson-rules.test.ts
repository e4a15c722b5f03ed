import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateLessonBookedDto } from '../../src/shared/api-types/private-lessons';
import type { TrainerDto } from '../../src/shared/api-types/trainers';
import { addDays } from '../../src/shared/gym-time';
import { BOOKING_RANGE_MESSAGE } from '../../src/shared/schemas/reservations';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { editSettings, gymToday } from '../helpers/orders';
import { createTestOrder } from '../helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { ALL_WEEK, gymInstant as at } from '../helpers/trainers';

// Issue 45 point 3 (decision 172): a private lesson's move obeys every rule a new lesson and a
// cancel obey. Each rule runs on the three paths, a new lesson, a lesson moved by its manage link
// and one moved by staff, and must answer alike: two years ahead at most, a closed day, a trainer
// already taken, a trainer who does not teach the lesson's discipline. Then the late-cancel window:
// a new lesson inside it keeps its credit spent on a cancel; its manage link no longer moves it;
// staff may, and it stays late. The credit deadline is set to 14 days.

const PATHS = ['new lesson', 'move by link', 'move by staff'] as const;
type Path = (typeof PATHS)[number];

interface Target {
  trainerId: number;
  startsAt: string;
}

describe.each(backends)('a lesson’s move obeys the lesson and cancel rules on %s (issue 45)', (backend) => {
  let t: TestApp;
  let staff: string;
  let somchai: TrainerDto;
  let nok: TrainerDto;
  let sources = 0;
  const db = () => t.app.ctx.db;
  const day = (n: number) => addDays(gymToday(), n);
  const closed = day(20);
  const busyDay = day(21);
  const row = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const lesson = (over: Record<string, unknown>) => ({
    trainerId: somchai.id,
    minutes: 60,
    discipline: 'Muay Thai',
    name: 'Lena Traveller',
    language: 'en',
    guests: 1,
    method: 'desk',
    ...over,
  });
  const book = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/private-lessons', payload });
  /** A lesson's manage link (its token is e-mailed only: set here). */
  const manageToken = async (id: number) => {
    const token = newToken();
    await db()
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    return token;
  };
  const booked = async (over: Record<string, unknown>) => {
    const res = await book(lesson(over));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<PrivateLessonBookedDto>().lesson.id;
    return { id, token: await manageToken(id) };
  };
  const moveBy = (path: Exclude<Path, 'new lesson'>, l: { id: number; token: string }, to: Target) =>
    path === 'move by link'
      ? t.inject({ method: 'POST', url: `/api/private-lessons/manage/${l.token}/move`, payload: to })
      : t.inject({ method: 'POST', url: `/api/private-lessons/${l.id}/move`, token: staff, payload: to });

  /**
   * The trainer and time `to`, reached by the path: a new Muay Thai lesson there, or one with Kru
   * Somchai a month ahead (each its own day) moved there, which must stay as it was when refused.
   */
  const reach = async (path: Path, to: Target) => {
    sources += 1;
    const email = `${path.replaceAll(' ', '-')}-${sources}@example.com`;
    if (path === 'new lesson') return { res: await book(lesson({ ...to, email })), unchanged: async () => {} };
    const from = await booked({ startsAt: at(day(30 + sources), '10:00'), email });
    const before = await row(from.id);
    return { res: await moveBy(path, from, to), unchanged: async () => expect(await row(from.id)).toEqual(before) };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const trainer = async (name: string, disciplines: string[]) => {
      const res = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name, disciplines } });
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json<TrainerDto>();
      const put = await t.inject({ method: 'PUT', url: `/api/trainers/${made.id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
      expect(put.statusCode, put.body).toBe(200);
      return made;
    };
    somchai = await trainer('Kru Somchai', ['Muay Thai']);
    nok = await trainer('Kru Nok', ['BJJ']);
    await editSettings(t, admin, (s) => {
      s.payments.cancelHours = 14 * 24;
    });
    const closure = await t.inject({ method: 'POST', url: '/api/timetable/closures', token: admin, payload: { startDate: closed, endDate: closed } });
    expect(closure.statusCode, closure.body).toBe(201);
    // Kru Somchai is taken at 10:00 that day.
    await booked({ startsAt: at(busyDay, '10:00'), email: 'blocker@example.com' });
  });
  afterAll(() => t?.close());

  // Each rule, each path: the same refusal, nothing changed.
  const REFUSALS: [rule: string, to: () => Target, status: number, body: Record<string, unknown>][] = [
    [
      'the two-year horizon (three years ahead)',
      () => ({ trainerId: somchai.id, startsAt: at(day(3 * 365), '10:00') }),
      400,
      { error: BOOKING_RANGE_MESSAGE, code: 'validation' },
    ],
    ['a closure (a closed day)', () => ({ trainerId: somchai.id, startsAt: at(closed, '10:00') }), 409, { code: 'lesson_slot_unavailable' }],
    ['capacity (the trainer already taken)', () => ({ trainerId: somchai.id, startsAt: at(busyDay, '10:00') }), 409, { code: 'trainer_busy' }],
    [
      'the trainer’s disciplines (Kru Nok does not teach Muay Thai)',
      () => ({ trainerId: nok.id, startsAt: at(day(22), '10:00') }),
      400,
      { error: 'Kru Nok does not teach Muay Thai', code: 'validation' },
    ],
  ];

  it.each(REFUSALS.flatMap(([rule, ...r]) => PATHS.map((path) => [rule, path, ...r] as const)))(
    '%s: refused by the %s path',
    async (_rule, path, to, status, body) => {
      const { res, unchanged } = await reach(path, to());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(body);
      await unchanged();
    },
  );

  // The late-cancel window: a lesson inside it stays late on every path (or does not move at all).
  const pass = (date: string, email: string) =>
    createTestOrder(db(), { kind: 'private', covers: 'muay-thai', days: 1, credits: 1, startDate: date, endDate: date, amountSatang: 100_000, email });
  /** A lesson two to four days ahead (inside the 14-day window), paid with a private pass's credit. */
  const lateLesson = async (n: number, holder: string) => {
    const order = await pass(day(n), `${holder}@example.com`);
    return booked({ startsAt: at(day(n), '14:00'), email: order.email, method: undefined, passToken: order.token });
  };
  const cancelKeepsCredit = async (token: string) => {
    const res = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', pass: { creditReturned: false } });
    const id = res.json<{ id: number }>().id;
    const use = await db().selectFrom('pass_uses').select('returned_at').where('reservation_id', '=', id).executeTakeFirstOrThrow();
    expect(use.returned_at).toBeNull();
    expect(Boolean((await row(id)).late_cancel)).toBe(true);
  };
  const LATE: [path: Path, run: () => Promise<void>][] = [
    ['new lesson', async () => cancelKeepsCredit((await lateLesson(2, 'late-new')).token)],
    [
      'move by link',
      async () => {
        // Online, the move is refused past the deadline (a trainer's hour given back late is seldom sold again).
        const l = await lateLesson(3, 'late-link');
        const before = await row(l.id);
        const res = await moveBy('move by link', l, { trainerId: somchai.id, startsAt: at(day(40), '14:00') });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ code: 'class_started' });
        expect(await row(l.id)).toEqual(before);
      },
    ],
    [
      'move by staff',
      async () => {
        // Staff may move it a month ahead, outside the window on its own: it stays late.
        const l = await lateLesson(4, 'late-staff');
        const res = await moveBy('move by staff', l, { trainerId: somchai.id, startsAt: at(day(41), '14:00') });
        expect(res.statusCode, res.body).toBe(200);
        // The staff's move e-mailed a new link; its page says a cancel now keeps the credit.
        const token = await manageToken(l.id);
        const page = await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
        expect(page.json()).toMatchObject({ pass: { creditReturned: false } });
        expect(page.json().lessonMove).toBeUndefined();
        await cancelKeepsCredit(token);
      },
    ],
  ];

  it.each(LATE)('the late-cancel window: a lesson inside it, by the %s path, keeps its credit spent', async (_path, run) => run());
});
