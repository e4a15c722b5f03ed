// Cards through Stripe Checkout (docs/decisions/100-cards-through-stripe-checkout-recorded-from-the-webhook.md): the buyer pays on
// Stripe's page; the order becomes paid only from the verified webhook (stripe-webhook.service.ts).
import Stripe from 'stripe';
import type { Language } from '../../../shared/i18n/languages';
import { idFromMetadata, type CardGateway, type ProviderCheckout, type ProviderDispute, type ProviderRefund } from '../card-gateway';
import { createStripeClient, type StripeSettings } from './stripe-client';

/** Checkout's locales for the site's languages (all six are Stripe locales; 'zh' is Simplified). */
const CHECKOUT_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  ru: 'ru',
  zh: 'zh',
  de: 'de',
  fr: 'fr',
  th: 'th',
};

/** Stripe accepts a session's expiry 30 minutes to 24 hours after its creation; a margin keeps clock skew inside. */
const MIN_SESSION_MS = 35 * 60_000;
const MAX_SESSION_MS = 24 * 3600_000 - 10 * 60_000;

/** When a session made now should expire: the order's hold, within what Stripe allows. */
export function sessionExpiresAt(now: Date, holdMs: number): number {
  const ms = Math.min(MAX_SESSION_MS, Math.max(MIN_SESSION_MS, holdMs));
  return Math.floor((now.getTime() + ms) / 1000);
}

export interface StripeGatewayOptions {
  /** How long an unpaid order is held (config.paymentHoldMs); the session lapses with it. */
  holdMs?: number;
  now?: () => Date;
  /** An existing client (the webhook shares the app's). */
  client?: Stripe;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));
const isoOf = (seconds: number | null | undefined): string | null => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** A Checkout Session, from an answer or an event, as the rest of the site reads one. */
export function checkoutOf(s: Stripe.Checkout.Session): ProviderCheckout {
  return {
    sessionId: s.id,
    orderId: idFromMetadata(s.metadata?.orderId ?? s.client_reference_id),
    checkoutId: idFromMetadata(s.metadata?.checkoutId),
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paid: s.payment_status === 'paid',
    amountSatang: s.amount_total,
    currency: s.currency,
    paymentId: idOf(s.payment_intent),
    url: s.url ?? null,
    expiresAt: isoOf(s.expires_at),
  };
}

export function refundOf(r: Stripe.Refund): ProviderRefund {
  return {
    refundId: r.id,
    paymentId: idOf(r.payment_intent),
    orderId: idFromMetadata(r.metadata?.orderId),
    amountSatang: r.amount,
    currency: r.currency,
    status: (r.status ?? 'pending') as ProviderRefund['status'],
    failureReason: r.failure_reason ?? null,
  };
}

export function disputeOf(d: Stripe.Dispute): ProviderDispute {
  return {
    disputeId: d.id,
    paymentId: idOf(d.payment_intent),
    amountSatang: d.amount,
    currency: d.currency,
    status: d.status,
    reason: d.reason ?? null,
    evidenceDueBy: isoOf(d.evidence_details?.due_by),
  };
}

export function createStripeGateway(settings: StripeSettings, opts: StripeGatewayOptions = {}): CardGateway {
  const stripe = opts.client ?? createStripeClient(settings);
  const now = opts.now ?? (() => new Date());
  return {
    async createCheckout(input) {
      if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new RangeError('a card checkout is a positive whole number of satang');
      const ids = { orderId: String(input.orderId), reference: input.reference };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The ledger records these as 'card' (wallets pay by card too); PromptPay has its own way.
          allowed_payment_method_types: ['card'],
          line_items: [
            {
              quantity: 1,
              // THB has two decimals at Stripe: the unit amount is in satang, as stored.
              price_data: { currency: 'thb', unit_amount: input.amountSatang, product_data: { name: input.description } },
            },
          ],
          customer_email: input.email || undefined,
          locale: CHECKOUT_LOCALES[input.language] ?? 'auto',
          client_reference_id: ids.orderId,
          metadata: { ...ids, checkoutId: String(input.checkoutId) },
          // The payment (and a refund made from Stripe's dashboard) names the order too.
          payment_intent_data: { metadata: ids, description: `${input.reference} ${input.description}`.slice(0, 1000) },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: sessionExpiresAt(now(), opts.holdMs ?? MAX_SESSION_MS),
        },
        // Our checkout row: a retry after a timeout gets the same session, never a second one. The
        // order's reference keeps keys apart across databases sharing one Stripe account.
        { idempotencyKey: `checkout-${input.reference}-${input.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return checkoutOf(session);
    },

    async expireCheckout(sessionId) {
      try {
        return checkoutOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (err) {
        // Only open sessions can be expired: one paid (or lapsed) meanwhile is read as it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return checkoutOf(await stripe.checkout.sessions.retrieve(sessionId));
        throw err;
      }
    },

    async getCheckout(sessionId) {
      return checkoutOf(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async refund(input) {
      if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) throw new RangeError('a refund is a positive whole number of satang');
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentId, amount: input.amountSatang, metadata: { orderId: String(input.orderId) } },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundOf(refund);
    },

    async refundsOf(paymentId) {
      const page = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
      return page.data.map(refundOf);
    },

    async disputesOf(paymentId) {
      const page = await stripe.disputes.list({ payment_intent: paymentId, limit: 100 });
      return page.data.map(disputeOf);
    },

    async orderOfPayment(paymentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentId);
        return idFromMetadata(intent.metadata?.orderId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw err;
      }
    },
  };
}
