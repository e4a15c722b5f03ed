import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeWebhookAnswerSchema } from '../../../shared/api-types';
import { stripeEventSchema, stripeSignatureHeadersSchema } from '../../../shared/schemas/stripe-webhook';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http/responses';
import { handleStripeEvent, STRIPE_WEBHOOK_ROUTE, verifyStripeEvent } from './stripe-webhook.service';

/**
 * Stripe's deliveries. The signature covers the exact bytes sent, so in this route's own scope
 * JSON is kept as a Buffer (the app's parser elsewhere is untouched) and the zod body schema only
 * describes the event for the API document: the signature is checked before anything is read.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(STRIPE_WEBHOOK_ROUTE, {
      config: { access: 'public', limit: 'default' },
      // A few bytes back to Stripe: not worth compressing.
      compress: false,
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Payments'],
        summary: "Stripe's webhook: card payments and refunds (configure this URL at Stripe)",
        description:
          'Verified with STRIPE_WEBHOOK_SECRET on the raw body (header Stripe-Signature): a missing, wrong or stale signature answers 400 and changes nothing. ' +
          'checkout.session.completed and checkout.session.async_payment_succeeded (paid) record the card payment on the order named by the session; ' +
          'refund.created, refund.updated and charge.refunded (succeeded) record the refund. Each event id is applied once, and each payment or ' +
          'refund once whichever event tells it. Other events answer 200 and are ignored; a failure while recording answers 500 so Stripe retries.',
        headers: stripeSignatureHeadersSchema,
        body: stripeEventSchema,
        response: { 200: stripeWebhookAnswerSchema, ...errorResponses(400) },
      },
      handler: async (req) => {
        const event = verifyStripeEvent(ctx, Buffer.isBuffer(req.body) ? req.body : undefined, req.headers['stripe-signature']);
        await handleStripeEvent(ctx, event);
        return { received: true as const };
      },
    });
  });
}
