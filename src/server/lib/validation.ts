import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { ERROR_CODE_LIST } from '../../shared/error-codes';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/i18n/languages';
import { CATALOGUES } from '../../shared/i18n/locales';
import type { CodedIssue } from '../../shared/schemas/common';
import { badRequest, type HttpError } from '../errors';

const english = z.locales.en().localeError;

// Messages the schema names itself ("Name is required") pass through as written; zod's own
// messages (wrong type, too long) are prefixed with the field so the client knows which.
function describe(iss: Parameters<typeof english>[0]): string {
  const d = english(iss);
  const text = typeof d === 'string' ? d : (d?.message ?? 'Invalid input');
  const field = (iss.path ?? []).join('.');
  return field ? `${field}: ${text}` : text;
}

/** The params of a rule that answers with its own code (shared/schemas/common.ts CodedIssue), else null. */
function codedIssue(issue: z.core.$ZodIssue | undefined): CodedIssue | null {
  const params = issue?.code === 'custom' ? (issue.params as Partial<CodedIssue> | undefined) : undefined;
  if (!params?.code || !params.key || !ERROR_CODE_LIST.includes(params.code) || !(params.key in CATALOGUES.en)) return null;
  return { code: params.code, key: params.key };
}

/**
 * The 400 of a payload's first problem: `validation` and its sentence; or, for a rule with a code
 * of its own (a name that is not one: name_invalid), that code and the rule's sentence in the
 * payload's language (the page's: the public forms send it), so the visitor reads it as it is.
 */
function refusal(issues: readonly z.core.$ZodIssue[], data: unknown): HttpError {
  const first = issues[0];
  const coded = codedIssue(first);
  if (!coded) return badRequest(first?.message ?? 'Invalid input', 'validation');
  const language = (data as { language?: unknown } | null | undefined)?.language;
  return badRequest(CATALOGUES[isLanguage(language) ? language : DEFAULT_LANGUAGE][coded.key], coded.code);
}

/** Parse a payload or throw a 400 whose error text is the first problem found. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {}, { error: describe });
  if (!result.success) throw refusal(result.error.issues, data);
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
    return { error: refusal(result.error.issues, data) };
  };
