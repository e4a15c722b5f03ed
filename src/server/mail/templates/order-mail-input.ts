// What an order's e-mails are written from: the configuration they read, the order's facts and
// the buyer's words (texts, money, dates in their language). Apart from order-mails.ts so that the
// stay's blocks (stay-mails.ts), which order-mails.ts adds, read them without importing it back.
import { LANGUAGE_TAGS, isLanguage, type Language } from '../../../shared/i18n/languages';
import { formatThb } from '../../../shared/money';
import type { OrderMethod } from '../../../shared/ledger';
import type { SiteSettings } from '../../../shared/schemas/site-settings';
import type { OrderLinesDto } from '../../../shared/api-types/stay-orders';
import type { Config } from '../../config';
import { fullDateTimeIn, mailMessages } from './i18n';
import { ORDER_MAIL_TEXTS } from './order-mail-texts';

export type OrderMailConfig = Pick<Config, 'publicUrl' | 'timezone' | 'notifyEmail'> & {
  gym: Pick<SiteSettings, 'name' | 'address' | 'payments'> & Partial<Pick<SiteSettings, 'email'>>;
};

export interface OrderMailInput {
  to: string;
  name: string;
  language: Language;
  reference: string;
  passName: string;
  /** Gym dates, YYYY-MM-DD, both inclusive. */
  startDate: string;
  endDate: string;
  method: OrderMethod;
  amountSatang: number;
  depositSatang: number;
  paidSatang: number;
  owedSatang: number;
  /** What the buyer pays now (the deposit, or what is owed). */
  dueNowSatang: number;
  /** PUBLIC_URL[/language]/booking/order/{token}; null once only the token's hash is at hand. */
  orderUrl: string | null;
  expiresAt: string | null;
  /** An order with a stay or a pickup: its lines apart (issue 36). */
  lines?: OrderLinesDto;
  /** The discount code the order used and what it took off (issue 48). */
  discount?: { code: string; discountSatang: number };
}

export type OrderWords = ReturnType<typeof words>;

export function words(config: OrderMailConfig, language: Language | undefined) {
  const lang: Language = isLanguage(language) ? language : 'en';
  const locale = LANGUAGE_TAGS[lang];
  const dateFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' });
  return {
    lang,
    t: ORDER_MAIL_TEXTS[lang],
    m: mailMessages(lang),
    money: (satang: number) => formatThb(satang, locale),
    day: (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`)),
    instant: (iso: string) => fullDateTimeIn(lang, new Date(iso), config.timezone),
  };
}
