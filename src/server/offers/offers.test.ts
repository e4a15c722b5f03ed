import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OffersDto } from '../../shared/api-types/offers';
import { bookingPayload } from '../../../tests/helpers/factories';
import { editSettings, fillLetterDetails, orderBody } from '../../../tests/helpers/orders';
import { testRoomType } from '../../../tests/helpers/stay-fixtures';
import { ALL_WEEK } from '../../../tests/helpers/trainers';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { writeDeferredMail, type DeferredMail } from '../mail/templates/deferred-mail';

// Issue 46 §2: GET /api/offers says what the booking journey can sell now and why not, from what
// each sale checks; a private lesson asked for without a trainer is e-mailed as a request.

describe.each(backends)('offers on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
  });
  afterAll(() => t?.close());

  const offers = async () => {
    const res = await t.inject({ method: 'GET', url: '/api/offers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<OffersDto>();
  };

  it('on an empty gym: classes and passes, a private lesson only as a request, no programme and no stay, each with why', async () => {
    expect(await offers()).toEqual({
      class: { available: true, reason: null },
      pass: { available: true, reason: null },
      programme: { available: false, reason: 'none' },
      stay: { available: false, reason: 'none' },
      private: { available: true, reason: null, how: 'request', courses: ['Private Training'] },
      waiver: false,
    });
  });

  it('says when the gym asks a waiver before the first class (the journey then points to My page)', async () => {
    const admin = (await t.signIn('admin')).token;
    const res = await t.inject({
      method: 'POST',
      url: '/api/waiver/versions',
      token: admin,
      payload: { texts: { en: 'At my own risk.' }, resign: 'unsigned' },
    });
    expect(res.statusCode).toBe(201);
    expect((await offers()).waiver).toBe(true);
  });

  it('a programme on sale whose letter cannot be issued says so; with the letter details it is on offer', async () => {
    await editSettings(t, admin, (s) => (s.programmes[0].onSale = true));
    expect((await offers()).programme).toEqual({ available: false, reason: 'letter' });
    // The sale refuses it too: the server is the one that knows.
    const buy = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ passId: 'muay-thai-6-months.programme', method: 'desk' }) });
    expect(buy.statusCode, buy.body).toBe(409);
    expect(buy.json<{ code: string }>().code).toBe('pass_not_on_sale');
    await editSettings(t, admin, fillLetterDetails);
    expect((await offers()).programme).toEqual({ available: true, reason: null });
  });

  it('a stay once a room type has a room and its deposit can be paid online; a trainer once one has weekly hours', async () => {
    await testRoomType(t.app.ctx, 1);
    // No PromptPay ID and no card provider: a stay's deposit could not be paid.
    expect((await offers()).stay).toEqual({ available: false, reason: 'payment' });
    await editSettings(t, admin, (s) => (s.payments.promptpayId = '0812345678'));
    expect((await offers()).stay).toEqual({ available: true, reason: null });
    const made = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Demo Coach', disciplines: ['muay-thai'] } });
    expect(made.statusCode, made.body).toBe(201);
    // No hours yet: no slot to offer, so still a request.
    expect((await offers()).private.how).toBe('request');
    const id = made.json<{ id: number }>().id;
    const hours = await t.inject({ method: 'PUT', url: `/api/trainers/${id}/availability`, token: admin, payload: { windows: ALL_WEEK, exceptions: [] } });
    expect(hours.statusCode, hours.body).toBe(200);
    expect((await offers()).private).toEqual({ available: true, reason: null, how: 'trainer', courses: [] });
  });

  it('a private lesson asked for through the booking form is e-mailed as a request, never as a booking', async () => {
    const payload = bookingPayload({ course: 'Private Training', email: 'request-46@example.com' });
    const res = await t.inject({ method: 'POST', url: '/api/reservations', payload });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.ctx.db
      .selectFrom('outbox')
      .select(['subject', 'template'])
      .where('to_address', '=', 'request-46@example.com')
      .executeTakeFirstOrThrow();
    expect(row.subject).toMatch(/^Request received: Private Training on /);
    const mail = writeDeferredMail(t.config, JSON.parse(row.template!) as DeferredMail);
    expect(mail.text).toContain('We received your request.');
    expect(mail.text).toContain('nothing is booked until then');
    expect(mail.text).not.toMatch(/booked\. See you|Booking confirmed/);
    // No event for the calendar: no time is agreed yet.
    expect(mail.calendar).toBeUndefined();
    // A class on the timetable is still confirmed as a booking.
    const booked = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingPayload({ email: 'class-46@example.com' }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const confirmed = await t.app.ctx.db.selectFrom('outbox').select('subject').where('to_address', '=', 'class-46@example.com').executeTakeFirstOrThrow();
    expect(confirmed.subject).toMatch(/^Booking confirmed: MMA Training/);
  });
});
