import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../helpers/stripe-stand-in';
import { customer } from '../helpers/factories';
import { editSettings, orderBody } from '../helpers/orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Money is exact and audited (issue 21, point 5): staff record payments, admins refund, never
// more than owed or paid, also when twenty requests arrive at once; every change is in the
// audit log with who made it. Passes sold at the desk; the back office's list.

describe.each(backends)('order payments and refunds on %s', (backend) => {
  let t: TestApp;
  let admin: { token: string; id: number };
  let staff: { token: string; id: number };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
    staff = await t.signIn('staff');
    await editSettings(t, admin.token, (s) => {
      s.payments.promptpayId = '0812345678';
    });
  });
  afterAll(() => t?.close());

  const newOrder = async (overrides: Parameters<typeof orderBody>[0] = {}) => {
    const res = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; token: string; reference: string }>();
  };
  const pay = (id: number, amountSatang: number, token = staff.token, method = 'cash') =>
    t.inject({ method: 'POST', url: `/api/orders/${id}/payments`, token, payload: { amountSatang, method } });
  const refund = (id: number, amountSatang: number, token = admin.token, extra: object = {}, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: `/api/orders/${id}/refunds`, token, payload: { amountSatang, ...extra }, headers });

  it('records payments up to what is owed and refuses more (409)', async () => {
    const o = await newOrder();
    const over = await pay(o.id, 150_001);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('payment_exceeds_owed');
    const part = await pay(o.id, 50_000);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ paidSatang: 50_000, owedSatang: 100_000, status: 'awaiting-payment' });
    const rest = await pay(o.id, 100_000, staff.token, 'transfer');
    expect(rest.json()).toMatchObject({ paidSatang: 150_000, owedSatang: 0, status: 'paid' });
    expect(rest.json().ledger.map((l: { method: string; amountSatang: number }) => [l.method, l.amountSatang])).toEqual([
      ['cash', 50_000],
      ['transfer', 100_000],
    ]);
    expect((await pay(o.id, 1)).json().code).toBe('payment_exceeds_owed');
    const line = await t.app.ctx.db.selectFrom('order_payments').selectAll().where('order_id', '=', o.id).orderBy('id').executeTakeFirstOrThrow();
    expect(line.user_id).toBe(staff.id);
  });

  it('refunds only for admins, never more than paid minus refunded', async () => {
    const o = await newOrder();
    await pay(o.id, 150_000);
    const byStaff = await refund(o.id, 10_000, staff.token);
    expect(byStaff.statusCode).toBe(403);
    const tooMuch = await refund(o.id, 150_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('refund_exceeds_paid');
    const part = await refund(o.id, 50_000, admin.token, { note: 'one class missed' });
    expect(part.statusCode, part.body).toBe(201);
    // A partial refund is money given back, not a debt: partly refunded, nothing owed (shared/ledger.ts orderState).
    expect(part.json()).toMatchObject({ paidSatang: 150_000, refundedSatang: 50_000, owedSatang: 0, status: 'partly-refunded' });
    expect((await refund(o.id, 100_001)).json().code).toBe('refund_exceeds_paid');
    const all = await refund(o.id, 100_000);
    expect(all.json()).toMatchObject({ refundedSatang: 150_000, status: 'refunded' });
    expect((await refund(o.id, 1)).statusCode).toBe(409);
  });

  it('twenty parallel payments, then twenty parallel refunds, never exceed the amount', async () => {
    const o = await newOrder();
    const pays = await Promise.all(Array.from({ length: 20 }, () => pay(o.id, 30_000)));
    expect(pays.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(pays.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const refunds = await Promise.all(Array.from({ length: 20 }, () => refund(o.id, 10_000)));
    expect(refunds.filter((r) => r.statusCode === 201)).toHaveLength(15);
    expect(refunds.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'refund_exceeds_paid')).toBe(true);
    const view = (await t.inject({ method: 'GET', url: `/api/orders/${o.id}`, token: staff.token })).json();
    expect(view).toMatchObject({ paidSatang: 150_000, refundedSatang: 150_000, status: 'refunded' });
  });

  it('refunds card money through the provider once per Idempotency-Key, also in parallel', async () => {
    const stand = await startStripeStandIn();
    const card = await createTestApp(backend, { stripe: stand.settings });
    const cardAdmin = await card.signIn('admin');
    const refund = (id: number, amountSatang: number, _token: string, extra: object, headers: Record<string, string>) =>
      card.inject({ method: 'POST', url: `/api/orders/${id}/refunds`, token: cardAdmin.token, payload: { amountSatang, ...extra }, headers });
    try {
      const made = await card.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method: 'card', passId: 'day.mma' }) });
      expect(made.statusCode, made.body).toBe(201);
      const o = made.json<{ id: number }>();
      const [session] = [...stand.sessions.values()].filter((x) => x.metadata.orderId === String(o.id));
      const event = stand.pay(session.id);
      expect((await stand.deliver(card.app, event)).statusCode).toBe(200);
      const pi = stand.sessions.get(session.id)!.payment_intent!;
      const key = `refund-${o.id}`;
      const same = await Promise.all(Array.from({ length: 20 }, () => refund(o.id, 40_000, admin.token, {}, { 'idempotency-key': key })));
      expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const lines = await card.app.ctx.db.selectFrom('order_payments').selectAll().where('order_id', '=', o.id).where('kind', '=', 'refund').execute();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: 'card', amount_satang: 40_000 });
      expect(lines[0].external_id).toMatch(/^re_/);
      const calls = stand.calls.filter((c) => c.path === '/v1/refunds' && c.method === 'POST');
      expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
      expect(calls[0].body).toMatchObject({ payment_intent: pi, amount: '40000' });
      expect([...stand.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
      // Another refund: another key; the total stays within what was paid.
      expect((await refund(o.id, 60_001, admin.token, {}, { 'idempotency-key': `${key}-2` })).json().code).toBe('refund_exceeds_paid');
      const rest = await refund(o.id, 60_000, admin.token, {}, { 'idempotency-key': `${key}-3` });
      expect(rest.json()).toMatchObject({ refundedSatang: 100_000, status: 'refunded' });
    } finally {
      await card.close();
      await stand.close();
    }
  });

  it('cancels only an order with nothing paid net; a cancelled order takes no payment', async () => {
    const paid = await newOrder();
    await pay(paid.id, 10_000);
    const refused = await t.inject({ method: 'POST', url: `/api/orders/${paid.id}/cancel`, token: staff.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_has_payments');
    const o = await newOrder();
    const cancelled = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, token: staff.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().cancelledAt).not.toBeNull();
    expect((await pay(o.id, 10_000)).json().code).toBe('order_closed');
    const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` });
    expect(page.json()).toMatchObject({ status: 'cancelled' });
    expect(page.json().promptpay).toBeUndefined();
  });

  it('writes every staff change to the audit log with who and when', async () => {
    const o = await newOrder();
    await pay(o.id, 20_000);
    await refund(o.id, 5_000);
    await refund(o.id, 5_000, staff.token);
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', String(o.id))
      .where('entity_type', '=', 'orders')
      .orderBy('id')
      .execute();
    const of = (route: string) => entries.filter((e) => e.route === route);
    expect(of('/api/orders/:id/payments')[0]).toMatchObject({ user_id: staff.id, method: 'POST', status: 201 });
    expect(of('/api/orders/:id/refunds').map((e) => [e.user_id, e.status])).toEqual([
      [admin.id, 201],
      [staff.id, 403],
    ]);
    expect(entries.some((e) => e.route === '/api/orders' && e.user_id === null && e.summary?.includes(o.reference))).toBe(true);
    for (const e of entries) expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
  });

  it('sells a pass at the desk with the money taken now; a phone is enough', async () => {
    const who = customer();
    const res = await t.inject({
      method: 'POST',
      url: '/api/desk/orders',
      token: staff.token,
      payload: {
        passId: 'month-single.mma',
        startDate: orderBody().startDate,
        name: who.name,
        phone: who.phone,
        language: 'en',
        payment: { amountSatang: 300_000, method: 'cash' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      method: 'desk',
      amountSatang: 800_000,
      paidSatang: 300_000,
      owedSatang: 500_000,
      customerEmail: null,
      customerPhone: who.phone,
      expiresAt: null,
    });
    expect(typeof res.json().token).toBe('string');
    const noContact = await t.inject({
      method: 'POST',
      url: '/api/desk/orders',
      token: staff.token,
      payload: { passId: 'single.mma', startDate: orderBody().startDate, name: 'Walk In', language: 'en' },
    });
    expect(noContact.statusCode).toBe(400);
    const tooMuch = await t.inject({
      method: 'POST',
      url: '/api/desk/orders',
      token: staff.token,
      payload: {
        passId: 'single.mma',
        startDate: orderBody().startDate,
        name: 'Walk In',
        phone: '+66 81 000 0000',
        language: 'en',
        payment: { amountSatang: 40_001, method: 'cash' },
      },
    });
    expect(tooMuch.json().code).toBe('payment_exceeds_owed');
  });

  it('lists orders with filters and paging', async () => {
    const a = await newOrder({ method: 'desk', passId: 'private.mma' });
    const b = await newOrder({ passId: 'private.mma' });
    await pay(b.id, 150_000, staff.token, 'promptpay');
    const list = (q: string) => t.inject({ method: 'GET', url: `/api/orders?${q}`, token: staff.token });
    const byRef = (await list(`q=${a.reference}`)).json();
    expect(byRef.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const paid = (await list('status=paid&method=promptpay&pageSize=100')).json();
    expect(paid.items.map((i: { id: number }) => i.id)).toContain(b.id);
    expect(paid.items.every((i: { status: string; method: string }) => i.status === 'paid' && i.method === 'promptpay')).toBe(true);
    const awaiting = (await list('status=awaiting-payment&method=desk&pageSize=100')).json();
    expect(awaiting.items.map((i: { id: number }) => i.id)).toContain(a.id);
    const page = (await list('pageSize=2&page=1')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect((await list('status=nonsense')).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });
});
