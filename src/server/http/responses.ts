import { z } from 'zod';
import { ERROR_CODES } from '../../shared/error-codes';
import { errorAnswerSchema } from '../../shared/schemas/common';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the error names the field',
  401: 'Not signed in, or the session expired',
  403: 'Signed in without the right role',
  404: 'Not found',
  409: 'Conflicts with what is stored',
  410: 'The link worked once; its data was removed at the request of its person (`state: "erased"`)',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Understood but refused (e.g. a key reused for another request)',
  429: 'Too many attempts',
};

/**
 * The error codes and what each means, for the API document's description: written once there
 * (each error answer's schema lists the codes as an enum) rather than on every answer.
 */
export const ERROR_CODES_MARKDOWN = Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

/** One `{ error, code }` answer, described. */
export const errorAnswer = (description: string) => errorAnswerSchema.describe(description);

/** The `{ error, code }` answers a route may give, for its response schema (and so the OpenAPI document). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  const out: Record<number, z.ZodType> = {};
  for (const c of codes) out[c] = errorAnswer(DESCRIPTIONS[c] ?? 'Error');
  return out as { [K in C[number]]: typeof errorAnswerSchema };
}

/** An answer with no body (204). */
export const noContentSchema = z.null().describe('No content');
