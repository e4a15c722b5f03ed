import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../../src/shared/ledger';
import { editSettings, orderBody } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 32, point 12: one rule for an order's state. An order is put in each state through the
// API (and Stripe's events), then its answer, the list's status filters, the customer's balance
// and the desk's view all agree, on both databases (the list filters in SQL with the twin of
// orderState, the answers in TypeScript).

describe.each(backends)('one rule for the order state on %s', (backend) => {
  let stand: StripeStandIn;
  let t: TestApp;
  let admin: string;
  let staff: string;
  const made = new Map<OrderState, { id: number; reference: string; customerId: number; owed: number }>();

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(backend, { stripe: stand.settings });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
      s.payments.deposit = { mode: 'percent', value: 20 };
    });
    const post = async (method: 'promptpay' | 'card' | 'desk' = 'promptpay') => {
      const res = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method }) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number; reference: string; token: string; checkoutUrl?: string; amountSatang: number; depositSatang: number }>();
    };
    const pay = async (id: number, amountSatang: number, method = 'cash') =>
      expect((await t.inject({ method: 'POST', url: `/api/orders/${id}/payments`, token: staff, payload: { amountSatang, method } })).statusCode).toBe(201);
    const refund = async (id: number, amountSatang: number) =>
      expect((await t.inject({ method: 'POST', url: `/api/orders/${id}/refunds`, token: admin, payload: { amountSatang } })).statusCode).toBe(201);

    const keep = async (state: OrderState, o: { id: number; reference: string }, owed: number) => {
      const row = await t.app.ctx.db.selectFrom('orders').select('customer_id').where('id', '=', o.id).executeTakeFirstOrThrow();
      made.set(state, { id: o.id, reference: o.reference, customerId: row.customer_id, owed });
    };
    const awaiting = await post();
    await keep('awaiting-payment', awaiting, awaiting.amountSatang);
    const deposit = await post();
    expect(deposit.depositSatang).toBe(30_000);
    await pay(deposit.id, 30_000);
    await keep('deposit-paid', deposit, 120_000);
    const paid = await post();
    await pay(paid.id, 150_000);
    await keep('paid', paid, 0);
    const partly = await post();
    await pay(partly.id, 150_000);
    await refund(partly.id, 50_000);
    await keep('partly-refunded', partly, 0);
    const refunded = await post();
    await pay(refunded.id, 150_000);
    await refund(refunded.id, 150_000);
    await keep('refunded', refunded, 0);
    const expired = await post();
    await t.app.ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    await keep('expired', expired, 0);
    const cancelled = await post();
    expect((await t.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, token: staff })).statusCode).toBe(200);
    await keep('cancelled', cancelled, 0);
    // Overpaid: the card session was paid while the desk took the whole price on its terminal.
    const overpaid = await post('card');
    stand.pay(overpaid.checkoutUrl!.split('/pay/')[1]);
    await pay(overpaid.id, 150_000, 'terminal');
    await keep('overpaid', overpaid, 0);
    const disputed = await post('card');
    const sessionId = disputed.checkoutUrl!.split('/pay/')[1];
    expect((await stand.deliver(t.app, stand.pay(sessionId))).statusCode).toBe(200);
    const dispute = stand.dispute(stand.sessions.get(sessionId)!.payment_intent!);
    expect((await stand.deliver(t.app, stand.event('charge.dispute.created', dispute))).statusCode).toBe(200);
    await keep('disputed', disputed, 0);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('puts an order in every state', () => {
    expect([...made.keys()].sort()).toEqual([...ORDER_STATES].sort());
  });

  it('the order answer, the list row and every status filter agree', async () => {
    for (const [state, o] of made) {
      const one = await t.inject({ method: 'GET', url: `/api/orders/${o.id}`, token: staff });
      expect([state, one.json().status]).toEqual([state, state]);
      const row = (await t.inject({ method: 'GET', url: `/api/orders?q=${o.reference}`, token: staff })).json().items;
      expect([state, row.map((r: { status: string }) => r.status)]).toEqual([state, [state]]);
      for (const filter of ORDER_STATES) {
        const listed = (await t.inject({ method: 'GET', url: `/api/orders?q=${o.reference}&status=${filter}`, token: staff })).json();
        expect([state, filter, listed.total]).toEqual([state, filter, filter === state ? 1 : 0]);
      }
    }
  });

  it("the customer's balance counts what is owed on orders awaiting money only", async () => {
    for (const [state, o] of made) {
      const c = await t.inject({ method: 'GET', url: `/api/customers/${o.customerId}`, token: staff });
      expect(c.statusCode, c.body).toBe(200);
      expect([state, c.json().owedSatang]).toEqual([state, o.owed]);
    }
  });

  it('only orders needing a person are listed for attention', async () => {
    const listed = (await t.inject({ method: 'GET', url: '/api/orders?attention=true&pageSize=100', token: staff })).json();
    const ids = new Set(listed.items.map((i: { id: number }) => i.id));
    for (const [state, o] of made) expect([state, ids.has(o.id)]).toEqual([state, state === 'overpaid' || state === 'disputed']);
  });
});

describe.each(backends)('prices above zero on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
  });
  afterAll(() => t?.close());

  it('a price of 0 or below in Paramètres is 400 and names the cell; a deposit of 0 too', async () => {
    for (const price of [0, -100]) {
      await expect(
        editSettings(t, admin, (s) => {
          s.prices.rows[1].prices[1] = price;
        }),
      ).rejects.toThrow(/400 .*Tarifs : le prix « Full day pass » · « MMA[^»]*» doit être supérieur à zéro/);
    }
    await expect(
      editSettings(t, admin, (s) => {
        s.payments.deposit = { mode: 'fixed', value: 0 };
      }),
    ).rejects.toThrow(/400 .*Acompte/);
    const passes = (await t.inject({ method: 'GET', url: '/api/passes' })).json();
    expect(passes.length).toBeGreaterThan(0);
    expect(passes.every((p: { priceSatang: number }) => p.priceSatang > 0)).toBe(true);
  });
});
