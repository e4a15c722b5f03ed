import { z } from 'zod';
import { INVALID_EMAIL } from '../messages';
import { LIMITS, isEmail, languageField, normalizeEmail, personName } from './common';

// The waiting list of a full class (issue 34): joining it, and its entry's link.

/** POST /api/waitlist: the class and time as the booking form names them; an e-mail is required (the offer comes by e-mail). */
export const waitlistJoinPayloadSchema = z.object({
  name: personName(),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(LIMITS.email)
    .transform((v) => normalizeEmail(v))
    .refine((v) => isEmail(v), INVALID_EMAIL),
  phone: z
    .string()
    .trim()
    .max(LIMITS.phone)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v)),
  course: z.string().trim().min(1, 'Please select a course').max(LIMITS.name),
  dateTime: z
    .string()
    .trim()
    .min(1, 'Date and time are required')
    .max(100)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Date and time must be a valid ISO 8601 timestamp'),
  language: languageField(),
  /** The token of a paid pass's order page: accepting an offer spends one of its credits then. */
  passToken: z.string().trim().min(1, 'The pass link is incomplete').max(200, 'The pass link is too long').optional(),
});
export type WaitlistJoinPayload = z.infer<typeof waitlistJoinPayloadSchema>;

/** The entry's link: /api/waitlist/{token}. */
export const waitlistTokenParamsSchema = z.object({ token: z.string().max(200) });

/** GET /api/timetable/weekly-sessions/{id}/waitlist?date=YYYY-MM-DD (staff). */
export const waitlistStaffQuerySchema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ') });
