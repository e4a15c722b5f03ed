import { LANGUAGES, isLanguage, type Language } from '../../shared/i18n/languages';

// The visitor's choice, kept in this browser (localStorage): set by the switcher, read by the
// suggestion. It never redirects: the URL always decides the page's language.
const CHOICE_KEY = 'site-language';
const DISMISSED_KEY = 'site-language-suggestion-dismissed';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function rememberLanguage(language: Language) {
  storage()?.setItem(CHOICE_KEY, language);
}

export function rememberedLanguage(): Language | null {
  const v = storage()?.getItem(CHOICE_KEY);
  return isLanguage(v) ? v : null;
}

export const suggestionDismissed = () => storage()?.getItem(DISMISSED_KEY) === '1';
export const dismissSuggestion = () => storage()?.setItem(DISMISSED_KEY, '1');

/** The first of the browser's languages (Accept-Language's order) that the site speaks. */
export function preferredLanguage(browser: readonly string[]): Language | null {
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  }
  return null;
}

/** The language to offer on a page in `page`'s language, if any (none once chosen or dismissed). */
export function suggestedLanguage(page: Language): Language | null {
  if (typeof navigator === 'undefined' || suggestionDismissed() || rememberedLanguage()) return null;
  const preferred = preferredLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
  return preferred && preferred !== page ? preferred : null;
}
