import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetailDto, CustomerProposalDto } from '../../src/shared/api-types';
import type { TrainerDto } from '../../src/shared/api-types/trainers';
import { addDays, isoWeekday } from '../../src/shared/gym-time';
import { runOffers } from '../../src/server/waitlist/waitlist-offers';
import { bookingFor, contactFor, customer, type Customer } from '../helpers/factories';
import { gymToday, orderBody } from '../helpers/orders';
import { nextSession } from '../helpers/sessions';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { ALL_WEEK, gymInstant } from '../helpers/trainers';

// Issue 45 point 2 (decision 173): a stranger who types a known customer's e-mail on a public
// form (contact, booking, order, waiting list, private lesson) does not rewrite that customer's
// name, phone or language; what they typed stays on their row and is offered on the customer's
// page, where staff adopt it in one action (audited). On both databases.

type Source = CustomerProposalDto['from'];

describe.each(backends)('a stranger cannot rewrite a customer on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let trainer: TrainerDto;
  let n = 0;

  beforeAll(async () => {
    // The offer job runs when the test says (the waiting list's case).
    t = await createTestApp(backend, {}, {}, { startWorkers: false });
    staff = (await t.signIn('staff')).token;
    const admin = (await t.signIn('admin')).token;
    const made = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Dam', disciplines: ['Muay Thai'] } });
    expect(made.statusCode, made.body).toBe(201);
    trainer = made.json<TrainerDto>();
    const put = await t.inject({
      method: 'PUT',
      url: `/api/trainers/${trainer.id}/availability`,
      token: admin,
      payload: { windows: ALL_WEEK, exceptions: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(() => t?.close());

  const post = async (url: string, payload?: object, token?: string) => {
    const res = await t.inject({ method: 'POST', url, payload, token });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };

  /** A customer known from their own first contact message: English, their name and phone. */
  async function knownCustomer(): Promise<{ who: Customer; id: number }> {
    const who = customer({ language: 'en' });
    await post('/api/contact', contactFor(who, { phone: who.phone }));
    const row = await t.app.ctx.db.selectFrom('customers').select('id').where('email_key', '=', who.email).executeTakeFirstOrThrow();
    return { who, id: row.id };
  }
  /** Someone else using the customer's address: another name, number and language. */
  const strangerWith = (email: string): Customer => ({ name: 'Иван Петров', email, phone: '+7 912 345 67 89', language: 'ru' });

  const detail = async (id: number) => {
    const res = await t.inject({ method: 'GET', url: `/api/customers/${id}`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerDetailDto>();
  };

  /** A full Wrestling session far ahead, its one seat taken by someone else. */
  async function fullSession() {
    n += 1;
    const s = nextSession('Wrestling', { daysAhead: 200 + n * 7 });
    const ws = await t.app.ctx.db
      .selectFrom('weekly_sessions as ws')
      .innerJoin('classes as c', 'c.id', 'ws.class_id')
      .select('ws.id')
      .where('c.name', '=', 'Wrestling')
      .where('ws.weekday', '=', isoWeekday(s.date))
      .executeTakeFirstOrThrow();
    const patched = await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${ws.id}`, token: staff, payload: { capacity: 1 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const taken = await post('/api/reservations', bookingFor(customer(), { course: 'Wrestling', dateTime: s.startsAt }));
    return { startsAt: s.startsAt, bookingId: taken.id as number };
  }

  /** Each public path, as the stranger sends it; where it keeps what was typed. */
  const paths: { path: string; kinds: Source['kind'][]; send: (s: Customer) => Promise<void> }[] = [
    { path: 'a contact message', kinds: ['message'], send: (s) => post('/api/contact', contactFor(s, { phone: s.phone })) },
    { path: 'a booking', kinds: ['booking'], send: (s) => post('/api/reservations', bookingFor(s, {}, { nth: (n += 1) })) },
    {
      path: 'an order',
      kinds: ['order'],
      send: (s) => post('/api/orders', orderBody({ method: 'desk', phone: s.phone, startDate: addDays(gymToday(), 3) }, s)),
    },
    {
      path: 'a waiting-list place, once booked',
      kinds: ['booking'],
      async send(s) {
        const full = await fullSession();
        await post('/api/waitlist', {
          course: 'Wrestling',
          dateTime: full.startsAt,
          name: s.name,
          email: s.email,
          phone: s.phone,
          language: s.language,
        });
        const cancelled = await t.inject({ method: 'PUT', url: `/api/reservations/${full.bookingId}/cancel`, token: staff });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(await runOffers(t.app.ctx)).toBe(1);
        // The place's link goes by e-mail only: the offer's, the newest to that address.
        const mails = await t.app.ctx.db.selectFrom('outbox').select('text_body').where('to_address', '=', s.email).orderBy('id', 'desc').execute();
        const token = mails.map((m) => /\/waitlist\/([A-Za-z0-9_-]{43})/.exec(m.text_body)?.[1]).find(Boolean);
        await post(`/api/waitlist/${token}/accept`);
      },
    },
    {
      path: 'a private lesson',
      kinds: ['booking', 'order'],
      async send(s) {
        n += 1;
        const payload = { trainerId: trainer.id, startsAt: gymInstant(addDays(gymToday(), 10 + n), '10:00'), minutes: 60, discipline: 'Muay Thai', guests: 1 };
        await post('/api/private-lessons', { ...payload, name: s.name, email: s.email, phone: s.phone, language: s.language, method: 'desk' });
      },
    },
  ];

  it.each(paths)("$path keeps the customer's name, phone and language, and offers what differs", async ({ kinds, send }) => {
    const { who, id } = await knownCustomer();
    const stranger = strangerWith(who.email);
    await send(stranger);
    const c = await detail(id);
    expect(c).toMatchObject({ name: who.name, phone: who.phone, language: 'en' });
    const offered = c.proposals.map((p) => [p.field, p.value]);
    expect(offered).toEqual([
      ['name', stranger.name],
      ['phone', stranger.phone],
      ['language', 'ru'],
    ]);
    for (const p of c.proposals) expect(kinds).toContain(p.from.kind);
    // The customer's own e-mails stay in their language.
    const row = await t.app.ctx.db.selectFrom('customers').select(['language', 'phone_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'en', phone_key: '+442079460958' });
  });

  it('offers a value once however often it is typed, and not what only differs in case or spacing', async () => {
    const { who, id } = await knownCustomer();
    const stranger = strangerWith(who.email);
    await post('/api/reservations', bookingFor(stranger, {}, { nth: (n += 1) }));
    await post('/api/contact', contactFor(stranger, { phone: '+7 (912) 345-67-89' }));
    await post('/api/reservations', bookingFor({ ...who, name: `  ${who.name.toUpperCase()} ` }, {}, { nth: (n += 1) }));
    const { proposals } = await detail(id);
    expect(proposals.map((p) => [p.field, p.from.kind])).toEqual([
      ['name', 'message'],
      ['phone', 'message'],
      ['language', 'message'],
    ]);
  });

  it('adopting a value updates the customer, is audited, and offers nothing more of that detail', async () => {
    const { who, id } = await knownCustomer();
    const stranger = strangerWith(who.email);
    const booking = await post('/api/reservations', bookingFor(stranger, {}, { nth: (n += 1) }));
    const from = { kind: 'booking', id: booking.id as number };
    // Staff only; a row of another customer is refused.
    expect((await t.inject({ method: 'POST', url: `/api/customers/${id}/adopt`, payload: { field: 'phone', from } })).statusCode).toBe(401);
    const other = await knownCustomer();
    const refused = await t.inject({ method: 'POST', url: `/api/customers/${other.id}/adopt`, token: staff, payload: { field: 'phone', from } });
    expect(refused.statusCode, refused.body).toBe(404);

    const res = await t.inject({ method: 'POST', url: `/api/customers/${id}/adopt`, token: staff, payload: { field: 'phone', from } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, field: 'phone', value: stranger.phone });
    const c = await detail(id);
    expect(c).toMatchObject({ name: who.name, phone: stranger.phone, language: 'en' });
    expect(c.proposals.map((p) => p.field)).toEqual(['name', 'language']);
    const row = await t.app.ctx.db.selectFrom('customers').select('phone_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone_key).toBe('+79123456789');
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['route', 'entity_id', 'summary'])
      .where('route', '=', '/api/customers/:id/adopt')
      .where('entity_id', '=', String(id))
      .where('status', '=', 200)
      .execute();
    expect(audit.map((a) => a.summary)).toContain(`phone taken from booking ${booking.id}`);

    const lang = await t.inject({ method: 'POST', url: `/api/customers/${id}/adopt`, token: staff, payload: { field: 'language', from } });
    expect(lang.statusCode, lang.body).toBe(200);
    expect((await detail(id)).language).toBe('ru');
  });

  it('creates a new customer with what was typed, and fills a known one’s missing phone', async () => {
    const fresh = customer({ language: 'ru' });
    await post('/api/reservations', bookingFor(fresh, {}, { nth: (n += 1) }));
    const created = await t.app.ctx.db.selectFrom('customers').selectAll().where('email_key', '=', fresh.email).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: fresh.name, phone: fresh.phone, language: 'ru' });

    const quiet = customer();
    await post('/api/contact', contactFor(quiet));
    const row = await t.app.ctx.db.selectFrom('customers').selectAll().where('email_key', '=', quiet.email).executeTakeFirstOrThrow();
    expect(row.phone).toBeNull();
    await post('/api/reservations', bookingFor(quiet, {}, { nth: (n += 1) }));
    const c = await detail(row.id);
    expect(c.phone).toBe(quiet.phone);
    expect(c.proposals).toEqual([]);
  });

  it("the privacy export shows what an order's buyer typed, and an erasure empties it", async () => {
    const { who } = await knownCustomer();
    const stranger = strangerWith(who.email);
    const order = await post('/api/orders', orderBody({ method: 'desk', phone: stranger.phone, startDate: addDays(gymToday(), 3) }, stranger));
    const exported = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${encodeURIComponent(who.email)}`, token: staff });
    expect(exported.statusCode, exported.body).toBe(200);
    const orders = exported.json<{ orders: { id: number; buyerName: string | null; buyerPhone: string | null }[] }>().orders;
    expect(orders).toContainEqual(expect.objectContaining({ id: order.id, buyerName: stranger.name, buyerPhone: stranger.phone }));
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: who.email } });
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await t.app.ctx.db.selectFrom('orders').select(['buyer_name', 'buyer_phone']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ buyer_name: null, buyer_phone: null });
  });

  it('a signed-in staff booking at the desk still updates the customer', async () => {
    const { who, id } = await knownCustomer();
    const day = nextSession('Muay Thai Beginner', { nth: (n += 1) }).date;
    const ws = await t.app.ctx.db
      .selectFrom('weekly_sessions as ws')
      .innerJoin('classes as c', 'c.id', 'ws.class_id')
      .select('ws.id')
      .where('c.name', '=', 'Muay Thai Beginner')
      .where('ws.weekday', '=', isoWeekday(day))
      .executeTakeFirstOrThrow();
    await post(
      '/api/desk/bookings',
      { sessionId: `${ws.id}:${day}`, name: 'Tom B. Booker', phone: '+44 7700 900123', email: who.email, source: 'walk_in', message: null },
      staff,
    );
    const c = await detail(id);
    expect(c).toMatchObject({ name: 'Tom B. Booker', phone: '+44 7700 900123' });
    expect(c.proposals).toEqual([]);
  });
});
