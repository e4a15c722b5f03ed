import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { meRecordsShape } from './me-page';

// A traveller's own page (issue 47): what GET /api/me answers so far (point 1), and the
// sign-in's answers. Point 2 adds the bookings, passes, orders and the rest.

/** POST /api/me/sign-in: the same answer whether or not the address is known. */
export const meSignInSentDtoSchema = z.object({ sent: z.literal(true) });
export type MeSignInSentDto = z.infer<typeof meSignInSentDtoSchema>;

/** GET /api/me (and the answer of a sign-in): the person signed in. */
export const meDtoSchema = z.object({
  person: z.object({ name: z.string(), email: z.string() }),
  language: z.enum(LANGUAGES),
});
export type MeDto = z.infer<typeof meDtoSchema>;

/** GET /api/me: the person and everything of theirs that My page shows (point 2; me-page.ts). */
export const mePageDtoSchema = meDtoSchema.extend(meRecordsShape);
export type MePageDto = z.infer<typeof mePageDtoSchema>;
