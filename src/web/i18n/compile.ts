import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../../shared/i18n/languages';
import { CATALOGUES } from '../../shared/i18n/locales';

// Server side only (entry-server.tsx): ICU messages are parsed once per language here, so the
// browser gets ready-to-use messages and needs only Lingui's small runtime, not its parser.
const compiled = new Map<Language, Messages>();

export function compiledMessages(language: Language): Messages {
  let hit = compiled.get(language);
  if (!hit) {
    hit = Object.fromEntries(Object.entries(CATALOGUES[language]).map(([k, v]) => [k, compileMessage(v)]));
    compiled.set(language, hit);
  }
  return hit;
}
