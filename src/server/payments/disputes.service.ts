// Disputes (chargebacks; docs/decisions/126-disputes-and-the-hourly-reconciliation.md): a card
// payment's holder asked their bank for the money back. Each dispute is one row, updated by the
// newest event only (events arrive in any order); money the bank takes or gives back is a ledger
// line (chargeback, chargeback-reversal) keyed by the dispute, so it is written once. Staff are
// told at once, by push and e-mail, when a dispute opens and when it closes.
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { claimEvent, lockOrder } from '../ledger/ledger.repository';
import { pushAlerts, queueAlertMail, thb, type MoneyAlert } from '../ledger/ledger-notifications';
import { recordDisputeLine } from '../ledger/ledger.service';
import type { ProviderDispute } from './card-gateway';

export interface DisputeChange {
  /** The delivery's key (webhooks), claimed in the same transaction. */
  eventKey?: { provider: string; eventId: string };
  /** The provider's time of the event (seconds): an older one never overwrites a newer one. */
  created: number;
  /** Money moved by this event. */
  money: 'withdrawn' | 'reinstated' | null;
  opened?: boolean;
  closed?: boolean;
}

/** Applies a dispute's news to its order; false when this event was applied before. */
export async function applyDispute(ctx: AppContext, orderId: number, d: ProviderDispute, change: DisputeChange): Promise<boolean> {
  let alerts: MoneyAlert[] = [];
  const applied = await ctx.db.transaction().execute(async (trx) => {
    if (change.eventKey && !(await claimEvent(trx, { ...change.eventKey, orderId }))) return false;
    await lockOrder(trx, orderId, ctx.dialect);
    const at = nowIso();
    const existing = await trx.selectFrom('disputes').selectAll().where('dispute_id', '=', d.disputeId).executeTakeFirst();
    const fields = {
      status: d.status,
      reason: d.reason,
      amount_satang: d.amountSatang,
      evidence_due_by: d.evidenceDueBy,
      payment_intent: d.paymentId,
      event_created: change.created,
      updated_at: at,
    };
    if (!existing) {
      await trx
        .insertInto('disputes')
        .values({ order_id: orderId, dispute_id: d.disputeId, created_at: at, ...fields })
        .onConflict((oc) => oc.column('dispute_id').doNothing())
        .execute();
    } else if (change.created >= existing.event_created) {
      await trx.updateTable('disputes').set(fields).where('id', '=', existing.id).execute();
    }
    if (change.money === 'withdrawn') {
      await recordDisputeLine(trx, {
        orderId,
        kind: 'chargeback',
        amountSatang: d.amountSatang,
        externalId: `${d.disputeId}:withdrawn`,
        note: `dispute ${d.disputeId}`,
      });
    } else if (change.money === 'reinstated') {
      await recordDisputeLine(trx, {
        orderId,
        kind: 'chargeback-reversal',
        amountSatang: d.amountSatang,
        externalId: `${d.disputeId}:reinstated`,
        note: `dispute ${d.disputeId}`,
      });
    }
    const firstNews = !existing;
    if (firstNews || change.closed) {
      const order = await trx.selectFrom('orders').select(['id', 'reference']).where('id', '=', orderId).executeTakeFirstOrThrow();
      const due = d.evidenceDueBy
        ? new Date(d.evidenceDueBy).toLocaleString('en-GB', { timeZone: ctx.config.timezone, dateStyle: 'long', timeStyle: 'short' })
        : null;
      const alert: MoneyAlert = change.closed
        ? {
            orderId,
            reference: order.reference,
            title: `Dispute closed: ${d.status}`,
            text: `The dispute of ${thb(d.amountSatang)} on this order is closed (${d.status}).`,
          }
        : {
            orderId,
            reference: order.reference,
            title: 'Card payment disputed',
            text: `The card holder disputes ${thb(d.amountSatang)} (${d.reason ?? 'no reason given'}). Answer it at Stripe${due ? ` before ${due} (gym time)` : ''}.`,
          };
      await queueAlertMail(ctx, trx, alert);
      alerts = [alert];
    }
    return true;
  });
  pushAlerts(ctx, alerts);
  return applied;
}
