// The reconciliation (docs/decisions/126-disputes-and-the-hourly-reconciliation.md): the webhook
// alone is not enough, so every hour (and on `npm run payments:reconcile`) the card provider is
// asked about the checkouts of orders from the last 14 days that are not known paid, and about
// the refunds and disputes of their recorded payments. A paid session the webhook missed is
// recorded under the same exactly-once key (its payment); missing refunds and disputes are
// recorded and reported; card refunds left pending are asked again with their own keys.
import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { claimEvent, findLedgerLine } from '../ledger/ledger.repository';
import { recordPaidCheckout } from './checkouts.service';
import * as checkouts from './checkouts.repository';
import { applyDispute } from './disputes.service';
import { settlePendingRefunds } from './refunds.service';
import { applyRefunds } from './stripe/stripe-webhook.service';

export const RECONCILE_DAYS = 14;
const BATCH = 500;

export interface ReconcileReport {
  checkoutsAsked: number;
  paymentsRecorded: string[];
  refundsMissing: string[];
  disputesMissing: string[];
  pendingRefundsRetried: number;
  errors: string[];
}

/** One pass over the last 14 days; answers what it found. */
export async function reconcilePayments(ctx: AppContext, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { checkoutsAsked: 0, paymentsRecorded: [], refundsMissing: [], disputesMissing: [], pendingRefundsRetried: 0, errors: [] };
  const gateway = ctx.cardGateway;
  if (!gateway) return report;
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000).toISOString();

  for (const row of await checkouts.checkoutsToReconcile(ctx.db, since, BATCH)) {
    report.checkoutsAsked += 1;
    try {
      const s = await gateway.getCheckout(row.session_id!);
      if (s.paid) {
        const r = await recordPaidCheckout(ctx, s, { label: 'reconciliation' });
        if (r.recorded) report.paymentsRecorded.push(`${s.paymentId ?? s.sessionId} (order ${row.order_id})`);
      } else if (s.status === 'expired') {
        await checkouts.updateCheckout(ctx.db, row.id, ['open', 'creating'], { status: 'expired' });
      }
    } catch (err) {
      report.errors.push(`checkout ${row.session_id}: ${(err as Error).message}`);
    }
  }

  const payments = await ctx.db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.order_id', 'p.external_id'])
    .where('p.kind', '=', 'payment')
    .where('p.method', '=', 'card')
    .where('p.external_id', 'is not', null)
    .where('o.created_at', '>=', since)
    .limit(BATCH)
    .execute();
  for (const p of payments) {
    const paymentId = p.external_id!;
    try {
      for (const refund of await gateway.refundsOf(paymentId)) {
        if (refund.status !== 'succeeded') continue;
        if (await findLedgerLine(ctx.db, refund.refundId)) continue;
        report.refundsMissing.push(`${refund.refundId} (order ${p.order_id}, ${refund.amountSatang} satang)`);
        await applyRefunds(ctx, null, [refund]);
      }
      for (const d of await gateway.disputesOf(paymentId)) {
        const known = await ctx.db.selectFrom('disputes').select('id').where('dispute_id', '=', d.disputeId).executeTakeFirst();
        if (known) continue;
        report.disputesMissing.push(`${d.disputeId} (order ${p.order_id}, ${d.status})`);
        // Created 0: any webhook event about it (newer by definition) overwrites what is learnt here.
        await applyDispute(ctx, p.order_id, d, { created: 0, money: null });
      }
    } catch (err) {
      report.errors.push(`payment ${paymentId}: ${(err as Error).message}`);
    }
  }
  report.pendingRefundsRetried = await settlePendingRefunds(ctx);
  const found = report.paymentsRecorded.length + report.refundsMissing.length + report.disputesMissing.length;
  if (found > 0 || report.errors.length > 0) ctx.log.warn({ ...report }, 'payment reconciliation found what the webhook missed');
  return report;
}

/** Hourly, once per hour across instances (the hour's key is claimed first). */
export function createReconcileJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: opts.intervalMs ?? 3_600_000,
    run: async () => {
      if (!ctx.cardGateway) return 0;
      const hour = now().toISOString().slice(0, 13);
      const mine = await ctx.db.transaction().execute((trx) => claimEvent(trx, { provider: 'reconciliation', eventId: hour, orderId: null }));
      if (!mine) return 0;
      const r = await reconcilePayments(ctx, now());
      return r.paymentsRecorded.length;
    },
    onError: (err) => ctx.log.error({ err }, 'payment reconciliation failed; will try again'),
  });
}
