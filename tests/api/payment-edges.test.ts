import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../src/server/payments/reconcile.service';
import { bookingPayload } from '../helpers/factories';
import { editSettings, orderBody } from '../helpers/orders';
import { startStripeStandIn, type StripeEvent, type StripeStandIn } from '../helpers/stripe-stand-in';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 32: no payment ever goes missing. Every Checkout Session an order opened is kept and a paid
// one is recorded whichever it is; at most one is open; overpayment is visible; Stripe is never
// called inside a transaction; refunds are idempotent; events are applied in any order; disputes
// and the reconciliation; card money only from Stripe. Through the real `stripe` library against
// the stand-in on loopback, on both databases.

const NOTIFY = 'desk@gym.test';

interface StaffOrder {
  id: number;
  status: string;
  paidSatang: number;
  refundedSatang: number;
  overpaidSatang: number;
  chargedBackSatang: number;
  owedSatang: number;
  dispute: { id: string; status: string; reason: string | null; amountSatang: number; evidenceDueBy: string | null } | null;
  refundFailure: { amountSatang: number; error: string | null } | null;
  ledger: { kind: string; method: string; amountSatang: number }[];
  checkoutUrl?: string;
}

describe.each(backends)('payments at their edges on %s', (backend) => {
  let stand: StripeStandIn;
  let t: TestApp;
  let admin: string;
  let staff: string;
  const pushed: { title: string; url?: string }[] = [];

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(backend, { stripe: stand.settings, notifyEmail: NOTIFY });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    const push = t.app.ctx.push;
    const original = push.notifyStaff.bind(push);
    push.notifyStaff = (p) => {
      pushed.push({ title: p.title, url: p.url });
      original(p);
    };
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  async function cardOrder(passId = 'week-single.muay-thai') {
    const res = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method: 'card', passId }) });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<{ id: number; token: string; reference: string; checkoutUrl: string; amountSatang: number }>();
    return { ...o, sessionId: o.checkoutUrl.split('/pay/')[1] };
  }
  const order = async (id: number) => (await t.inject({ method: 'GET', url: `/api/orders/${id}`, token: staff })).json<StaffOrder>();
  const sessionsOf = (orderId: number) =>
    t.app.ctx.db.selectFrom('checkout_sessions').select(['session_id', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
  const alertsTo = async (orderRef: string) =>
    (await t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', NOTIFY).execute()).filter((m) =>
      m.subject.includes(orderRef),
    );
  /** Delivers like Stripe: a delivery answered with an error is delivered again later, until it is taken. */
  async function deliverUntilTaken(events: StripeEvent[]): Promise<number> {
    let queue = [...events];
    let retries = 0;
    for (let round = 0; queue.length > 0 && round < 10; round += 1) {
      const failed: StripeEvent[] = [];
      for (const e of queue) {
        const res = await stand.deliver(t.app, e);
        if (res.statusCode !== 200) {
          expect(res.json().code).toBe('payment_not_recorded_yet');
          failed.push(e);
        }
      }
      retries += failed.length;
      queue = failed;
    }
    expect(queue).toEqual([]);
    return retries;
  }

  it('keeps every session: a checkout asked again reuses the open one; one about to lapse is expired first, never left open', async () => {
    const o = await cardOrder();
    const again = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/checkout` });
    expect(again.json().checkoutUrl).toBe(o.checkoutUrl);
    expect(await sessionsOf(o.id)).toEqual([{ session_id: o.sessionId, status: 'open' }]);
    // The open session is about to lapse: a new checkout expires it at Stripe first.
    await t.app.ctx.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('session_id', '=', o.sessionId)
      .execute();
    const third = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/checkout` });
    expect(third.statusCode, third.body).toBe(200);
    const newId = third.json().checkoutUrl.split('/pay/')[1];
    expect(newId).not.toBe(o.sessionId);
    expect(stand.sessions.get(o.sessionId)!.status).toBe('expired');
    expect(await sessionsOf(o.id)).toEqual([
      { session_id: o.sessionId, status: 'expired' },
      { session_id: newId, status: 'open' },
    ]);
    // Ten buyers' tabs at once: still one open session.
    await Promise.all(Array.from({ length: 10 }, () => t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/checkout` })));
    expect((await sessionsOf(o.id)).filter((s) => s.status === 'open' || s.status === 'creating')).toHaveLength(1);
    expect([...stand.sessions.values()].filter((s) => s.metadata.orderId === String(o.id) && s.status === 'open')).toHaveLength(1);
  });

  it('a session paid just before it was to be expired is recorded, and the order asks for nothing more', async () => {
    const o = await cardOrder();
    stand.pay(o.sessionId); // paid at Stripe; the webhook is late
    await t.app.ctx.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('session_id', '=', o.sessionId)
      .execute();
    const res = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/checkout` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', owedSatang: 0 });
    expect(res.json().checkoutUrl).toBeUndefined();
    expect(await sessionsOf(o.id)).toEqual([{ session_id: o.sessionId, status: 'complete' }]);
  });

  it('a paid session of an expired order is recorded once however many deliveries arrive at once; never more than was owed', async () => {
    const o = await cardOrder();
    await t.app.ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', o.id)
      .execute();
    expect((await order(o.id)).status).toBe('expired');
    const paid = stand.pay(o.sessionId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => stand.deliver(t.app, paid)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const view = await order(o.id);
    expect(view.ledger.filter((l) => l.kind === 'payment')).toHaveLength(1);
    expect(view).toMatchObject({ status: 'paid', overpaidSatang: 0 });
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toEqual([`Payment on a closed order: ${o.reference}`]);
    // A session of the order claiming more than the order ever cost is not its payment.
    const other = await cardOrder();
    const tooMuch = stand.event('checkout.session.completed', { ...stand.pay(other.sessionId).data.object, amount_total: 10 * other.amountSatang });
    expect((await stand.deliver(t.app, tooMuch)).statusCode).toBe(200);
    expect((await order(other.id)).paidSatang).toBe(0);
  });

  it('money on an order that was paid, expired or cancelled is recorded, shown as overpaid, and staff get a push and an e-mail', async () => {
    // Paid at the desk (terminal) while the card session was open and then paid too.
    const o = await cardOrder();
    stand.pay(o.sessionId);
    const completed = stand.event('checkout.session.completed', { ...stand.sessions.get(o.sessionId)! });
    const desk = await t.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/payments`,
      token: staff,
      payload: { amountSatang: o.amountSatang, method: 'terminal' },
    });
    expect(desk.statusCode, desk.body).toBe(201);
    // The desk payment covered what was owed: the open session was to be expired, and turned out paid.
    const view = await order(o.id);
    expect(view).toMatchObject({ status: 'overpaid', overpaidSatang: o.amountSatang, paidSatang: 2 * o.amountSatang });
    expect((await stand.deliver(t.app, completed)).statusCode).toBe(200);
    expect((await order(o.id)).ledger.filter((l) => l.kind === 'payment')).toHaveLength(2);
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toEqual([expect.stringContaining('Payment on a closed order')]);
    expect(pushed.some((p) => p.url === `/admin/orders/${o.id}`)).toBe(true);
    const attention = (await t.inject({ method: 'GET', url: '/api/orders?attention=true&pageSize=100', token: staff })).json();
    expect(attention.items.map((i: { id: number }) => i.id)).toContain(o.id);
    // Refunding the overpayment clears it; the order is paid again and leaves the attention list.
    const refund = await t.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/refunds`,
      token: admin,
      payload: { amountSatang: o.amountSatang, method: 'card' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ status: 'paid', overpaidSatang: 0 });
    const after = (await t.inject({ method: 'GET', url: '/api/orders?attention=true&pageSize=100', token: staff })).json();
    expect(after.items.map((i: { id: number }) => i.id)).not.toContain(o.id);

    // Cancelled with its session open: the cancellation expires it at Stripe.
    const c = await cardOrder();
    expect((await t.inject({ method: 'POST', url: `/api/orders/${c.id}/cancel`, token: staff })).json().status).toBe('cancelled');
    expect(stand.sessions.get(c.sessionId)!.status).toBe('expired');
    expect(await sessionsOf(c.id)).toEqual([{ session_id: c.sessionId, status: 'expired' }]);
  });

  it('staff cannot type a card payment; the desk terminal is its own method and is never refunded through Stripe', async () => {
    const o = (await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method: 'desk' }) })).json();
    const card = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: 10_000, method: 'card' } });
    expect(card.statusCode).toBe(400);
    expect(card.json().code).toBe('card_payment_from_stripe_only');
    expect(
      (await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: 150_000, method: 'terminal' } }))
        .statusCode,
    ).toBe(201);
    const before = stand.calls.filter((c) => c.path === '/v1/refunds').length;
    const refund = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 20_000 } });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().ledger.at(-1)).toMatchObject({ kind: 'refund', method: 'terminal', amountSatang: 20_000 });
    expect(stand.calls.filter((c) => c.path === '/v1/refunds').length).toBe(before);
    // A card refund of a terminal order has no card money to draw on.
    const wrong = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 1_000, method: 'card' } });
    expect(wrong.json().code).toBe('refund_exceeds_paid');
  });

  it('a refund honours its Idempotency-Key: one refund at Stripe, one line, the same answer; the e-mail states the amount refunded', async () => {
    const o = await cardOrder();
    expect((await stand.deliver(t.app, stand.pay(o.sessionId))).statusCode).toBe(200);
    const key = `dialog-${o.id}`;
    const send = (amountSatang: number, k = key) =>
      t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang }, headers: { 'idempotency-key': k } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(30_000)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect((await send(30_000)).json()).toMatchObject({ refundedSatang: 30_000 });
    expect((await send(40_000)).statusCode).toBe(422);
    const pi = stand.sessions.get(o.sessionId)!.payment_intent!;
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    const keys = stand.calls.filter((c) => c.path === '/v1/refunds' && c.method === 'POST' && c.body.payment_intent === pi).map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(new RegExp(`^refund-${o.reference}-\\d+-0$`));
    const view = await order(o.id);
    expect(view.ledger.filter((l) => l.kind === 'refund')).toEqual([expect.objectContaining({ amountSatang: 30_000, method: 'card' })]);
    const mails = await t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body']).where('subject', 'like', `%${o.reference}%`).execute();
    const refundMails = mails.filter((m) => /refund/i.test(m.subject));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].text_body).toContain('300');
    // Without a key, two requests are two refunds, each with a key from its own row.
    await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 1_000 } });
    await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 1_000 } });
    expect((await order(o.id)).refundedSatang).toBe(32_000);
  });

  it('a refund Stripe refuses is 409 refund_failed, records nothing, is shown on the order and listed for attention', async () => {
    const o = await cardOrder();
    await stand.deliver(t.app, stand.pay(o.sessionId));
    stand.refuseRefunds = 'The card was closed';
    try {
      const res = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 50_000 } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('refund_failed');
    } finally {
      stand.refuseRefunds = undefined;
    }
    const view = await order(o.id);
    expect(view).toMatchObject({ refundedSatang: 0, refundFailure: { amountSatang: 50_000 } });
    const listed = (await t.inject({ method: 'GET', url: '/api/orders?attention=true&pageSize=100', token: staff })).json();
    expect(listed.items.map((i: { id: number }) => i.id)).toContain(o.id);
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toContain(`Refund failed: ${o.reference}`);
    // A refund that goes through afterwards resolves it.
    expect((await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 50_000 } })).statusCode).toBe(201);
    expect((await order(o.id)).refundFailure).toBeNull();
  });

  it('refund.failed reverses its line and tells staff', async () => {
    const o = await cardOrder();
    await stand.deliver(t.app, stand.pay(o.sessionId));
    const refunded = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 20_000 } });
    expect(refunded.json().refundedSatang).toBe(20_000);
    const refund = [...stand.refunds.values()].at(-1)!;
    const failed = stand.event('refund.failed', { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' });
    await Promise.all([stand.deliver(t.app, failed), stand.deliver(t.app, failed)]);
    const view = await order(o.id);
    expect(view.refundedSatang).toBe(0);
    expect(view.ledger.map((l) => l.kind)).toEqual(['payment', 'refund', 'refund-reversal']);
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toContain(`Refund failed: ${o.reference}`);
  });

  it('events in any order end the same: a refund or dispute before its payment is refused until the payment is in', async () => {
    const ends: string[] = [];
    for (let run = 0; run < 3; run += 1) {
      const o = await cardOrder();
      const completed = stand.pay(o.sessionId);
      const pi = stand.sessions.get(o.sessionId)!.payment_intent!;
      const refund = stand.refundAtStripe(pi, 25_000);
      const dispute = stand.dispute(pi, { amount: 50_000 });
      const events = [
        completed,
        stand.event('refund.created', refund),
        stand.event('refund.updated', refund),
        stand.event('charge.dispute.created', dispute),
        stand.event('charge.dispute.funds_withdrawn', { ...dispute }),
      ];
      // A different order of delivery each run (run 0: the payment last).
      const order_ = run === 0 ? [...events.slice(1), events[0]] : [...events].sort(() => Math.random() - 0.5);
      const retries = await deliverUntilTaken(order_);
      if (run === 0) expect(retries).toBeGreaterThan(0);
      const v = await order(o.id);
      ends.push(
        JSON.stringify([
          v.status,
          v.paidSatang,
          v.refundedSatang,
          v.chargedBackSatang,
          v.dispute?.status,
          v.ledger.map((l) => `${l.kind}:${l.amountSatang}`).sort(),
        ]),
      );
    }
    expect(new Set(ends).size).toBe(1);
    expect(JSON.parse(ends[0])).toEqual(['disputed', 150_000, 25_000, 50_000, 'needs_response', ['chargeback:50000', 'payment:150000', 'refund:25000']]);
  });

  it('disputes are recorded on the order, newest event wins, money withdrawn and reinstated is in the ledger, staff are told', async () => {
    const o = await cardOrder();
    await stand.deliver(t.app, stand.pay(o.sessionId));
    const pi = stand.sessions.get(o.sessionId)!.payment_intent!;
    const d = stand.dispute(pi, { reason: 'product_not_received' });
    const created = stand.event('charge.dispute.created', d);
    const withdrawn = stand.event('charge.dispute.funds_withdrawn', { ...d });
    const closed = { ...stand.event('charge.dispute.closed', { ...d, status: 'won' }), created: created.created + 10 };
    const reinstated = { ...stand.event('charge.dispute.funds_reinstated', { ...d, status: 'won' }), created: created.created + 10 };
    expect((await stand.deliver(t.app, created)).statusCode).toBe(200);
    let v = await order(o.id);
    expect(v.status).toBe('disputed');
    expect(v.dispute).toMatchObject({ id: d.id, status: 'needs_response', reason: 'product_not_received', amountSatang: 150_000 });
    expect(Date.parse(v.dispute!.evidenceDueBy!)).toBe(d.evidence_details.due_by * 1000);
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toContain(`Card payment disputed: ${o.reference}`);
    expect(pushed.some((p) => p.title === 'Card payment disputed')).toBe(true);
    // The closing events arrive before the withdrawal: the older one never overwrites the newer status.
    for (const e of [closed, reinstated, withdrawn, created]) expect((await stand.deliver(t.app, e)).statusCode).toBe(200);
    v = await order(o.id);
    expect(v.dispute?.status).toBe('won');
    expect(v.ledger.map((l) => l.kind).sort()).toEqual(['chargeback', 'chargeback-reversal', 'payment']);
    expect(v).toMatchObject({ status: 'paid', chargedBackSatang: 0 });
    expect((await alertsTo(o.reference)).map((m) => m.subject)).toContain(`Dispute closed: won: ${o.reference}`);
  });

  it('the reconciliation records a payment, a refund and a dispute the webhook missed, once, and reports them', async () => {
    const o = await cardOrder();
    stand.pay(o.sessionId); // never delivered
    const first = await reconcilePayments(t.app.ctx);
    // (other orders' sessions paid at the stand-in but never delivered are recorded too: that is the job)
    expect(first.paymentsRecorded).toEqual(expect.arrayContaining([expect.stringContaining(`order ${o.id})`)]));
    expect((await order(o.id)).status).toBe('paid');
    const pi = stand.sessions.get(o.sessionId)!.payment_intent!;
    stand.refundAtStripe(pi, 10_000);
    stand.dispute(pi, { amount: 20_000 });
    const second = await reconcilePayments(t.app.ctx);
    expect(second.paymentsRecorded).toEqual([]);
    expect(second.refundsMissing.filter((r) => r.includes(`order ${o.id},`))).toHaveLength(1);
    expect(second.disputesMissing.filter((r) => r.includes(`order ${o.id},`))).toHaveLength(1);
    const v = await order(o.id);
    expect(v).toMatchObject({ refundedSatang: 10_000, status: 'disputed' });
    const third = await reconcilePayments(t.app.ctx);
    expect([...third.paymentsRecorded, ...third.refundsMissing, ...third.disputesMissing]).toEqual([]);
    // The same payment's event arriving afterwards adds nothing.
    const late = stand.event('checkout.session.completed', { ...stand.sessions.get(o.sessionId)! });
    expect((await stand.deliver(t.app, late)).statusCode).toBe(200);
    expect((await order(o.id)).ledger.filter((l) => l.kind === 'payment')).toHaveLength(1);
    // The hourly job runs once an hour across instances.
    const [a, b] = await Promise.all([t.app.reconcile.runOnce(), t.app.reconcile.runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(0);
    const claims = await t.app.ctx.db.selectFrom('payment_events').select('event_id').where('provider', '=', 'reconciliation').execute();
    expect(claims).toHaveLength(1);
  });

  // SQLite's one writer is where a call inside a transaction would hold everyone up.
  if (backend === 'sqlite')
    it('while Stripe takes 4 s to refund, reads and bookings answer (nothing waits behind the call)', async () => {
      const o = await cardOrder();
      await stand.deliver(t.app, stand.pay(o.sessionId));
      stand.delayMs = 4000;
      let refundDone = false;
      try {
        const refund = t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 10_000 } }).then((r) => {
          refundDone = true;
          return r;
        });
        // Wait until the refund is at Stripe (its request row is written, the provider not answered yet).
        for (let i = 0; i < 200; i += 1) {
          if (stand.calls.some((c) => c.path === '/v1/refunds' && c.body.amount === '10000')) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        const read = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` });
        const booking = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingPayload() });
        const list = await t.inject({ method: 'GET', url: '/api/orders', token: staff });
        expect([read.statusCode, booking.statusCode, list.statusCode]).toEqual([200, 201, 200]);
        expect(refundDone).toBe(false);
        expect((await refund).statusCode).toBe(201);
      } finally {
        stand.delayMs = 0;
      }
    });
});
