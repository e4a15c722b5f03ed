import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskLessonsDto, TrainerDto, TrainerScheduleDto } from '../../src/shared/api-types/trainers';
import type { PrivateLessonBookedDto } from '../../src/shared/api-types/private-lessons';
import { addDays, isoWeekday, zonedToInstant } from '../../src/shared/gym-time';
import { fromBool, nowIso } from '../../src/server/db/database';
import { parseCalendar } from '../helpers/calendar';
import { gymToday } from '../helpers/orders';
import { startPushService, type PushServiceStandIn } from '../helpers/push-service';
import { GYM_TIME_ZONE } from '../helpers/sessions';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import ICAL from 'ical.js';

// Issue 37 point 5: the trainer's own day and week (lessons and the classes they coach), a push
// to the trainer (only) for each new or cancelled lesson, the private calendar feed (parsed as
// iCalendar, revocable), and the desk's day of every trainer. On both databases.

const at = (date: string, time: string) => zonedToInstant(date, time, GYM_TIME_ZONE).toISOString();

describe.each(backends)('a trainer’s day on %s', (backend) => {
  let t: TestApp;
  let svc: PushServiceStandIn;
  let admin: string;
  let staff: string;
  let account: { token: string; id: number };
  let somchai: TrainerDto;
  const day = addDays(gymToday(), 2);

  beforeAll(async () => {
    svc = await startPushService();
    t = await createTestApp(backend, { pushAllowInsecureEndpoints: true });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    account = await t.signIn('trainer', { name: 'Somchai' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/trainers',
      token: admin,
      payload: { name: 'Kru Somchai', disciplines: ['Muay Thai'], userId: account.id },
    });
    somchai = res.json();
    await t.inject({
      method: 'PUT',
      url: `/api/trainers/${somchai.id}/availability`,
      token: admin,
      payload: { windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '18:00' })), exceptions: [] },
    });
    const cls = await t.app.ctx.db.selectFrom('classes').select('id').where('name', '=', 'Wrestling').executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('weekly_sessions')
      .values({
        class_id: cls.id,
        weekday: isoWeekday(day),
        start_time: '16:00',
        capacity: 10,
        coach: 'Kru Somchai',
        active: fromBool(true),
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await svc?.close();
  });

  const book = async (time: string, email: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/private-lessons',
      payload: {
        trainerId: somchai.id,
        startsAt: at(day, time),
        minutes: 60,
        discipline: 'Muay Thai',
        name: 'Lena Traveller',
        email,
        language: 'en',
        guests: 1,
        method: 'desk',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PrivateLessonBookedDto>().lesson;
  };

  it('pushes the trainer (and no other trainer) for a new lesson and for its cancel', async () => {
    const mine = svc.subscription('trainer');
    const sub = await t.inject({ method: 'POST', url: '/api/push/subscribe', payload: mine, token: account.token });
    expect(sub.statusCode, sub.body).toBeLessThan(300);
    const lesson = await book('09:00', 'push@example.com');
    await t.app.ctx.push.idle();
    await expect.poll(() => svc.receivedFor(mine.endpoint).length, { timeout: 5000 }).toBe(1);
    expect(svc.receivedFor(mine.endpoint)[0].payload).toMatchObject({ title: 'Nouveau cours privé', body: expect.stringContaining('Lena Traveller') });
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${lesson.id}/cancel`, token: staff })).statusCode).toBe(200);
    await expect.poll(() => svc.receivedFor(mine.endpoint).length, { timeout: 5000 }).toBe(2);
    expect(svc.receivedFor(mine.endpoint)[1].payload).toMatchObject({ title: 'Cours privé annulé' });
  });

  it('shows the trainer their own day: lessons and the classes they coach; never another trainer’s', async () => {
    await book('10:00', 'day@example.com');
    const me = await t.inject({ method: 'GET', url: '/api/trainers/me', token: account.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<TrainerDto>().id).toBe(somchai.id);
    const res = await t.inject({ method: 'GET', url: `/api/trainers/${somchai.id}/schedule?from=${day}&days=1`, token: account.token });
    expect(res.statusCode, res.body).toBe(200);
    const schedule = res.json<TrainerScheduleDto>();
    expect(schedule.lessons.map((l) => [l.time, l.name])).toEqual([['10:00', 'Lena Traveller']]);
    expect(schedule.classes).toEqual([{ date: day, time: '16:00', minutes: 60, className: 'Wrestling' }]);
    const other = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Nok' } });
    expect((await t.inject({ method: 'GET', url: `/api/trainers/${other.json<TrainerDto>().id}/schedule`, token: account.token })).statusCode).toBe(403);
    // The desk's list of lessons is staff's only.
    expect((await t.inject({ method: 'GET', url: '/api/private-lessons/day', token: account.token })).statusCode).toBe(403);
  });

  it('gives the desk every trainer’s day', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/private-lessons/day?date=${day}`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    const desk = res.json<DeskLessonsDto>();
    const mine = desk.trainers.find((x) => x.trainerId === somchai.id)!;
    expect(mine.lessons.map((l) => l.time)).toEqual(['10:00']);
    expect(desk.trainers.map((x) => x.name)).toContain('Kru Nok');
  });

  it('serves the private calendar feed as iCalendar, and stops serving it once revoked', async () => {
    const path = new URL(somchai.calendarFeedUrl!).pathname;
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const lesson = events.find((e) => e.summary.startsWith('Cours privé'))!;
    expect(lesson.summary).toBe('Cours privé · Lena Traveller');
    expect(lesson.startDate.toJSDate().toISOString()).toBe(at(day, '10:00'));
    expect(lesson.endDate.toJSDate().toISOString()).toBe(at(day, '11:00'));
    expect(events.some((e) => e.summary === 'Wrestling')).toBe(true);
    // The cancelled lesson is not in it.
    expect(events.filter((e) => e.summary.startsWith('Cours privé'))).toHaveLength(1);
    expect(parseCalendar(res.body).method).toBe('PUBLISH');

    const revoked = await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { calendarFeed: false } });
    expect(revoked.json<TrainerDto>().calendarFeedUrl).toBeNull();
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/calendar/trainer/0000.ics' })).statusCode).toBe(404);
  });
});
