import { z } from 'zod';
import { LIMITS, emailText } from './common';

// POST /api/newsletter-subscribers and the sign-up form.
export const newsletterSubscribeSchema = z.object({
  email: emailText().min(1, 'Email is required').max(LIMITS.email).pipe(z.email('Invalid email')),
  name: z
    .string()
    .trim()
    .max(LIMITS.name)
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean('isActive must be true or false').default(true),
});
export type NewsletterSubscribeInput = z.infer<typeof newsletterSubscribeSchema>;
