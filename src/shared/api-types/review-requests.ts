import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { id, pageOf, timestamp } from './common';

/** One person asked for a review (issue 48 point 5): their customer record as it is now. */
export const reviewRequestDtoSchema = z.object({
  id,
  customerId: id,
  name: z.string(),
  email: z.string().nullable().describe('Null once the person was erased'),
  reason: z.enum(['stay', 'classes']).describe('After a stay ended, or after their Nth attended class'),
  language: z.enum(LANGUAGES).describe('The language the e-mail was written in'),
  triggerDate: z.string().describe('Gym date it counted from: the check-out, or the Nth class'),
  askedAt: timestamp,
});

/** GET /api/review-requests. */
export const reviewRequestPageDtoSchema = z.object(pageOf(reviewRequestDtoSchema));
export type ReviewRequestPageDto = z.infer<typeof reviewRequestPageDtoSchema>;
