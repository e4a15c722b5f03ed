// Visa letters (issue 35): one zod schema per payload. The traveller's form speaks English (the
// order page translates the refusals it knows by field); staff payloads are French.
import { z } from 'zod';
import { isIsoDate } from '../gym-time';
import { PASSPORT_NAME_PATTERN, VERIFY_CODE_PATTERN, VISA_LETTER_STATUSES, isCountryCode, passportName } from '../visa-letters';
import { paging } from './lists';

export const VISA_LIMITS = { name: 100, passport: 20, embassy: 120, reason: 500 } as const;

// POST /api/orders/by-token/{token}/visa-letter (public).
export const visaLetterRequestSchema = z.object({
  fullName: z
    .string({ error: 'Please write your full name as in your passport' })
    .trim()
    .min(1, 'Please write your full name as in your passport')
    .max(VISA_LIMITS.name, 'The name is too long')
    .refine(
      (v) => PASSPORT_NAME_PATTERN.test(v.replace(/\s+/g, ' ')),
      'Write the name in Latin letters as in the lower lines of your passport (e.g. MUELLER for MÜLLER)',
    )
    .transform(passportName),
  nationality: z
    .string({ error: 'Please choose your nationality' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Please choose your nationality (a two-letter country code such as DE)'),
  passportNumber: z
    .string({ error: 'Please write your passport number' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5,20}$/, 'A passport number has 5 to 20 letters and digits'),
  dateOfBirth: z
    .string({ error: 'Please give your date of birth' })
    .refine(isIsoDate, 'Please give your date of birth (YYYY-MM-DD)')
    .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'Please give your date of birth'),
  embassy: z
    .string()
    .trim()
    .max(VISA_LIMITS.embassy, 'The embassy name is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type VisaLetterRequestPayload = z.infer<typeof visaLetterRequestSchema>;

// GET /api/visa-letters (staff).
export const visaLetterListQuerySchema = z.object({
  status: z.enum(VISA_LETTER_STATUSES, { error: 'Statut inconnu' }).optional(),
  ...paging,
});

// POST /api/visa-letters/{id}/revoke (staff).
export const visaLetterRevokeSchema = z.object({
  reason: z.string({ error: 'Indiquez la raison' }).trim().min(1, 'Indiquez la raison').max(VISA_LIMITS.reason, 'La raison est trop longue'),
});

export const verifyCodeParamsSchema = z.object({ code: z.string().regex(VERIFY_CODE_PATTERN, 'Unknown letter') });
