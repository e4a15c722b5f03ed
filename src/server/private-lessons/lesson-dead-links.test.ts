import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateLessonBookedDto } from '../../shared/api-types/private-lessons';
import type { TrainerDto } from '../../shared/api-types/trainers';
import { addDays } from '../../shared/gym-time';
import { gymToday } from '../../../tests/helpers/orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ALL_WEEK, gymInstant as at } from '../../../tests/helpers/trainers';
import { hashToken, newToken } from '../auth/tokens';

// Issue 47 point 3 (decision 184): a private lesson's link (a booking's manage link) says what
// became of it: moved by staff (whose e-mail carries a new link; the first keeps showing the
// lesson, read only), cancelled, or over (it took place). Never a 404 while the lesson exists.

describe.each(backends)('no dead private lesson link on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let trainer: TrainerDto;
  let n = 0;
  const db = () => t.app.ctx.db;
  const day = (k: number) => addDays(gymToday(), k);
  const get = (token: string) => t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
  const moveByLink = (token: string, startsAt: string) =>
    t.inject({ method: 'POST', url: `/api/private-lessons/manage/${token}/move`, payload: { trainerId: trainer.id, startsAt } });
  /** A lesson booked at the desk, and its manage link (e-mailed only: set here). */
  const lesson = async (startsAt: string) => {
    n += 1;
    const res = await t.inject({
      method: 'POST',
      url: '/api/private-lessons',
      payload: {
        trainerId: trainer.id,
        minutes: 60,
        discipline: 'Muay Thai',
        name: 'Lena',
        email: `lesson${n}@example.com`,
        language: 'en',
        guests: 1,
        method: 'desk',
        startsAt,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<PrivateLessonBookedDto>().lesson.id;
    const token = newToken();
    await db()
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    return { id, token };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.ctx.mail.stop();
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const made = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Dead', disciplines: ['Muay Thai'] } });
    trainer = made.json<TrainerDto>();
    await t.inject({ method: 'PUT', url: `/api/trainers/${trainer.id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
  });
  afterAll(() => t?.close());

  it('moved by staff: the first link shows the lesson at its new time, read only', async () => {
    const l = await lesson(at(day(20), '10:00'));
    const moved = await t.inject({ method: 'POST', url: `/api/private-lessons/${l.id}/move`, token: staff, payload: { startsAt: at(day(21), '11:00') } });
    expect(moved.statusCode, moved.body).toBe(200);
    const page = await get(l.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ state: 'booked', outcome: 'upcoming', moved: true, link: 'earlier', date: day(21), time: '11:00', canCancel: false });
    expect(page.json().lessonMove).toBeUndefined();
    const again = await moveByLink(l.token, at(day(22), '10:00'));
    expect([again.statusCode, again.json().code]).toEqual([409, 'link_superseded']);
  });

  it('cancelled: the link says who cancelled it; a move from it is 409, not 404', async () => {
    const l = await lesson(at(day(23), '10:00'));
    expect((await t.inject({ method: 'POST', url: `/api/bookings/manage/${l.token}/cancel`, payload: {} })).statusCode).toBe(200);
    expect((await get(l.token)).json()).toMatchObject({ state: 'cancelled', outcome: 'cancelled_by_customer' });
    const move = await moveByLink(l.token, at(day(24), '10:00'));
    expect([move.statusCode, move.json().code]).toEqual([409, 'booking_cancelled']);
  });

  it('a past lesson says it took place', async () => {
    const l = await lesson(at(day(25), '10:00'));
    await db()
      .updateTable('reservations')
      .set({ date_time: new Date(Date.now() - 3 * 86_400_000).toISOString(), attendance: 'present' })
      .where('id', '=', l.id)
      .execute();
    expect((await get(l.token)).json()).toMatchObject({ state: 'booked', outcome: 'took_place', attendance: 'present' });
  });
});
