import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateLessonBookedDto } from '../../src/shared/api-types/private-lessons';
import type { SlotListDto, TrainerDto } from '../../src/shared/api-types/trainers';
import { addDays } from '../../src/shared/gym-time';
import { releaseLessonsOfCancelledOrders } from '../../src/server/private-lessons/lesson-release';
import { gymToday, holdRanOut } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { ALL_WEEK, gymInstant } from '../helpers/trainers';

// Issue 37: a private lesson paid by card goes through the same order and Stripe Checkout as a
// pass (the official library against the stand-in on loopback): the trainer's time is held while
// the checkout is open, the paid webhook applied once however often it is told, and an unpaid
// checkout lapses and gives the time back.

const at = gymInstant;

describe.each(backends)('a private lesson paid by card on %s', (backend) => {
  let stand: StripeStandIn;
  let t: TestApp;
  let trainer: TrainerDto;
  const day = addDays(gymToday(), 9);

  const times = async () => {
    const res = await t.inject({ method: 'GET', url: `/api/private-lessons/slots?from=${day}&days=1&trainerId=${trainer.id}&minutes=60` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SlotListDto>().slots.map((s) => s.time);
  };
  const book = (time: string, email: string) =>
    t.inject({
      method: 'POST',
      url: '/api/private-lessons',
      payload: {
        trainerId: trainer.id,
        startsAt: at(day, time),
        minutes: 60,
        discipline: 'Muay Thai',
        name: 'Card Traveller',
        email,
        language: 'en',
        guests: 1,
        method: 'card',
      },
    });
  const sessionOf = (orderId: number) => [...stand.sessions.values()].find((s) => s.metadata.orderId === String(orderId))!;
  const status = async (reservationId: number) =>
    (await t.app.ctx.db.selectFrom('reservations').select('status').where('id', '=', reservationId).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(backend, { stripe: stand.settings });
    const admin = (await t.signIn('admin')).token;
    const res = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Card', disciplines: ['Muay Thai'] } });
    expect(res.statusCode, res.body).toBe(201);
    trainer = res.json<TrainerDto>();
    const put = await t.inject({
      method: 'PUT',
      url: `/api/trainers/${trainer.id}/availability`,
      token: admin,
      payload: { windows: ALL_WEEK, exceptions: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('opens a checkout for the private price, holds the time, and takes the paid webhook once, told twice at once', async () => {
    const res = await book('09:00', 'card-paid@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const { lesson, order } = res.json<PrivateLessonBookedDto>();
    expect(order).toMatchObject({ method: 'card' });
    expect(order!.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const session = sessionOf(order!.id);
    expect(session.amount_total).toBe(order!.amountSatang);
    expect(await times()).not.toContain('09:00');

    const event = stand.pay(session.id);
    const answers = await Promise.all([stand.deliver(t.app, event), stand.deliver(t.app, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const lines = await t.app.ctx.db.selectFrom('order_payments').select(['kind', 'method', 'amount_satang']).where('order_id', '=', order!.id).execute();
    expect(lines).toEqual([{ kind: 'payment', method: 'card', amount_satang: order!.amountSatang }]);
    // Paid: the lesson keeps its time, even once the hold would have run out.
    await holdRanOut(t, order!.id);
    expect(await releaseLessonsOfCancelledOrders(t.app.ctx)).toBe(0);
    expect(await status(lesson.id)).not.toBe('cancelled');
    expect(await times()).not.toContain('09:00');
  });

  it('an unpaid checkout lapses: the lesson is cancelled by the gym and the time is free again', async () => {
    const res = await book('14:00', 'card-unpaid@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const { lesson, order } = res.json<PrivateLessonBookedDto>();
    expect(await times()).not.toContain('14:00');
    await holdRanOut(t, order!.id);
    expect(await releaseLessonsOfCancelledOrders(t.app.ctx)).toBe(1);
    expect(await status(lesson.id)).toBe('cancelled');
    expect(await times()).toContain('14:00');
  });
});
