// The answer to Stripe's webhook deliveries (Stripe reads only the status).
import { z } from 'zod';

export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true).describe('The event was verified; applied now, applied before, or not one the site acts on'),
});
