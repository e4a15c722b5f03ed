import { queuePaymentReceivedMail, queueRefundMail } from '../../orders/order-notifications';
// Stripe's webhook (docs/decisions/100-cards-through-stripe-checkout-recorded-from-the-webhook.md): the only way a card payment or a
// card refund reaches an order's ledger. Each event is verified on its raw bytes, then applied
// at most once: its id is stored in the same transaction as its ledger line (applyEventOnce), and
// the line itself carries Stripe's id of the money moved (payment intent, refund), so the same
// payment told by two events, or a refund the back office recorded already, counts once.
import Stripe from 'stripe';
import { orderState } from '../../../shared/passes';
import { recordAudit } from '../../audit/audit.service';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { addLedgerLine, applyEventOnce, ledgerTotals } from '../../orders/order-ledger.repository';
import { findPayableOrder, orderOfPayment, type PayableOrder } from './stripe-webhook.repository';

export const STRIPE_WEBHOOK_ROUTE = '/api/payments/stripe/webhook';
const PROVIDER = 'stripe';

export interface WebhookOutcome {
  /** This delivery changed the ledger. */
  applied: boolean;
  /** Why nothing was applied (logged; Stripe is still answered 200 and stops retrying). */
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

/** Applies a verified event. Throws when the database fails, so the 500 makes Stripe retry. */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      outcome = await applySessionPayment(ctx, event, event.data.object);
      break;
    case 'refund.created':
    case 'refund.updated':
      outcome = await applyRefunds(ctx, event, [event.data.object]);
      break;
    case 'charge.refunded':
      outcome = await applyChargeRefunds(ctx, event, event.data.object);
      break;
    default:
      outcome = { applied: false, ignored: 'an event type the site does not act on' };
  }
  ctx.log.info({ stripeEvent: event.id, type: event.type, ...outcome }, 'stripe webhook');
  return outcome;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));
const isSatang = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

function orderIdOf(session: Stripe.Checkout.Session): number | null {
  const text = session.metadata?.orderId ?? session.client_reference_id;
  const id = Number(text);
  return text && /^\d{1,15}$/.test(text) && Number.isSafeInteger(id) ? id : null;
}

function ignore(ctx: AppContext, event: Stripe.Event, reason: string, level: 'warn' | 'error' = 'warn'): WebhookOutcome {
  ctx.log[level]({ stripeEvent: event.id, type: event.type }, `stripe webhook ignored: ${reason}`);
  return { applied: false, ignored: reason };
}

async function applySessionPayment(ctx: AppContext, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  // completed with 'unpaid' is an asynchronous method still running: its own event follows.
  if (session.payment_status !== 'paid') return { applied: false, ignored: `payment status ${session.payment_status}` };
  const orderId = orderIdOf(session);
  if (orderId === null) return ignore(ctx, event, `session ${session.id} names no order of this site`);
  const order = await findPayableOrder(ctx.db, orderId);
  // Our session is the one stored on the order: another session naming the order (another site on
  // the same Stripe account, a forged id) is not this order's payment.
  if (!order || order.stripe_session_id !== session.id) return ignore(ctx, event, `session ${session.id} is not the checkout of order ${orderId}`, 'error');
  const amount = session.amount_total;
  if (session.currency !== 'thb' || !isSatang(amount) || amount > order.amount_satang) {
    return ignore(ctx, event, `session ${session.id}: ${String(amount)} ${String(session.currency)} does not fit order ${orderId}`, 'error');
  }
  // The payment intent is the payment: a second event about it (async_payment_succeeded after
  // completed) finds its line and adds nothing.
  const externalId = idOf(session.payment_intent) ?? session.id;
  let wrote = false;
  // No lockOrder here: the unique external id already serialises the line, and the event key's
  // foreign key holds a share lock on the order that FOR UPDATE would deadlock against (PostgreSQL).
  const applied = await applyEventOnce(ctx.db, { provider: PROVIDER, eventId: event.id, orderId }, async (trx) => {
    const before = await stateOf(trx, order);
    const line = await addLedgerLine(trx, { orderId, kind: 'payment', method: 'card', amountSatang: amount, externalId, note: `Stripe ${session.id}` });
    if (!line) return;
    wrote = true;
    // Money arrived: it is recorded whatever the order's state, and staff see it.
    if (before === 'expired' || before === 'cancelled')
      ctx.log.warn({ orderId, state: before, stripeEvent: event.id }, 'card payment recorded on an order that was no longer awaiting it');
    // In the same transaction as the ledger line: a rolled-back delivery sends nothing.
    await queuePaymentReceivedMail(ctx, trx, orderId);
  });
  if (wrote) await audit(ctx, event, orderId);
  return applied && wrote ? { applied: true } : { applied: false, ignored: applied ? `payment ${externalId} was recorded already` : 'event applied before' };
}

async function stateOf(trx: Db, order: PayableOrder) {
  const totals = await ledgerTotals(trx, order.id);
  return orderState(
    { amountSatang: order.amount_satang, depositSatang: order.deposit_satang, ...totals, expiresAt: order.expires_at, cancelledAt: order.cancelled_at },
    new Date(),
  );
}

async function applyChargeRefunds(ctx: AppContext, event: Stripe.Event, charge: Stripe.Charge): Promise<WebhookOutcome> {
  const refunds = charge.refunds?.data ?? [];
  // Recent API versions leave the list out of the charge: refund.created/updated carry each one.
  if (refunds.length === 0) return { applied: false, ignored: 'charge.refunded without its refunds (refund.* events record them)' };
  return applyRefunds(ctx, event, refunds);
}

/** Which order a refund belongs to: the one whose payment it pays back, else the order our gateway named. */
async function orderOfRefund(ctx: AppContext, refund: Stripe.Refund): Promise<number | null> {
  const payment = idOf(refund.payment_intent);
  const byPayment = payment ? await orderOfPayment(ctx.db, payment) : undefined;
  if (byPayment !== undefined) return byPayment;
  const named = Number(refund.metadata?.orderId);
  if (!Number.isSafeInteger(named) || named <= 0) return null;
  return (await findPayableOrder(ctx.db, named)) ? named : null;
}

async function applyRefunds(ctx: AppContext, event: Stripe.Event, all: Stripe.Refund[]): Promise<WebhookOutcome> {
  // Only money that has left: a pending refund is recorded by its later refund.updated.
  const done = all.filter((r) => r.status === 'succeeded' && r.currency === 'thb' && isSatang(r.amount));
  if (done.length === 0) return { applied: false, ignored: `refund ${all.map((r) => `${r.id} ${String(r.status)}`).join(', ')} not succeeded in THB` };
  const orderId = await orderOfRefund(ctx, done[0]);
  if (orderId === null) return ignore(ctx, event, `refund ${done[0].id} is not for a payment recorded here`);
  let wrote = 0;
  // Recorded as Stripe reports it (Stripe never refunds more than the charge): no lock, as above.
  const applied = await applyEventOnce(ctx.db, { provider: PROVIDER, eventId: event.id, orderId }, async (trx) => {
    for (const refund of done) {
      // The refund's id is its line's: the back office's own record of it (gateway.refund) makes this a no-op.
      const line = await addLedgerLine(trx, {
        orderId,
        kind: 'refund',
        method: 'card',
        amountSatang: refund.amount,
        externalId: refund.id,
        note: `Stripe ${refund.id}`,
      });
      if (!line) continue;
      wrote += 1;
      await queueRefundMail(ctx, trx, orderId, { amountSatang: refund.amount, method: 'card' });
    }
    const totals = await ledgerTotals(trx, orderId);
    if (wrote > 0 && totals.refundedSatang > totals.paidSatang)
      ctx.log.warn({ orderId, ...totals, stripeEvent: event.id }, 'card refunds exceed what the ledger shows as paid');
  });
  if (wrote > 0) await audit(ctx, event, orderId);
  return wrote > 0 ? { applied: true } : { applied: false, ignored: applied ? 'refund recorded already' : 'event applied before' };
}

/** Stripe is who changed the order: the audit log names the event, never a staff member. */
function audit(ctx: AppContext, event: Stripe.Event, orderId: number): Promise<void> {
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
