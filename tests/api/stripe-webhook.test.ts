import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderState } from '../../src/shared/ledger';
import { findOrCreateCustomer } from '../../src/server/customers/customers.repository';
import { addLedgerLine, ledgerLines, ledgerTotals } from '../../src/server/ledger/ledger.repository';
import type { CardGateway } from '../../src/server/payments/card-gateway';
import { loadConfig } from '../../src/server/config';
import { STRIPE_EVENTS } from '../../src/server/payments/stripe/stripe-webhook.service';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { startStripeStandIn, WEBHOOK_PATH, type StandInSession, type StripeStandIn } from '../helpers/stripe-stand-in';

// Issue 21, cards: Stripe Checkout through the official library against a stand-in on loopback,
// and the webhook: verified on the raw body, each event and each payment or refund applied once.

const HOUR = 3600_000;

describe.each(backends)('Stripe Checkout and its webhook on %s', (backend) => {
  let stand: StripeStandIn;
  let t: TestApp;
  let gateway: CardGateway;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(backend, { stripe: stand.settings });
    gateway = t.app.ctx.cardGateway!;
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  /** An order row as the orders service writes one, with its Checkout session made through the gateway at the stand-in. */
  async function cardOrder(opts: { amount?: number; expiresAt?: string | null; cancelledAt?: string | null } = {}) {
    const db = t.app.ctx.db;
    const amount = opts.amount ?? 150_000;
    const tag = randomBytes(4).toString('hex');
    const customer = await findOrCreateCustomer(db, { name: 'Card Buyer', email: `buyer-${tag}@example.com`, phone: null, language: 'ru' });
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('orders')
      .values({
        reference: `GYM-${tag.toUpperCase()}`,
        token_hash: `hash-${tag}`,
        customer_id: customer!.id,
        pass_id: 'week-single.muay-thai',
        pass_name: '1 week Muay Thai',
        pass_kind: 'days-single',
        pass_covers: 'muay-thai',
        pass_days: 7,
        credits: 7,
        start_date: '2031-03-03',
        end_date: '2031-03-09',
        amount_satang: amount,
        method: 'card',
        language: 'ru',
        expires_at: opts.expiresAt === undefined ? new Date(Date.now() + 24 * HOUR).toISOString() : opts.expiresAt,
        cancelled_at: opts.cancelledAt ?? null,
        slip_key: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const row = await db
      .insertInto('checkout_sessions')
      .values({
        order_id: id,
        session_id: null,
        status: 'creating',
        amount_satang: amount,
        url: null,
        payment_intent: null,
        expires_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checkout = await gateway.createCheckout({
      orderId: id,
      checkoutId: row.id,
      reference: `GYM-${tag.toUpperCase()}`,
      description: '1 week Muay Thai',
      amountSatang: amount,
      email: customer!.email!,
      language: 'ru',
      successUrl: `http://gym.test/ru/booking/order/tok-${tag}?paid=1`,
      cancelUrl: `http://gym.test/ru/booking/order/tok-${tag}`,
    });
    await db.updateTable('checkout_sessions').set({ status: 'open', session_id: checkout.sessionId, url: checkout.url }).where('id', '=', row.id).execute();
    return { orderId: id, sessionId: checkout.sessionId, url: checkout.url!, amount };
  }

  async function stateOf(orderId: number) {
    const o = await t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const totals = await ledgerTotals(t.app.ctx.db, orderId);
    return {
      ...totals,
      state: orderState(
        { amountSatang: o.amount_satang, depositSatang: o.deposit_satang, ...totals, expiresAt: o.expires_at, cancelledAt: o.cancelled_at },
        new Date(),
      ),
    };
  }

  const eventKeys = async (orderId: number) =>
    (await t.app.ctx.db.selectFrom('payment_events').select('event_id').where('order_id', '=', orderId).execute()).map((r) => r.event_id);

  const paymentIntentOf = (sessionId: string) => stand.sessions.get(sessionId)!.payment_intent!;

  it('creates a THB Checkout session in satang for the order, in the buyer language, through the library', async () => {
    const before = stand.calls.length;
    const { orderId, sessionId, url } = await cardOrder({ amount: 250_000 });
    const call = stand.calls.slice(before).find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.method).toBe('POST');
    expect(call.authorization).toBe(`Bearer ${stand.settings.secretKey}`);
    expect(call.body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'thb', unit_amount: '250000', product_data: { name: '1 week Muay Thai' } } }],
      locale: 'ru',
      client_reference_id: String(orderId),
      metadata: { orderId: String(orderId), reference: expect.stringMatching(/^GYM-/), checkoutId: expect.stringMatching(/^\d+$/) },
      success_url: expect.stringContaining('paid=1'),
      cancel_url: expect.stringContaining('/ru/booking/order/'),
    });
    expect(call.body.customer_email).toMatch(/^buyer-.*@example\.com$/);
    // Within Stripe's range (30 minutes to 24 hours from now), following the 24-hour hold.
    const expiresIn = Number(call.body.expires_at) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * HOUR);
    expect(expiresIn).toBeLessThanOrEqual(24 * HOUR);
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`${stand.url}/pay/${sessionId}`);
    // The session reads back from the stand-in as the library made it.
    const session: StandInSession = await (
      await fetch(`${stand.url}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: `Bearer ${stand.settings.secretKey}` } })
    ).json();
    expect(session).toMatchObject({ amount_total: 250_000, currency: 'thb', payment_status: 'unpaid' });
  });

  it('a paid checkout.session.completed pays the order: one card line of amount_total, keyed by the payment intent', async () => {
    const { orderId, sessionId, amount } = await cardOrder();
    expect((await stateOf(orderId)).state).toBe('awaiting-payment');
    const event = stand.pay(sessionId);
    const res = await stand.deliver(t.app, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: amount, refundedSatang: 0, state: 'paid' });
    const [line] = await ledgerLines(t.app.ctx.db, orderId);
    expect(line).toMatchObject({ kind: 'payment', method: 'card', amount_satang: amount, external_id: paymentIntentOf(sessionId), user_id: null });
    expect(await eventKeys(orderId)).toEqual([event.id]);
    // Stripe is who changed the order, in the audit log. The reconciliation worker may find the
    // paid session first and log its own line: the webhook's is there either way, and no line
    // names a staff member.
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'orders')
      .where('entity_id', '=', String(orderId))
      .execute();
    expect(entries).toContainEqual(expect.objectContaining({ route: WEBHOOK_PATH, user_id: null, summary: expect.stringContaining(event.id) }));
    expect(entries.filter((e) => e.user_id !== null)).toEqual([]);
  });

  it('a bad signature, a tampered body, an old timestamp or no signature answer 400 and change nothing', async () => {
    const { orderId, sessionId } = await cardOrder();
    const event = stand.pay(sessionId);
    const payload = JSON.stringify(event);
    const tampered = payload.replace(/"amount_total":\d+/, '"amount_total":1');
    expect(tampered).not.toBe(payload);
    const answers = [
      await stand.deliver(t.app, event, { secret: 'whsec_someone_else' }),
      await stand.deliver(t.app, event, { signature: stand.sign(payload), body: tampered }),
      await stand.deliver(t.app, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await stand.deliver(t.app, event, { signature: null }),
      await stand.deliver(t.app, event, { signature: 'garbage' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'webhook_signature_invalid' });
    }
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: 0, state: 'awaiting-payment' });
    expect(await eventKeys(orderId)).toEqual([]);
    // The genuine delivery still applies afterwards.
    expect((await stand.deliver(t.app, event)).statusCode).toBe(200);
    expect((await stateOf(orderId)).state).toBe('paid');
  });

  it('the same event delivered 20 times in parallel is applied once', async () => {
    const { orderId, sessionId, amount } = await cardOrder({ amount: 99_900 });
    const event = stand.pay(sessionId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => stand.deliver(t.app, event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: amount, refundedSatang: 0, state: 'paid' });
    expect(await ledgerLines(t.app.ctx.db, orderId)).toHaveLength(1);
    expect(await eventKeys(orderId)).toEqual([event.id]);
  });

  it('the same payment told by two events (completed, then async_payment_succeeded) counts once', async () => {
    const { orderId, sessionId, amount } = await cardOrder();
    const completed = stand.pay(sessionId);
    const succeeded = stand.event('checkout.session.async_payment_succeeded', completed.data.object);
    expect(succeeded.id).not.toBe(completed.id);
    const answers = await Promise.all([stand.deliver(t.app, completed), stand.deliver(t.app, succeeded), stand.deliver(t.app, succeeded)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: amount, state: 'paid' });
    expect(await ledgerLines(t.app.ctx.db, orderId)).toHaveLength(1);
  });

  it('a completed session not yet paid changes nothing, and its later payment does', async () => {
    const { orderId, sessionId } = await cardOrder();
    const unpaid = stand.event('checkout.session.completed', { ...stand.sessions.get(sessionId)!, status: 'complete', payment_status: 'unpaid' });
    expect((await stand.deliver(t.app, unpaid)).statusCode).toBe(200);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: 0, state: 'awaiting-payment' });
    expect((await stand.deliver(t.app, stand.pay(sessionId))).statusCode).toBe(200);
    expect((await stateOf(orderId)).state).toBe('paid');
  });

  it("a session that is not the order's own checkout, or a wrong currency, pays nothing", async () => {
    const { orderId, sessionId } = await cardOrder();
    const other = await cardOrder();
    const paid = stand.pay(other.sessionId).data.object;
    // Another session naming this order (metadata and client reference point here).
    const foreign = stand.event('checkout.session.completed', { ...paid, metadata: { orderId: String(orderId) }, client_reference_id: String(orderId) });
    const wrongCurrency = stand.event('checkout.session.completed', { ...stand.pay(sessionId).data.object, currency: 'usd' });
    for (const e of [foreign, wrongCurrency]) expect((await stand.deliver(t.app, e)).statusCode).toBe(200);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: 0 });
    expect(await stateOf(other.orderId)).toMatchObject({ paidSatang: 0 });
  });

  it('money for an expired or cancelled order is still recorded', async () => {
    const expired = await cardOrder({ expiresAt: new Date(Date.now() - HOUR).toISOString() });
    const cancelled = await cardOrder({ cancelledAt: new Date().toISOString() });
    expect((await stateOf(expired.orderId)).state).toBe('expired');
    for (const o of [expired, cancelled]) expect((await stand.deliver(t.app, stand.pay(o.sessionId))).statusCode).toBe(200);
    expect(await stateOf(expired.orderId)).toMatchObject({ paidSatang: expired.amount, state: 'paid' });
    expect(await stateOf(cancelled.orderId)).toMatchObject({ paidSatang: cancelled.amount });
  });

  it("the gateway's refund with one idempotency key twice makes one refund at Stripe", async () => {
    const { orderId, sessionId } = await cardOrder();
    await stand.deliver(t.app, stand.pay(sessionId));
    const pi = paymentIntentOf(sessionId);
    const key = `order-${orderId}-refund-1`;
    const first = await gateway.refund({ orderId, paymentId: pi, amountSatang: 50_000, idempotencyKey: key });
    const again = await gateway.refund({ orderId, paymentId: pi, amountSatang: 50_000, idempotencyKey: key });
    expect(again.refundId).toBe(first.refundId);
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    expect(stand.calls.filter((c) => c.path === '/v1/refunds' && c.idempotencyKey === key)).toHaveLength(2);
    // A new key is a new refund; Stripe refuses more than was paid, and the library reports it.
    await gateway.refund({ orderId, paymentId: pi, amountSatang: 10_000, idempotencyKey: `${key}-b` });
    await expect(gateway.refund({ orderId, paymentId: pi, amountSatang: 100_000, idempotencyKey: `${key}-c` })).rejects.toThrow(/greater than unrefunded/);
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(2);
  });

  it('a back-office refund and its refund event count once, whichever comes first', async () => {
    const { orderId, sessionId, amount } = await cardOrder();
    await stand.deliver(t.app, stand.pay(sessionId));
    const pi = paymentIntentOf(sessionId);
    // Back office first: the refund made through the gateway, recorded with its id; then Stripe's events about it.
    const { refundId } = await gateway.refund({ orderId, paymentId: pi, amountSatang: 40_000, idempotencyKey: `bo-${orderId}` });
    expect(await addLedgerLine(t.app.ctx.db, { orderId, kind: 'refund', method: 'card', amountSatang: 40_000, externalId: refundId })).not.toBeNull();
    // (the refund service writes its line this way: tests/api/payment-edges.test.ts goes through the route)
    const refund = stand.refunds.get(refundId)!;
    for (const type of ['refund.created', 'refund.updated']) expect((await stand.deliver(t.app, stand.event(type, refund))).statusCode).toBe(200);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: amount, refundedSatang: 40_000 });
    // Stripe first (a refund from its dashboard): the events record it once; the back office's record of the same id adds nothing.
    const dashboard = stand.refundAtStripe(pi, 30_000);
    const created = stand.event('refund.created', dashboard);
    await Promise.all([stand.deliver(t.app, created), stand.deliver(t.app, created), stand.deliver(t.app, stand.event('refund.updated', dashboard))]);
    const charge = stand.event('charge.refunded', {
      id: dashboard.charge,
      object: 'charge',
      payment_intent: pi,
      refunds: { object: 'list', data: [refund, dashboard] },
    });
    expect((await stand.deliver(t.app, charge)).statusCode).toBe(200);
    expect(await addLedgerLine(t.app.ctx.db, { orderId, kind: 'refund', method: 'card', amountSatang: 30_000, externalId: dashboard.id })).toBeNull();
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: amount, refundedSatang: 70_000 });
    const refundLines = (await ledgerLines(t.app.ctx.db, orderId)).filter((l) => l.kind === 'refund');
    expect(refundLines.map((l) => l.external_id).sort()).toEqual([refundId, dashboard.id].sort());
    // A refund still pending is not money back yet.
    const pending = stand.event('refund.created', { ...stand.refundAtStripe(pi, 1_000), status: 'pending' });
    expect((await stand.deliver(t.app, pending)).statusCode).toBe(200);
    expect((await stateOf(orderId)).refundedSatang).toBe(70_000);
  });

  it('an unknown event type answers 200 and is ignored', async () => {
    const { orderId, sessionId } = await cardOrder();
    const res = await stand.deliver(t.app, stand.event('customer.created', { id: 'cus_test_1', object: 'customer', metadata: { orderId: String(orderId) } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const expiredSession = stand.event('checkout.session.expired', { ...stand.sessions.get(sessionId)!, status: 'expired' });
    expect((await stand.deliver(t.app, expiredSession)).statusCode).toBe(200);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: 0, state: 'awaiting-payment' });
    expect(await eventKeys(orderId)).toEqual([]);
  });

  it('a failure while recording answers 500 and keeps no event key, so the retry applies it', async () => {
    const { orderId, sessionId } = await cardOrder({ amount: 42_420 });
    // A real database refusal of this one ledger line (a trigger), not a stand-in of our code.
    if (backend === 'sqlite') {
      await sql`create trigger refuse_4242 before insert on order_payments when new.amount_satang = 42420 begin select raise(abort, 'disk on fire'); end`.execute(
        t.app.ctx.db,
      );
    } else {
      await sql`create function refuse_4242() returns trigger language plpgsql as $$ begin if new.amount_satang = 42420 then raise exception 'disk on fire'; end if; return new; end $$`.execute(
        t.app.ctx.db,
      );
      await sql`create trigger refuse_4242 before insert on order_payments for each row execute function refuse_4242()`.execute(t.app.ctx.db);
    }
    const event = stand.pay(sessionId);
    try {
      const res = await stand.deliver(t.app, event);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error', code: 'internal' });
      expect(await eventKeys(orderId)).toEqual([]);
      expect((await stateOf(orderId)).paidSatang).toBe(0);
    } finally {
      await sql`drop trigger refuse_4242${backend === 'postgres' ? sql` on order_payments` : sql``}`.execute(t.app.ctx.db);
    }
    expect((await stand.deliver(t.app, event)).statusCode).toBe(200);
    expect(await stateOf(orderId)).toMatchObject({ paidSatang: 42_420, state: 'paid' });
    expect(await eventKeys(orderId)).toEqual([event.id]);
  });

  it('README names every event the webhook acts on, for the Stripe endpoint', async () => {
    const readme = await import('node:fs').then((fs) => fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    expect(STRIPE_EVENTS.filter((e) => !readme.includes(`\`${e}\``))).toEqual([]);
  });

  it("a JSON body elsewhere is still parsed by the app (the raw parser is the webhook route's only)", async () => {
    const res = await t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body', code: 'validation' });
  });
});

describe.each(backends)('Stripe webhook without cards on %s', (backend) => {
  let stand: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('a server without Stripe refuses every delivery with webhook_not_configured and applies nothing', async () => {
    const event = stand.event('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { orderId: '1' },
    });
    const res = await stand.deliver(t.app, event);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('STRIPE_WEBHOOK_SECRET'), code: 'webhook_not_configured' });
    expect(await t.app.ctx.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    expect(t.app.ctx.cardGateway).toBeUndefined();
  });

  it('STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET stops the start with a sentence naming it', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toMatchObject({ webhookSecret: 'whsec_x' });
    expect(loadConfig({}).stripe).toBeUndefined();
  });
});
