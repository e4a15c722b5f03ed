import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateLessonBookedDto } from '../../src/shared/api-types/private-lessons';
import type { TrainerDto, TrainerReportDto } from '../../src/shared/api-types/trainers';
import { addDays, zonedToInstant } from '../../src/shared/gym-time';
import { monthlyReport, shareOf } from '../../src/server/trainers/report.service';
import { gymToday } from '../helpers/orders';
import { GYM_TIME_ZONE } from '../helpers/sessions';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 37 point 6: paying the trainers. Per gym month and trainer: lessons taught, no-shows,
// cancelled lessons, and the share (a percentage of what the lessons sold for, or a fixed amount
// per lesson). On both databases.

const at = (date: string, time: string) => zonedToInstant(date, time, GYM_TIME_ZONE).toISOString();
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '18:00' }));

describe('a trainer’s share', () => {
  it('is a percentage of the revenue (to the satang) or a fixed amount per lesson', () => {
    expect(shareOf({ mode: 'percent', value: 40 }, 3, 350_000)).toBe(140_000);
    expect(shareOf({ mode: 'percent', value: 33 }, 1, 100_001)).toBe(33_000);
    expect(shareOf({ mode: 'fixed', value: 30_000 }, 3, 350_000)).toBe(90_000);
    expect(shareOf({ mode: 'fixed', value: 30_000 }, 0, 0)).toBe(0);
  });
});

describe.each(backends)('the monthly report on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let somchai: TrainerDto;
  let nok: TrainerDto;
  const day = addDays(gymToday(), 3);
  const month = day.slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const mk = async (name: string, share: object) => {
      const trainer = (await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name, share } })).json<TrainerDto>();
      await t.inject({ method: 'PUT', url: `/api/trainers/${trainer.id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
      return trainer;
    };
    somchai = await mk('Kru Somchai', { mode: 'percent', value: 50 });
    nok = await mk('Kru Nok', { mode: 'fixed', value: 30_000 });
    const book = async (trainerId: number, time: string, guests: 1 | 2) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/private-lessons',
        payload: {
          trainerId,
          startsAt: at(day, time),
          minutes: 60,
          discipline: 'Muay Thai',
          name: `Guest ${time}`,
          email: `g${time.slice(0, 2)}${trainerId}@example.com`,
          language: 'en',
          guests,
          method: 'desk',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PrivateLessonBookedDto>().lesson.id;
    };
    await book(somchai.id, '08:00', 1);
    await book(somchai.id, '10:00', 2);
    const noShow = await book(somchai.id, '12:00', 1);
    const cancelled = await book(somchai.id, '14:00', 1);
    await book(nok.id, '08:00', 1);
    await book(nok.id, '10:00', 1);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/reservations/${noShow}/attendance`, token: staff, payload: { attendance: 'no_show' } })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${cancelled}/cancel`, token: staff })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts lessons taught, no-shows and cancels per trainer once the day is over, with each share', async () => {
    const report = await monthlyReport(t.app.ctx, month, new Date(Date.parse(at(day, '23:00'))));
    const of = (id: number) => report.trainers.find((x) => x.trainerId === id)!;
    // 1,000 + 1,500 THB taught; half of it.
    expect(of(somchai.id)).toMatchObject({ lessonsTaught: 2, noShows: 1, cancelled: 1, revenueSatang: 250_000, shareSatang: 125_000 });
    expect(of(nok.id)).toMatchObject({
      lessonsTaught: 2,
      noShows: 0,
      cancelled: 0,
      revenueSatang: 200_000,
      share: { mode: 'fixed', value: 30_000 },
      shareSatang: 60_000,
    });
    // Lessons not given yet are not counted; another month has none.
    const before = await monthlyReport(t.app.ctx, month, new Date(Date.parse(at(day, '07:00'))));
    expect(before.trainers.find((x) => x.trainerId === somchai.id)).toMatchObject({ lessonsTaught: 0, cancelled: 1 });
    const other = await monthlyReport(t.app.ctx, '2020-01', new Date());
    expect(other.trainers.every((x) => x.lessonsTaught === 0)).toBe(true);
  });

  it('is the admin’s (GET /api/trainers/report): staff get 403, a bad month 400', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/trainers/report?month=${month}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json<TrainerReportDto>()
        .trainers.map((x) => x.name)
        .sort(),
    ).toEqual(['Kru Nok', 'Kru Somchai']);
    expect((await t.inject({ method: 'GET', url: `/api/trainers/report?month=${month}`, token: staff })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/trainers/report?month=2026-13', token: admin })).statusCode).toBe(400);
  });
});
