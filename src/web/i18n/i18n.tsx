import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { zoneCity } from '../../shared/gym-time';
import { gymTimeZone } from '../lib/gym-zone';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { localePath } from '../../shared/i18n/paths';
import type { MessageKey } from '../../shared/i18n/locales/en';

// The page's language and its messages. The server compiles the language's catalogue
// (compile.ts) and hands it to the browser in the page's state script, so the browser holds
// one language's messages and no catalogue code (issue 15: only the active language shipped).
// A language switch is a page load: the new URL's HTML brings its own catalogue.

export interface I18nBoot {
  language: Language;
  /** The language's catalogue, compiled (ICU messages parsed) by the server. */
  messages: Messages;
}

interface I18nValue {
  language: Language;
  i18n: I18n;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ language, messages, children }: I18nBoot & { children: ReactNode }) {
  const value = useMemo(() => {
    const tag = LANGUAGE_TAGS[language];
    return { language, i18n: setupI18n({ locale: tag, locales: [tag], messages: { [tag]: messages } }) };
  }, [language, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

function useI18nValue(): I18nValue {
  const v = useContext(I18nContext);
  if (!v) throw new Error('I18nProvider is missing');
  return v;
}

/** The page's message function: t('booking.title'), t('footer.rights', { year, name }). */
export function useT(): Translate {
  const { i18n } = useI18nValue();
  return useMemo(() => (key, values) => i18n._(key, values), [i18n]);
}

export const useLanguage = (): Language => useContext(I18nContext)?.language ?? DEFAULT_LANGUAGE;

/**
 * The lang attribute of a text written in `language` (a blog post's own words): its tag when the
 * page speaks another language, so screen readers and hyphenation follow the text; else none.
 */
export function useTextLang(language: Language): string | undefined {
  const page = useLanguage();
  return language === page ? undefined : LANGUAGE_TAGS[language];
}

/** The BCP 47 tag of the page's language, for Intl. */
export const useLocaleTag = () => LANGUAGE_TAGS[useLanguage()];

/** Builds links that stay in the page's language: lp('/booking') → '/de/booking' on a German page. */
export function useLocalePath() {
  const language = useLanguage();
  return useMemo(() => (path: string) => localePath(language, path), [language]);
}

/** The Intl locale of the page: en-US on English pages (SPEC.md's dates), else the language's tag. */
export const useIntlLocale = () => {
  const tag = useLocaleTag();
  return tag === 'en' ? 'en-US' : tag;
};

/** Whole numbers (prices in THB) in the page's language: 1,500 · 1 500 · 1.500. */
export function useFormatNumber() {
  const tag = useIntlLocale();
  return useMemo(() => {
    const nf = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    return (n: number) => nf.format(n);
  }, [tag]);
}

/** The timetable's wording in the page's language; undefined on English pages (SPEC.md's words). */
export function useTimetableWording(): { locale: string; t: Translate } | undefined {
  const language = useLanguage();
  const locale = useIntlLocale();
  const t = useT();
  return useMemo(() => (language === DEFAULT_LANGUAGE ? undefined : { locale, t }), [language, locale, t]);
}

/**
 * The gym's zone as the page's language names it ("Краби, UTC+7"). English pages keep the
 * server's words ("Krabi time (UTC+7)", issue 11's wording); the offset is the server's, the
 * one in force for the dates shown.
 */
export function useZoneLabel(): (serverLabel: string) => string {
  const language = useLanguage();
  const t = useT();
  return useCallback(
    (serverLabel: string) => {
      if (language === DEFAULT_LANGUAGE || serverLabel === 'UTC') return serverLabel;
      const offset = /\((UTC[^)]*)\)$/.exec(serverLabel)?.[1];
      if (!offset) return serverLabel;
      const city = zoneCity(gymTimeZone());
      return t('timetable.zoneLabel', { city: city === 'Krabi' ? t('timetable.cityKrabi') : city, offset });
    },
    [language, t],
  );
}
