import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../../src/server/customers/customers.repository';
import { addLedgerLine } from '../../src/server/ledger/ledger.repository';
import { addDays, todayInZone } from '../../src/shared/gym-time';
import type { CustomerDetailDto, CustomerPageDto } from '../../src/shared/api-types';
import { bookingFor, contactFor, customer, CUSTOMERS, uniqueTag, type Customer } from '../helpers/factories';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 21 point 2: one person across bookings, orders, payments and conversations; the back
// office finds them, reads their history and merges two records of the same person.
describe.each(backends)('customers on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string) => {
    const res = await t.inject({ method: 'GET', url, token: staff });
    return { status: res.statusCode, body: res.json<T>() };
  };
  /** As staff, or anonymously with null. */
  const merge = (id: number, otherId: unknown, token: string | null = staff) =>
    t.inject({ method: 'POST', url: `/api/customers/${id}/merge`, token: token ?? undefined, payload: { otherId } });

  /** A booking through the public API, linked to its customer (as the booking service does once it links bookings itself). */
  async function book(who: Customer, nth = 0): Promise<{ bookingId: number; customerId: number }> {
    const res = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(who, {}, { nth }) });
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().id as number;
    const db = t.app.ctx.db;
    const linked = await db.selectFrom('reservations').select('customer_id').where('id', '=', bookingId).executeTakeFirstOrThrow();
    const customerId = linked.customer_id ?? (await findOrCreateCustomer(db, who))!.id;
    await db.updateTable('reservations').set({ customer_id: customerId }).where('id', '=', bookingId).execute();
    return { bookingId, customerId };
  }

  const today = () => todayInZone(t.config.timezone);

  /** An order written straight to the table (the orders service is another domain's). */
  async function insertOrder(
    customerId: number,
    o: { amount: number; deposit?: number; credits?: number | null; start?: string; days?: number; expiresAt?: string | null },
  ) {
    const start = o.start ?? today();
    const days = o.days ?? 7;
    const now = new Date().toISOString();
    return t.app.ctx.db
      .insertInto('orders')
      .values({
        reference: `GYM-${randomBytes(3).toString('hex').toUpperCase()}`,
        token_hash: randomBytes(32).toString('hex'),
        customer_id: customerId,
        pass_id: 'week-single.muay-thai',
        pass_name: '1 week, one session/day — Muay Thai',
        pass_kind: 'days-single',
        pass_covers: 'muay-thai',
        pass_days: days,
        credits: o.credits === undefined ? days : o.credits,
        start_date: start,
        end_date: addDays(start, days - 1),
        amount_satang: o.amount,
        deposit_satang: o.deposit ?? 0,
        method: 'desk',
        expires_at: o.expiresAt ?? null,
        cancelled_at: null,
        stripe_session_id: null,
        slip_key: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  it('finds a customer by a name in another case or script, and by phone however it is typed', async () => {
    const ivan = { ...CUSTOMERS.ivan, email: `ivan-${uniqueTag()}@example.com` };
    const { customerId } = await book(ivan);
    await book(customer({ language: 'en' }));
    for (const q of ['иван', 'ИВАН', 'Петров', ivan.email.toUpperCase(), '+7 912 345 67 89', '9123456789', '912-345']) {
      const { status, body } = await get<CustomerPageDto>(`/api/customers?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(
        body.items.map((c) => c.id),
        q,
      ).toEqual([customerId]);
    }
    const none = await get<CustomerPageDto>(`/api/customers?q=${encodeURIComponent('нет такого')}`);
    expect(none.body).toMatchObject({ items: [], total: 0, page: 1, pageSize: 25 });
    // Without a search: everyone, paged.
    const page = await get<CustomerPageDto>('/api/customers?pageSize=1&page=2');
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    expect(page.body.items).toHaveLength(1);
    expect(page.body).toMatchObject({ page: 2, pageSize: 1 });
  });

  it("shows a customer's bookings, passes with credits and days left, payments, balance owed and conversations", async () => {
    const who = customer({ language: 'de' });
    const first = await book(who, 0);
    const second = await book(who, 1);
    const id = first.customerId;
    expect(second.customerId).toBe(id);
    const marked = await t.inject({ method: 'PUT', url: `/api/reservations/${first.bookingId}/attendance`, token: staff, payload: { attendance: 'present' } });
    expect(marked.statusCode, marked.body).toBe(200);

    // A week pass from two days ago: deposit paid, one credit held, one given back.
    const week = await insertOrder(id, { amount: 300_000, deposit: 100_000, start: addDays(today(), -2) });
    await addLedgerLine(t.app.ctx.db, { orderId: week.id, kind: 'payment', method: 'cash', amountSatang: 100_000 });
    const at = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('pass_uses')
      .values([
        { order_id: week.id, reservation_id: first.bookingId, session_date: today(), day_key: today(), slot_key: null, returned_at: null, created_at: at },
        { order_id: week.id, reservation_id: second.bookingId, session_date: today(), day_key: null, slot_key: null, returned_at: at, created_at: at },
      ])
      .execute();
    // Paid, then paid back; and an online order that lapsed unpaid: neither owes anything.
    const single = await insertOrder(id, { amount: 25_000, credits: 1, days: 1, start: addDays(today(), 3) });
    await addLedgerLine(t.app.ctx.db, { orderId: single.id, kind: 'payment', method: 'promptpay', amountSatang: 25_000 });
    await addLedgerLine(t.app.ctx.db, { orderId: single.id, kind: 'refund', method: 'promptpay', amountSatang: 25_000, note: 'Flight cancelled' });
    const lapsed = await insertOrder(id, { amount: 50_000, expiresAt: new Date(Date.now() - 60_000).toISOString() });

    const wrote = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactFor(who, { subject: 'Visum', message: 'Brauche ich eine Bestätigung?' }),
    });
    expect(wrote.statusCode, wrote.body).toBe(201);

    const { status, body } = await get<CustomerDetailDto>(`/api/customers/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: who.name, email: who.email, phone: who.phone, language: 'de', owedSatang: 200_000, bookingCount: 2 });
    expect(body.mergedFromId).toBeUndefined();
    const bookings = new Map(body.bookings.map((b) => [b.id, b]));
    expect(bookings.get(first.bookingId)).toMatchObject({ course: 'MMA Training', status: 'unread', attendance: 'present', passOrderId: week.id });
    expect(bookings.get(second.bookingId)).toMatchObject({ attendance: null, passOrderId: null });

    const orders = new Map(body.orders.map((o) => [o.id, o]));
    expect(orders.get(week.id)).toMatchObject({
      status: 'deposit-paid',
      paidSatang: 100_000,
      owedSatang: 200_000,
      credits: 7,
      creditsUsed: 1,
      creditsLeft: 6,
      daysLeft: 5,
      startDate: addDays(today(), -2),
      endDate: addDays(today(), 4),
    });
    expect(orders.get(single.id)).toMatchObject({ status: 'refunded', paidSatang: 25_000, refundedSatang: 25_000, owedSatang: 0, creditsLeft: 1, daysLeft: 1 });
    expect(orders.get(lapsed.id)).toMatchObject({ status: 'expired', owedSatang: 0, daysLeft: 7 });

    expect(body.payments.map((p) => [p.orderReference, p.kind, p.method, p.amountSatang])).toEqual([
      [single.reference, 'refund', 'promptpay', 25_000],
      [single.reference, 'payment', 'promptpay', 25_000],
      [week.reference, 'payment', 'cash', 100_000],
    ]);
    expect(body.conversations).toEqual([
      expect.objectContaining({ subject: 'Visum', status: 'new', lastMessage: { senderType: 'customer', excerpt: 'Brauche ich eine Bestätigung?' } }),
    ]);
    // The list carries the same balance.
    const listed = await get<CustomerPageDto>(`/api/customers?q=${encodeURIComponent(who.email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id, owedSatang: 200_000 })]);
  });

  it('merges two records of one person: everything moves, the e-mail is kept, and a second merge is refused', async () => {
    // The desk knew Somchai by phone; he later booked and wrote online with his e-mail.
    const phoneOnly = (await findOrCreateCustomer(t.app.ctx.db, { name: 'Somchai', email: null, phone: '+66 89 111 2233', language: 'th' }))!;
    const online = customer({ language: 'th', phone: '+66 89 999 0000' });
    const { bookingId, customerId: otherId } = await book(online);
    const order = await insertOrder(otherId, { amount: 80_000 });
    await addLedgerLine(t.app.ctx.db, { orderId: order.id, kind: 'payment', method: 'card', amountSatang: 80_000, externalId: `pi_${uniqueTag()}` });
    expect((await t.inject({ method: 'POST', url: '/api/contact', payload: contactFor(online) })).statusCode).toBe(201);

    const res = await merge(phoneOnly.id, otherId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: phoneOnly.id, mergedId: otherId, moved: { bookings: 1, orders: 1, conversations: 1 } });

    const kept = await get<CustomerDetailDto>(`/api/customers/${phoneOnly.id}`);
    expect(kept.body).toMatchObject({ name: 'Somchai', email: online.email, phone: '+66 89 111 2233', owedSatang: 0, bookingCount: 1 });
    expect(kept.body.bookings.map((b) => b.id)).toEqual([bookingId]);
    expect(kept.body.orders.map((o) => [o.id, o.status])).toEqual([[order.id, 'paid']]);
    expect(kept.body.payments).toHaveLength(1);
    expect(kept.body.conversations).toHaveLength(1);
    // The merged id answers the record it went into; the list shows one person.
    const followed = await get<CustomerDetailDto>(`/api/customers/${otherId}`);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ id: phoneOnly.id, mergedFromId: otherId });
    const listed = await get<CustomerPageDto>(`/api/customers?q=${encodeURIComponent(online.email)}`);
    expect(listed.body.items.map((c) => c.id)).toEqual([phoneOnly.id]);
    // The e-mail key is free and now the kept record's: the next booking under it lands there.
    expect((await findOrCreateCustomer(t.app.ctx.db, online))!.id).toBe(phoneOnly.id);
    const audit = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('route', '=', '/api/customers/:id/merge').execute();
    expect(audit.map((a) => [a.entity_id, a.status])).toEqual(
      expect.arrayContaining([
        [String(phoneOnly.id), 200],
        [String(otherId), 200],
      ]),
    );

    // Again, or into the merged record, or into itself: refused with a code, nothing changes.
    const again = await merge(phoneOnly.id, otherId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('customer_merged');
    const intoMerged = await merge(otherId, phoneOnly.id);
    expect(intoMerged.statusCode).toBe(409);
    expect(intoMerged.json().code).toBe('customer_merged');
    const self = await merge(phoneOnly.id, phoneOnly.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('merge_same_customer');
    expect((await merge(phoneOnly.id, 999_999)).statusCode).toBe(404);
    expect((await merge(phoneOnly.id, 'two')).statusCode).toBe(400);
    const after = await get<CustomerDetailDto>(`/api/customers/${phoneOnly.id}`);
    expect(after.body.bookingCount).toBe(1);
  });

  it('answers staff only: anonymous callers get 401 and nothing', async () => {
    const { customerId } = await book(customer());
    const other = await book(customer());
    for (const res of [
      await t.inject({ method: 'GET', url: '/api/customers' }),
      await t.inject({ method: 'GET', url: `/api/customers/${customerId}` }),
      await merge(customerId, other.customerId, null),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    const stillThere = await get<CustomerDetailDto>(`/api/customers/${other.customerId}`);
    expect(stillThere.body.mergedFromId).toBeUndefined();
    expect((await get(`/api/customers/999999`)).status).toBe(404);
  });
});
