// npm run payments:reconcile: asks the card provider about the last 14 days now (the server does
// it every hour too), records what the webhook missed, and prints what it found.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { reconcilePayments } from '../src/server/payments/reconcile.service';

async function main() {
  const app = await buildApp(loadConfig(), { logger: false, startWorkers: false });
  try {
    if (!app.ctx.cardGateway) {
      console.log('Card payments are off (STRIPE_SECRET_KEY unset): nothing to reconcile.');
      return;
    }
    const r = await reconcilePayments(app.ctx);
    console.log(`Checkouts asked about: ${r.checkoutsAsked}`);
    const list = (title: string, items: string[]) => console.log(`${title}: ${items.length}${items.map((i) => `\n  ${i}`).join('')}`);
    list('Payments the webhook missed, recorded now', r.paymentsRecorded);
    list('Refunds missing from the ledger, recorded now', r.refundsMissing);
    list('Disputes missing, recorded now', r.disputesMissing);
    console.log(`Pending card refunds asked again: ${r.pendingRefundsRetried}`);
    list('Errors', r.errors);
    if (r.errors.length > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
