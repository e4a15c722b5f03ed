// POST /api/payments/stripe/webhook: what Stripe sends. Described for the API document only: the
// route checks the signature on the raw bytes first, and the stripe library reads the event.
import { z } from 'zod';

export const stripeEventSchema = z.object({
  id: z.string().describe("The event's id (evt_…): each is applied once"),
  object: z.literal('event'),
  type: z
    .string()
    .describe('checkout.session.completed, checkout.session.async_payment_succeeded, refund.created, refund.updated, charge.refunded; others are ignored'),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()).describe('The Checkout Session, Refund or Charge') }),
});

export const stripeSignatureHeadersSchema = z.object({
  'stripe-signature': z.string().optional().describe("Stripe's signature of the raw body with the endpoint's secret (t=…,v1=…)"),
});
