import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 32, point 9: `npm run payments:reconcile` run as an operator runs it (npx tsx, the server's
// environment) records a card payment the webhook never delivered and prints it; run again, it
// finds nothing. The reconciliation itself is tested on both databases in payment-edges.test.ts.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run payments:reconcile', () => {
  let stand: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp('sqlite', { stripe: stand.settings });
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const reconcile = async () => {
    const env = {
      PATH: process.env.PATH!,
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: t.config.dataDir,
      STRIPE_SECRET_KEY: stand.settings.secretKey,
      STRIPE_WEBHOOK_SECRET: stand.settings.webhookSecret,
      STRIPE_API_URL: stand.url,
      SEED_DEMO: 'false',
    };
    const { stdout } = await run('npx', ['tsx', 'scripts/payments-reconcile.ts'], { cwd: root, env });
    return stdout;
  };

  it('records the payment the webhook missed, prints it, and finds nothing the second time', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method: 'card' }) });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<{ id: number; checkoutUrl: string }>();
    stand.pay(o.checkoutUrl.split('/pay/')[1]); // paid at Stripe, never delivered
    const first = await reconcile();
    expect(first).toMatch(/Payments the webhook missed, recorded now: 1/);
    expect(first).toContain(`(order ${o.id})`);
    const lines = await t.app.ctx.db.selectFrom('order_payments').selectAll().where('order_id', '=', o.id).execute();
    expect(lines).toHaveLength(1);
    const second = await reconcile();
    expect(second).toMatch(/Payments the webhook missed, recorded now: 0/);
  }, 120_000);
});
