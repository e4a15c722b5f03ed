import { dateTimeFormat } from '../../../../shared/gym-time';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from '../../../../shared/i18n/languages';
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

/** A date and time in the language, in gym time (a quoted message's header). */
export const fullDateTimeIn = (language: Language, instant: Date, timeZone: string): string =>
  dateTimeFormat(LANGUAGE_TAGS[language], { timeZone, dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(instant);
