import { z } from 'zod';
import { INVALID_EMAIL } from '../messages';
import { LIMITS, isEmail, languageField, normalizeEmail, personName } from './common';

/** What a public payload that sells something asks of the buyer: an order's and a private lesson's. */
export const buyerFields = () => ({
  name: personName(),
  email: z
    .string()
    .max(LIMITS.email)
    .transform(normalizeEmail)
    .refine((v) => isEmail(v), INVALID_EMAIL),
  phone: z
    .string()
    .trim()
    .max(LIMITS.phone)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v == null || v.includes('+'), 'Phone number must include country code (e.g., +33)'),
  language: languageField(),
});
