import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';

const english = z.locales.en().localeError;

// Messages the schema names itself ("Name is required") pass through as written; zod's own
// messages (wrong type, too long) are prefixed with the field so the client knows which.
function describe(iss: Parameters<typeof english>[0]): string {
  const d = english(iss);
  const text = typeof d === 'string' ? d : (d?.message ?? 'Invalid input');
  const field = (iss.path ?? []).join('.');
  return field ? `${field}: ${text}` : text;
}

/** Parse a payload or throw a 400 whose error text is the first problem found. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {}, { error: describe });
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first?.message ?? 'Invalid input', 'validation');
  }
  return result.data;
}

/**
 * Fastify's validator for the zod schemas routes declare (params, querystring, body): the same
 * first-problem 400 as parseOrThrow, so `{ "error": "...", "code": "validation" }` texts are what they always were.
 * A missing body is checked as `{}` so "Name is required" names the field rather than the body.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {}, { error: describe });
    if (result.success) return { value: result.data };
    return { error: badRequest(result.error.issues[0]?.message ?? 'Invalid input', 'validation') };
  };
