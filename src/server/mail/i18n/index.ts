import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from '../../../shared/i18n/languages';
import { de } from './de';
import { en, type MailMessages } from './en';
import { fr } from './fr';
import { ru } from './ru';
import { th } from './th';
import { zh } from './zh';

// The e-mail catalogues by language (issue 15), and the helpers every customer e-mail uses:
// its words, its dates (Intl in the language, in gym time) and its links (the language's pages).

export type { MailMessages };
export const MAIL_MESSAGES: Record<Language, MailMessages> = { en, ru, zh, de, fr, th };

/** The language's words; a missing or unknown language (an older row or queued e-mail) is English. */
export const mailMessages = (language: Language | undefined): MailMessages => (isLanguage(language) ? MAIL_MESSAGES[language] : en);

/** The public site's address in the language: PUBLIC_URL for English, PUBLIC_URL/ru for Russian. */
export const languageBase = (publicUrl: string, language: Language | undefined): string =>
  !isLanguage(language) || language === DEFAULT_LANGUAGE ? publicUrl : `${publicUrl}/${language}`;

const longDates = new Map<string, Intl.DateTimeFormat>();
/** "вторник, 24 ноября 2026 г.": a date in the language, as the gym's calendar shows it. */
export function longDateIn(language: Language, instant: Date, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let f = longDates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    longDates.set(key, f);
  }
  return f.format(instant);
}

const fullDateTimes = new Map<string, Intl.DateTimeFormat>();
/** A date and time in the language, in gym time (a quoted message's header). */
export function fullDateTimeIn(language: Language, instant: Date, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let f = fullDateTimes.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { timeZone, dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' });
    fullDateTimes.set(key, f);
  }
  return f.format(instant);
}
