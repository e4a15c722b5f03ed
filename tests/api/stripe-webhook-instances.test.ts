import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../src/shared/gym-time';
import { ledgerLines } from '../../src/server/ledger/ledger.repository';
import { backends, createTestApp, PG_URL, type Backend, type TestApp } from '../helpers/test-app';
import { startStripeStandIn, WEBHOOK_PATH, type StripeStandIn } from '../helpers/stripe-stand-in';

// Issue 21: a card payment's webhook is applied once whatever happens between deliveries: the
// server restarted on the same database, or two instances on one PostgreSQL receiving the same
// event at once (Stripe retries until it gets a 2xx, and a balancer may send each try elsewhere).

let stand: StripeStandIn;
beforeAll(async () => {
  stand = await startStripeStandIn();
});
afterAll(() => stand?.close());

const sharing = (t: TestApp) => (t.backend === 'postgres' ? { databaseSchema: t.config.databaseSchema } : { dataDir: t.config.dataDir });

/** Removes what a closed first instance made (its schema or data folder); its successor keeps its own. */
async function dropStore(t: TestApp) {
  if (t.backend === 'postgres') {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${t.config.databaseSchema!} cascade`);
    await client.end();
  } else fs.rmSync(t.config.dataDir, { recursive: true, force: true });
}

/** A card order bought through the public API, as a traveller does, with its Checkout session. */
async function buyByCard(t: TestApp, email: string) {
  const startDate = addDays(todayInZone(t.config.timezone), 7);
  const res = await t.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { passId: 'week-single.muay-thai', startDate, name: 'Card Buyer', email, phone: null, language: 'en', method: 'card' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const sessionId = String(body.checkoutUrl).split('/pay/')[1];
  expect(stand.sessions.has(sessionId)).toBe(true);
  return { orderId: body.id as number, reference: body.reference as string, sessionId };
}

/** What one payment leaves, however many deliveries: one line, one event, one audit entry, one e-mail. */
async function expectAppliedOnce(t: TestApp, order: { orderId: number; reference: string }, eventId: string, email: string) {
  const db = t.app.ctx.db;
  const lines = await ledgerLines(db, order.orderId);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ kind: 'payment', method: 'card', amount_satang: 150_000 });
  const events = await db.selectFrom('payment_events').select('event_id').where('order_id', '=', order.orderId).execute();
  expect(events.map((e) => e.event_id)).toEqual([eventId]);
  const audit = await db.selectFrom('audit_log').select('id').where('route', '=', WEBHOOK_PATH).where('entity_id', '=', String(order.orderId)).execute();
  expect(audit).toHaveLength(1);
  const mails = await db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute();
  expect(mails.filter((m) => m.subject.includes(`Payment received for your order ${order.reference}`))).toHaveLength(1);
  const view = await t.inject({ method: 'GET', url: `/api/orders/${order.orderId}`, token: (await t.signIn('admin')).token });
  expect(view.statusCode, view.body).toBe(200);
  expect(view.json()).toMatchObject({ status: 'paid', paidSatang: 150_000 });
}

describe.each(backends)('the same Stripe event before and after a restart (%s)', (backend: Backend) => {
  it('delivered, the server restarted on the same database, delivered again: paid once', async () => {
    const first = await createTestApp(backend, { stripe: stand.settings });
    const email = `restart-${backend}@example.com`;
    const order = await buyByCard(first, email);
    const event = stand.pay(order.sessionId);
    expect((await stand.deliver(first.app, event)).statusCode).toBe(200);
    await first.app.close();
    const second = await createTestApp(backend, { stripe: stand.settings, ...sharing(first) });
    try {
      // Stripe did not see the first answer (the instance went down) and tries again.
      const again = await stand.deliver(second.app, event);
      expect(again.statusCode, again.body).toBe(200);
      await expectAppliedOnce(second, order, event.id, email);
    } finally {
      await second.close();
      await dropStore(first);
    }
  });
});

// SQLite serves one instance (README); several share a PostgreSQL database.
describe('the same Stripe event at two instances on one PostgreSQL', () => {
  it('ten deliveries to each instance at once: paid once', async () => {
    const a = await createTestApp('postgres', { stripe: stand.settings });
    const b = await createTestApp('postgres', { stripe: stand.settings, ...sharing(a) });
    try {
      const email = 'two-instances@example.com';
      const order = await buyByCard(a, email);
      const event = stand.pay(order.sessionId);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => stand.deliver(i % 2 === 0 ? a.app : b.app, event)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      await expectAppliedOnce(b, order, event.id, email);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
