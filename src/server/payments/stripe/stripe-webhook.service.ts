// Stripe's webhook (docs/decisions/100-cards-through-stripe-checkout-recorded-from-the-webhook.md,
// 125, 126): card payments, refunds and disputes reach an order's ledger from here or from the
// reconciliation, through the ledger's one writer. Each event is verified on its raw bytes; each
// payment, refund and dispute movement is written once, keyed by Stripe's id of the money moved,
// whichever event or path tells it first. An event about a payment not recorded yet is answered
// with an error so that Stripe delivers it again: nothing is answered 200 and then forgotten.
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import { recordAudit } from '../../audit/audit.service';
import { claimEvent, findLedgerLine } from '../../ledger/ledger.repository';
import { pushAlerts, queueAlertMail, type MoneyAlert } from '../../ledger/ledger-notifications';
import { recordRefundLine, reverseRefundLine } from '../../ledger/ledger.service';
import type { ProviderDispute, ProviderRefund } from '../card-gateway';
import { recordPaidCheckout } from '../checkouts.service';
import * as checkouts from '../checkouts.repository';
import { applyDispute } from '../disputes.service';
import { checkoutOf, disputeOf, refundOf } from './stripe-gateway';

export const STRIPE_WEBHOOK_ROUTE = '/api/payments/stripe/webhook';
const PROVIDER = 'stripe';
export const PAYMENT_NOT_RECORDED_YET = 'This event names a payment not recorded yet; deliver it again later';

/** The events the site acts on: README lists them for the Stripe endpoint. */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;

export interface WebhookOutcome {
  /** This delivery changed the ledger (or a dispute). */
  applied: boolean;
  /** Why nothing was applied (logged; Stripe is answered 200 and stops retrying). */
  ignored?: string;
}

/**
 * The event, once its signature matches the raw body and its timestamp is recent (the library's
 * five-minute tolerance); a 400 otherwise, before anything is read from it.
 */
export function verifyStripeEvent(ctx: AppContext, raw: Buffer | undefined, signature: string | string[] | undefined): Stripe.Event {
  const secret = ctx.config.stripe?.webhookSecret;
  if (!secret) throw badRequest('Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET)', 'webhook_not_configured');
  if (typeof signature !== 'string' || signature === '') throw badRequest('The Stripe-Signature header is missing', 'webhook_signature_invalid');
  try {
    return Stripe.webhooks.constructEvent(raw ?? Buffer.alloc(0), signature, secret);
  } catch {
    throw badRequest('The Stripe signature does not match this body, or is too old', 'webhook_signature_invalid');
  }
}

/** Applies a verified event. Throws when the database fails or the payment is not known yet, so Stripe retries. */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const r = await recordPaidCheckout(ctx, checkoutOf(event.data.object), { label: STRIPE_WEBHOOK_ROUTE, event: { provider: PROVIDER, eventId: event.id } });
      outcome = r.recorded ? { applied: true } : { applied: false, ignored: r.reason };
      break;
    }
    case 'checkout.session.expired': {
      const row = await checkouts.findCheckoutBySession(ctx.db, event.data.object.id);
      if (row) await checkouts.updateCheckout(ctx.db, row.id, ['open', 'creating'], { status: 'expired' });
      outcome = { applied: false, ignored: 'a lapsed checkout moves no money' };
      break;
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      outcome = await applyRefunds(ctx, event, [refundOf(event.data.object)]);
      break;
    case 'charge.refunded':
      // Recent API versions leave the list out of the charge: refund.* events carry each one.
      outcome = await applyRefunds(ctx, event, (event.data.object.refunds?.data ?? []).map(refundOf));
      break;
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      outcome = await applyDisputeEvent(ctx, event, disputeOf(event.data.object));
      break;
    default:
      outcome = { applied: false, ignored: 'an event type the site does not act on' };
  }
  ctx.log.info({ stripeEvent: event.id, type: event.type, ...outcome }, 'stripe webhook');
  return outcome;
}

/**
 * The order a refund's or dispute's payment belongs to. A payment of one of our orders that is
 * not recorded yet is a 409 (Stripe delivers again; the payment's own event or the reconciliation
 * records it meanwhile); a payment of no order here is null (ignored).
 */
export async function orderOfMoney(ctx: AppContext, paymentId: string | null, named: number | null): Promise<number | null> {
  if (paymentId) {
    const line = await findLedgerLine(ctx.db, paymentId);
    if (line && line.kind === 'payment') return line.order_id;
  }
  const orderId = named ?? (paymentId && ctx.cardGateway ? await ctx.cardGateway.orderOfPayment(paymentId) : null);
  if (orderId !== null && (await ctx.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst())) {
    throw conflict(PAYMENT_NOT_RECORDED_YET, 'payment_not_recorded_yet');
  }
  return null;
}

/** Records what the refunds tell: a succeeded one as a line, a failed one as the reversal of its line. */
export async function applyRefunds(ctx: AppContext, event: { id: string; type: string } | null, all: ProviderRefund[]): Promise<WebhookOutcome> {
  const known = all.filter((r) => r.currency === 'thb' && Number.isSafeInteger(r.amountSatang) && r.amountSatang > 0);
  if (known.length === 0) return { applied: false, ignored: 'no refund in THB' };
  let wrote = 0;
  let alerts: MoneyAlert[] = [];
  for (const refund of known) {
    if (refund.status !== 'succeeded' && refund.status !== 'failed' && refund.status !== 'canceled') continue;
    const orderId = await orderOfMoney(ctx, refund.paymentId, refund.orderId);
    if (orderId === null) {
      ctx.log.warn({ stripeEvent: event?.id, refund: refund.refundId }, 'a refund of a payment of no order here');
      continue;
    }
    await ctx.db.transaction().execute(async (trx) => {
      if (event && !(await claimEvent(trx, { provider: PROVIDER, eventId: `${event.id}:${refund.refundId}`, orderId }))) return;
      if (refund.status === 'succeeded') {
        const r = await recordRefundLine(ctx, trx, {
          orderId,
          method: 'card',
          amountSatang: refund.amountSatang,
          externalId: refund.refundId,
          note: `Stripe ${refund.refundId}`,
        });
        if (r.line) wrote += 1;
        return;
      }
      const line = await findLedgerLine(trx, refund.refundId);
      if (line) {
        const r = await reverseRefundLine(ctx, trx, line, refund.failureReason);
        if (r.line) wrote += 1;
        alerts = [...alerts, ...r.alerts];
        return;
      }
      // Failed before it was ever recorded: nothing to reverse; its request (if ours) fails, and staff are told once.
      const reference = (await trx.selectFrom('orders').select('reference').where('id', '=', orderId).executeTakeFirstOrThrow()).reference;
      const alert: MoneyAlert = {
        orderId,
        reference,
        title: 'Refund failed',
        text: `A card refund of ${refund.amountSatang / 100} THB failed at the card provider${refund.failureReason ? ` (${refund.failureReason})` : ''}.`,
      };
      const failedRequest = await trx
        .selectFrom('refund_requests')
        .select('id')
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .where('pieces', 'like', `%${refund.refundId}%`)
        .executeTakeFirst();
      if (failedRequest)
        await trx
          .updateTable('refund_requests')
          .set({ status: 'failed', error: refund.failureReason ?? refund.status, updated_at: new Date().toISOString() })
          .where('id', '=', failedRequest.id)
          .execute();
      await queueAlertMail(ctx, trx, alert);
      alerts = [...alerts, alert];
      wrote += 1;
    });
    if (event) await audit(ctx, event, orderId);
  }
  pushAlerts(ctx, alerts);
  ctx.mail.kick();
  return wrote > 0 ? { applied: true } : { applied: false, ignored: 'refund recorded already, or not final yet' };
}

async function applyDisputeEvent(ctx: AppContext, event: Stripe.Event, d: ProviderDispute): Promise<WebhookOutcome> {
  if (d.currency !== 'thb') return { applied: false, ignored: `dispute ${d.disputeId} is not in THB` };
  const orderId = await orderOfMoney(ctx, d.paymentId, null);
  if (orderId === null) return { applied: false, ignored: `dispute ${d.disputeId} is about a payment of no order here` };
  const kind = event.type === 'charge.dispute.funds_withdrawn' ? 'withdrawn' : event.type === 'charge.dispute.funds_reinstated' ? 'reinstated' : null;
  const applied = await applyDispute(ctx, orderId, d, {
    eventKey: { provider: PROVIDER, eventId: event.id },
    created: event.created,
    money: kind,
    opened: event.type === 'charge.dispute.created',
    closed: event.type === 'charge.dispute.closed',
  });
  if (applied) await audit(ctx, event, orderId);
  return applied ? { applied: true } : { applied: false, ignored: 'event applied before' };
}

/** Stripe is who changed the order: the audit log names the event, never a staff member. */
function audit(ctx: AppContext, event: { id: string; type: string }, orderId: number): Promise<void> {
  return recordAudit(ctx, {
    created_at: new Date().toISOString(),
    user_id: null,
    user_email: null,
    method: 'POST',
    route: STRIPE_WEBHOOK_ROUTE,
    entity_type: 'orders',
    entity_id: String(orderId),
    status: 200,
    ip: null,
    summary: `${event.type} ${event.id}`,
  });
}
