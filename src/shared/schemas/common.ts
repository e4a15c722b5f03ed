import { z } from 'zod';
import { HONEYPOT_FIELD } from '../constants';
import { ERROR_CODE_LIST, type ErrorCode } from '../error-codes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';
import type { MessageKey } from '../i18n/locales/en';
import { NAME_INVALID, NAME_REQUIRED } from '../messages';
import { isPersonName } from '../person-name';
import { trimChar } from '../trim-char';

// Length caps keep a hostile client from storing megabytes in a name field.
export const LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  subject: 300,
  message: 10_000,
  title: 300,
  slug: 200,
  url: 2_000,
  postContent: 200_000,
  description: 2_000,
  password: 200,
} as const;

/**
 * The one spelling of an e-mail address everywhere (accounts, newsletter, contact, bookings):
 * trimmed and lowercased. Applied by every schema's e-mail field, so services never do it.
 */
export const normalizeEmail = (v: string): string => v.trim().toLowerCase();

/** An e-mail text field: normalised (normalizeEmail) before any other check. */
export const emailText = () => z.string().overwrite(normalizeEmail);

/** Whether a text is an e-mail address as the booking and newsletter forms accept it. */
export const isEmail = (v: string): boolean => z.email().safeParse(v).success;

// Letters that do not decompose into a base letter and a mark (œ is common in French titles).
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l' };

/**
 * Lowercase, runs of non-alphanumerics become one hyphen, hyphens trimmed (SPEC.md §4).
 * Accents are stripped first (NFD splits "é" into "e" + a combining mark, which is dropped),
 * so "Conseils été 2025" gives "conseils-ete-2025" rather than losing the letter.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[œæßøđł]/g, (c) => LIGATURES[c])
    .replace(/[^a-z0-9]+/g, '-');
  return trimChar(slug, '-');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The params of an issue that answers with a code of its own rather than `validation`
 * (server/lib/validation.ts reads them): the sentence is then the catalogue's `key` in the
 * payload's language, the page's, since the forms send it.
 */
export interface CodedIssue {
  code: ErrorCode;
  key: MessageKey;
}

// A new object each time: zod rewrites the options it is given.
const nameInvalid = () => ({ message: NAME_INVALID, params: { code: 'name_invalid', key: 'error.nameInvalid' } satisfies CodedIssue });

/**
 * A person's name on a public form (booking, order, contact, waiting list, private lesson,
 * newsletter): trimmed, required, and a name (shared/person-name.ts: one line of at most 100
 * characters, no control character, no link). The gym's e-mails print it: nothing else a
 * stranger types reaches the address they typed.
 */
export const personName = (required: string = NAME_REQUIRED) => z.string().trim().min(1, required).refine(isPersonName, nameInvalid());

/** The same rule where a name may be left out: empty or absent is null. */
export const optionalPersonName = () =>
  z
    .string()
    .trim()
    .refine(isPersonName, nameInvalid())
    .nullish()
    .transform((v) => (v ? v : null));

/** The name rule across fields (the contact form's two names, joined): an issue at `path` when `name` is refused. */
export const nameIssue = (ctx: z.RefinementCtx, name: string, path: string): void => {
  if (!isPersonName(name)) ctx.addIssue({ code: 'custom', path: [path], ...nameInvalid() });
};

/** A path id: a positive integer written in decimal. */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive integer')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'id must be a positive integer'),
});

/**
 * The honeypot of the public forms (contact, booking, newsletter): a field people never see or
 * reach. A request that fills it is answered as if all went well, and nothing is stored or sent.
 * Optional: payloads without it (SPEC.md §7) are accepted as they are.
 */
export const honeypotField = () => z.string().max(LIMITS.url).optional();
/** Whether a parsed payload has the honeypot filled. */
export const honeypotFilled = (body: unknown): boolean => {
  const v = (body as Record<string, unknown> | null | undefined)?.[HONEYPOT_FIELD];
  return typeof v === 'string' && v.trim() !== '';
};

/** Every failure answers this shape (DESIGN.md §3): the sentence, and the stable code to choose by (error-codes.ts). */
export const errorAnswerSchema = z.object({
  error: z.string().describe('What went wrong, in words (may change)'),
  code: z.enum(ERROR_CODE_LIST).describe('Stable identifier of the error; the API description lists what each means'),
  /** Beside `slot_full` on a booking: the session has a waiting list to join (POST /api/waitlist). */
  waitlist: z.boolean().optional().describe('Beside slot_full: the session has a waiting list to join (POST /api/waitlist)'),
  /** Beside link_erased (410): the link's person was erased (decision 184). */
  state: z.literal('erased').optional().describe('Beside link_erased (410): the data behind the link was removed'),
});

/**
 * The version an editor loaded (optimistic concurrency): a save naming an older one is refused
 * with 409. Absent (SPEC.md's payloads, scripts), the save applies without the check.
 */
export const versionField = z
  .number('version doit être un entier')
  .int('version doit être un entier')
  .min(1, 'version doit être un entier')
  .max(2_147_483_647, 'version doit être un entier')
  .optional()
  .describe('The version the editor loaded; a stale one is refused with 409. Absent: no check.');

export const LANGUAGE_MESSAGE = `Language must be one of: ${LANGUAGES.join(', ')}`;

/**
 * The page's language on a public write that e-mails the visitor (issue 15). Optional: SPEC.md
 * §7's payloads carry none and stay English.
 */
export const languageField = () =>
  z
    .enum(LANGUAGES, LANGUAGE_MESSAGE)
    .nullish()
    .transform((v) => v ?? DEFAULT_LANGUAGE);
