import { z } from 'zod';
import { LIMITS, languageField, emailText, honeypotField, optionalPersonName } from './common';
import { EMAIL_REQUIRED, INVALID_EMAIL } from '../messages';

// POST /api/newsletter-subscribers and the sign-up form.
export const newsletterSubscribeSchema = z.object({
  email: emailText().min(1, EMAIL_REQUIRED).max(LIMITS.email).pipe(z.email(INVALID_EMAIL)),
  name: optionalPersonName(),
  isActive: z.boolean('isActive must be true or false').default(true),
  website: honeypotField(),
  language: languageField(),
});
export type NewsletterSubscribeInput = z.infer<typeof newsletterSubscribeSchema>;
