// Card checkouts of an order (docs/decisions/125-an-order-keeps-every-checkout-it-opened.md). An
// order keeps every session it ever opened; at most one is live. A paid session of the order is
// recorded once, by its payment, whichever session it is and whatever the order's state. The
// provider is called outside any transaction: the checkout row is written first ('creating', its
// id the idempotency key), then the provider is asked, then its answer is stored.
import type { Language } from '../../shared/i18n/languages';
import { recordAudit } from '../audit/audit.service';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { CheckoutSessionRow, OrderRow } from '../db/schema';
import { conflict } from '../errors';
import { claimEvent, ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { pushAlerts, type MoneyAlert } from '../ledger/ledger-notifications';
import { recordPaymentLine } from '../ledger/ledger.service';
import { figuresOf } from '../ledger/order-figures';
import type { CardGateway, ProviderCheckout } from './card-gateway';
import * as repo from './checkouts.repository';

export const CARD_UNAVAILABLE = 'Card payments are not available at the moment. Please choose another way to pay.';
export const CHECKOUT_BUSY = 'A card payment page is being opened for this order. Please try again in a few seconds.';

/** A live session is reused while it has this long left; closer to its end a new one is made. */
const REUSE_MARGIN_MS = 10 * 60_000;
/** A 'creating' row older than this was left by a crash between our write and the provider's answer. */
const STALE_CREATING_MS = 2 * 60_000;

function gatewayOf(ctx: AppContext): CardGateway {
  if (!ctx.cardGateway) throw conflict(CARD_UNAVAILABLE, 'card_unavailable');
  return ctx.cardGateway;
}

export interface CheckoutRequest {
  order: OrderRow;
  email: string;
  language: Language;
  description: string;
  /** The order page, where the buyer comes back to. */
  backUrl: string;
}

/** What happened to a paid session: recorded now, known already, or not ours to record (why). */
export type CheckoutOutcome = { recorded: true } | { recorded: false; reason: string };

/**
 * Records a paid session of one of our orders, once, by its payment (the ledger line's external
 * id): from the webhook, the reconciliation, or a session found paid when it was to be closed.
 * `event` claims the delivery's key in the same transaction (webhooks).
 */
export async function recordPaidCheckout(
  ctx: AppContext,
  s: ProviderCheckout,
  source: { label: string; event?: { provider: string; eventId: string } },
): Promise<CheckoutOutcome> {
  if (!s.paid) return { recorded: false, reason: `session ${s.sessionId} is not paid` };
  let row = await repo.findCheckoutBySession(ctx.db, s.sessionId);
  // A session whose answer we never stored (a crash after the provider made it) names our row.
  if (!row && s.checkoutId !== null) {
    const named = await repo.findCheckout(ctx.db, s.checkoutId);
    if (named && named.order_id === s.orderId && named.session_id === null) row = named;
  }
  // Only our own checkouts: another site on the same account, or a forged order id, is not this order's payment.
  if (!row || (s.orderId !== null && row.order_id !== s.orderId))
    return { recorded: false, reason: `session ${s.sessionId} is not a checkout of an order here` };
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst();
  if (!order) return { recorded: false, reason: `order ${row.order_id} is gone` };
  const amount = s.amountSatang;
  if (s.currency !== 'thb' || amount === null || !Number.isSafeInteger(amount) || amount <= 0 || amount > order.amount_satang) {
    return { recorded: false, reason: `session ${s.sessionId}: ${String(amount)} ${String(s.currency)} does not fit order ${order.id}` };
  }
  const paymentId = s.paymentId ?? s.sessionId;
  const checkout = row;
  let alerts: MoneyAlert[] = [];
  let wrote = false;
  await ctx.db.transaction().execute(async (trx) => {
    if (source.event && !(await claimEvent(trx, { ...source.event, orderId: order.id }))) return;
    await lockOrder(trx, order.id, ctx.dialect);
    const result = await recordPaymentLine(ctx, trx, {
      orderId: order.id,
      method: 'card',
      amountSatang: amount,
      externalId: paymentId,
      note: `Stripe ${s.sessionId}`,
    });
    await repo.updateCheckout(trx, checkout.id, ['creating', 'open', 'expired', 'failed', 'complete'], {
      status: 'complete',
      session_id: s.sessionId,
      payment_intent: paymentId,
    });
    wrote = result.line !== null;
    alerts = result.alerts;
  });
  if (!wrote) return { recorded: false, reason: `payment ${paymentId} was recorded already` };
  pushAlerts(ctx, alerts);
  ctx.mail.kick();
  await recordAudit(ctx, {
    created_at: nowIso(),
    user_id: null,
    user_email: null,
    method: 'POST',
    route: source.label,
    entity_type: 'orders',
    entity_id: String(order.id),
    status: 200,
    ip: null,
    summary: `card payment ${paymentId} of ${amount} satang recorded from ${source.label}${source.event ? ` (event ${source.event.eventId})` : ''} (session ${s.sessionId})`,
  });
  return { recorded: true };
}

/**
 * Closes a live checkout at the provider. One that turns out paid meanwhile is recorded; one the
 * provider cannot be asked about now stays as it is (the reconciliation settles it).
 */
async function closeCheckout(ctx: AppContext, row: CheckoutSessionRow, why: string): Promise<void> {
  if (row.status === 'creating') {
    // Never answered: nothing can be paid on a session nobody was sent to (the webhook still records one by its row).
    if (Date.now() - Date.parse(row.created_at) > STALE_CREATING_MS) await repo.updateCheckout(ctx.db, row.id, ['creating'], { status: 'failed' });
    return;
  }
  if (!row.session_id) return;
  const s = await gatewayOf(ctx).expireCheckout(row.session_id);
  if (s.paid) {
    await recordPaidCheckout(ctx, s, { label: `checkout closed (${why})` });
    return;
  }
  await repo.updateCheckout(ctx.db, row.id, ['open'], { status: s.status === 'complete' ? 'complete' : 'expired' });
}

/**
 * Closes the order's live checkout, if any, after a desk payment that covers what is owed or a
 * cancellation. Never throws: the money path that called it has committed; a failure is logged
 * and the hourly reconciliation tries again.
 */
export async function closeLiveCheckout(ctx: AppContext, orderId: number, why: string): Promise<void> {
  if (!ctx.cardGateway) return;
  try {
    const live = await repo.findLiveCheckout(ctx.db, orderId);
    if (live) await closeCheckout(ctx, live, why);
  } catch (err) {
    ctx.log.error({ err, orderId }, 'an open card checkout could not be closed; the reconciliation will look at it');
  }
}

/**
 * A checkout for what is due now: the live session while it is still open for that amount, else
 * a new one after the live one is closed. Answers null when nothing is due any more (the live
 * session turned out paid). A provider failure answers 409 card_unavailable.
 */
export async function openCheckout(ctx: AppContext, req: CheckoutRequest): Promise<string | null> {
  const gateway = gatewayOf(ctx);
  const orderId = req.order.id;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const due = figuresOf(req.order, await ledgerTotals(ctx.db, orderId)).dueNowSatang;
    if (due <= 0) return null;
    const live = await repo.findLiveCheckout(ctx.db, orderId);
    if (live) {
      const fresh = live.expires_at === null || Date.parse(live.expires_at) - Date.now() > REUSE_MARGIN_MS;
      if (live.status === 'open' && live.url && live.amount_satang === due && fresh) return live.url;
      if (live.status === 'creating' && Date.now() - Date.parse(live.created_at) <= STALE_CREATING_MS) throw conflict(CHECKOUT_BUSY, 'checkout_busy');
      try {
        await closeCheckout(ctx, live, 'a new checkout');
      } catch (err) {
        ctx.log.error({ err, orderId }, 'the open card checkout could not be closed');
        throw conflict(CARD_UNAVAILABLE, 'card_unavailable');
      }
      continue;
    }
    const row = await repo.insertCreatingCheckout(ctx.db, orderId, due);
    if (!row) continue; // another request made one meanwhile: look again
    let s: ProviderCheckout;
    try {
      s = await gateway.createCheckout({
        orderId,
        checkoutId: row.id,
        reference: req.order.reference,
        description: req.description,
        amountSatang: due,
        email: req.email,
        language: req.language,
        successUrl: req.backUrl,
        cancelUrl: req.backUrl,
      });
    } catch (err) {
      ctx.log.error({ err, orderId }, 'card checkout could not be opened');
      await repo.updateCheckout(ctx.db, row.id, ['creating'], { status: 'failed' });
      throw conflict(CARD_UNAVAILABLE, 'card_unavailable');
    }
    await repo.updateCheckout(ctx.db, row.id, ['creating'], { status: 'open', session_id: s.sessionId, url: s.url, expires_at: s.expiresAt });
    return s.url;
  }
  throw conflict(CHECKOUT_BUSY, 'checkout_busy');
}
