// Cards are taken by a provider behind this interface (Stripe Checkout today, in
// src/server/payments/stripe/; another such as Omise would plug in beside it). An order becomes
// paid only from the provider's verified webhook, never from the buyer's return to our page.
import type { Language } from '../../shared/i18n/languages';

export interface CardCheckout {
  /** The provider's checkout session id, kept on the order (orders.stripe_session_id). */
  sessionId: string;
  /** Where the buyer pays. */
  url: string;
}

export interface CardGateway {
  createCheckout(input: {
    orderId: number;
    reference: string;
    description: string;
    amountSatang: number;
    email: string;
    language: Language;
    successUrl: string;
    cancelUrl: string;
  }): Promise<CardCheckout>;
  /**
   * Pays back part or all of a card payment. The idempotency key makes a retried call (a double
   * click, a crash before the answer was stored) refund once at the provider.
   */
  refund(input: { orderId: number; paymentExternalId: string; amountSatang: number; idempotencyKey: string }): Promise<{ refundId: string }>;
}
