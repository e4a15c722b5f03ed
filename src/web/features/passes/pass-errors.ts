import { ERROR_KEYS, PASS_ERROR_KEYS } from '../../i18n/errors';
import type { Translate } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import type { MessageKey } from '../../../shared/i18n/locales/en';

/**
 * A refusal of the shop in the page's language, chosen by the answer's code (the server writes
 * English); a refusal with no code or sentence of the tables, or no answer at all, says the fallback.
 */
export function passErrorText(err: unknown, t: Translate, fallback: MessageKey): string {
  if (!(err instanceof ApiError)) return t(fallback);
  // By code; else a validation sentence of the shared schemas, which the catalogues hold too.
  const key = (err.code ? PASS_ERROR_KEYS[err.code] : undefined) ?? (err.serverMessage ? ERROR_KEYS[err.serverMessage] : undefined);
  return t(key ?? fallback);
}
