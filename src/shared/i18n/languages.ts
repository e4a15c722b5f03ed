// The public site's languages (issue 15). English is the default at today's URLs; the others
// live under /<code>/ (/ru/booking, /zh/blog/…). The back office stays French (SPEC.md).

export const LANGUAGES = ['en', 'ru', 'zh', 'de', 'fr', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The languages an owner's text may be translated into (English is the text itself). */
export const TRANSLATED_LANGUAGES = ['ru', 'zh', 'de', 'fr', 'th'] as const satisfies readonly Exclude<Language, 'en'>[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  zh: '简体中文',
  de: 'Deutsch',
  fr: 'Français',
  th: 'ไทย',
};

/** BCP 47 tags for <html lang>, hreflang and Intl (Simplified Chinese written out). */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  ru: 'ru',
  zh: 'zh-Hans',
  de: 'de',
  fr: 'fr',
  th: 'th',
};

/** French names for the back office, which shows each booking's and conversation's language. */
export const LANGUAGE_NAMES_FR: Record<Language, string> = {
  en: 'anglais',
  ru: 'russe',
  zh: 'chinois',
  de: 'allemand',
  fr: 'français',
  th: 'thaï',
};

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
