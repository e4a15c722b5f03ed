// Cards are taken by a provider behind this interface (Stripe Checkout today, in
// src/server/payments/stripe/; another such as Omise would plug in beside it). An order becomes
// paid only from what the provider itself reports (its verified webhook, or the reconciliation
// asking it), never from the buyer's return to our page. Every call is made outside any database
// transaction, with a timeout, and with an idempotency key where it changes something.
import type { Language } from '../../shared/i18n/languages';

/** A checkout session as the provider tells it, whichever way it was read (event, answer, lookup). */
export interface ProviderCheckout {
  sessionId: string;
  /** The order and the checkout row our own request named in the session's metadata, if any. */
  orderId: number | null;
  checkoutId: number | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountSatang: number | null;
  currency: string | null;
  /** The payment (Stripe: the payment intent): what a ledger line is keyed by. */
  paymentId: string | null;
  url: string | null;
  expiresAt: string | null;
}

export interface ProviderRefund {
  refundId: string;
  paymentId: string | null;
  /** The order our request named (metadata), when it was made from the back office. */
  orderId: number | null;
  amountSatang: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failureReason: string | null;
}

export interface ProviderDispute {
  disputeId: string;
  paymentId: string | null;
  amountSatang: number;
  currency: string;
  status: string;
  reason: string | null;
  /** ISO instant, or null. */
  evidenceDueBy: string | null;
}

export interface CardGateway {
  createCheckout(input: {
    orderId: number;
    /** Our checkout row: its id is the idempotency key and is named in the session's metadata. */
    checkoutId: number;
    reference: string;
    description: string;
    amountSatang: number;
    email: string;
    language: Language;
    successUrl: string;
    cancelUrl: string;
  }): Promise<ProviderCheckout>;
  /** Closes an open session; answers it as it is afterwards (complete when it was paid meanwhile). */
  expireCheckout(sessionId: string): Promise<ProviderCheckout>;
  getCheckout(sessionId: string): Promise<ProviderCheckout>;
  /**
   * Pays back part or all of a card payment. The idempotency key makes a retried call (a double
   * click, a crash before the answer was stored, a timeout) refund once at the provider.
   */
  refund(input: { orderId: number; paymentId: string; amountSatang: number; idempotencyKey: string }): Promise<ProviderRefund>;
  refundsOf(paymentId: string): Promise<ProviderRefund[]>;
  disputesOf(paymentId: string): Promise<ProviderDispute[]>;
  /** The order a payment's metadata names (a refund or dispute event arriving before its payment). */
  orderOfPayment(paymentId: string): Promise<number | null>;
}

/** An order id as our metadata writes it (digits only), else null. */
export function idFromMetadata(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
