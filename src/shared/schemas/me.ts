import { z } from 'zod';
import { INVALID_EMAIL } from '../messages';
import { isIsoDate } from '../gym-time';
import { LIMITS, isEmail, languageField, normalizeEmail } from './common';
import { pushUnsubscribeSchema } from './push';

// A traveller's own page (issue 47, point 1): signing in by e-mail, no password.

const emailField = () =>
  z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(LIMITS.email)
    .transform((v) => normalizeEmail(v))
    .refine((v) => isEmail(v), INVALID_EMAIL);

/** POST /api/me/sign-in: the address to send a link and a code to, and the language of the e-mail. */
export const meSignInPayloadSchema = z.object({ email: emailField(), language: languageField() });
export type MeSignInPayload = z.infer<typeof meSignInPayloadSchema>;

/** POST /api/me/sign-in/confirm: the link's token, posted by the page's button. */
export const meConfirmPayloadSchema = z.object({ token: z.string().trim().min(1, 'The link is incomplete').max(200, 'The link is too long') });

/** The six digits of the e-mail; spaces typed between them are dropped. */
export const ME_CODE_PATTERN = /^\d{6}$/;

/** POST /api/me/sign-in/code: the address and the six-digit code of its e-mail. */
export const meCodePayloadSchema = z.object({
  email: emailField(),
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => ME_CODE_PATTERN.test(v), 'The code is six digits'),
});
export type MeCodePayload = z.infer<typeof meCodePayloadSchema>;

/** POST /api/me/passes/{id}/pause: from a gym day (today or later), for whole gym days. */
export const mePausePayloadSchema = z.object({
  startsOn: z.string({ error: 'startsOn is required (YYYY-MM-DD)' }).refine(isIsoDate, 'startsOn must be a date (YYYY-MM-DD)'),
  days: z.number({ error: 'days: a whole number' }).int('days: a whole number').min(1, 'days: one at least').max(180, 'days: 180 at most'),
});
export type MePausePayload = z.infer<typeof mePausePayloadSchema>;

/** /api/me/{kind}/{id}: the record's id. */
export const meRecordParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/me/sign-out: optionally this browser's push endpoint, so a shared phone stops
 * receiving the traveller's notifications (its subscription for this person is forgotten).
 */
export const meSignOutPayloadSchema = z.object({ endpoint: pushUnsubscribeSchema.shape.endpoint.optional() });
