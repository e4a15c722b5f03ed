// Unpaid online orders lapse PAYMENT_HOLD_HOURS after they were made; a stay's nights go back then. The state itself is
// derived (orderState: 'expired' once expires_at has passed with nothing paid), so nothing has to
// change for the order page, the QR and the payment routes to refuse it; this job records each
// lapse once in the audit log (who: nobody, the clock), with the event key in payment_events so
// that several instances, or a run repeated after a crash, record it once.
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { insertAuditEntry } from '../audit/audit.repository';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { applyEventOnce, ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { findOrder, lapsedOrderIds } from './orders.repository';
import { releaseStayHold } from '../room-nights/room-nights.repository';
import { sendBalanceReminders } from './balance-reminders';
import { returnUse } from '../discount-codes/discount-codes.repository';

export type OrderExpiryJob = PeriodicJob;

const BATCH = 200;

/** Records the lapse of every order whose hold ran out by `now`; answers how many. */
export async function expireLapsedOrders(ctx: AppContext, now: Date): Promise<number> {
  let done = 0;
  for (const id of await lapsedOrderIds(ctx.db, now.toISOString(), BATCH)) {
    const applied = await applyEventOnce(ctx.db, { provider: 'order-expiry', eventId: `order-${id}`, orderId: id }, async (trx) => {
      // The order's lock: a payment arriving now is either seen here (no lapse) or sees the lapse (and retakes the rooms).
      await lockOrder(trx, id, ctx.dialect);
      const row = await findOrder(trx, id);
      if (!row) return;
      const f = figuresOf(row, await ledgerTotals(trx, id), now);
      // A lapsed order gives its rooms back here, once (releaseStayHold's conditional update).
      const released = f.state === 'expired' && (await releaseStayHold(trx, id));
      // Its discount code's use goes back too, once (returnUse's conditional update; decision 189).
      const codeBack = f.state === 'expired' && (await returnUse(trx, id));
      await insertAuditEntry(trx, {
        created_at: nowIso(),
        user_id: null,
        user_email: null,
        method: 'JOB',
        route: '/jobs/order-expiry',
        entity_type: 'orders',
        entity_id: String(id),
        status: 200,
        ip: null,
        summary: `order ${row.reference} ${f.state === 'expired' ? 'lapsed unpaid' : `not lapsed (${f.state})`}${released ? ', rooms released' : ''}${codeBack ? ', discount code use given back' : ''}`,
      });
    });
    if (applied) done += 1;
  }
  return done;
}

/** The periodic job, started with the other workers; `now` is the clock (tests inject one). */
export function createOrderExpiryJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): OrderExpiryJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: opts.intervalMs ?? ctx.config.reminderIntervalMs,
    // The stays' balance reminders keep the same clock (app.ts has no room for another job).
    run: async () => (await expireLapsedOrders(ctx, now())) + (await sendBalanceReminders(ctx, now())),
    onError: (err) => ctx.log.error({ err }, 'order expiry job failed; will try again'),
  });
}
