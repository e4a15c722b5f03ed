import type { Language } from './i18n/languages';

// Paramètres › Séjours (issue 36 §3–4): airports and pickup prices, what a stay includes, the
// deposit and balance rules of an order with a stay or a pickup, and the cancellation terms.
// No zod here: the public pages import it (the schema is schemas/site-settings-stays.ts).

/** A text in English with optional translations; a missing one shows the English. */
export type LocalText = { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

export interface StayAirport {
  /** IATA code ('KBV', 'HKT'). */
  code: string;
  name: string;
  pickupPriceSatang: number;
}

export interface StayTermsRules {
  /** Refund for a cancellation at least daysBefore days before check-in; the largest daysBefore that applies wins. */
  tiers: { daysBefore: number; refundPercent: number }[];
  /** Dates may be changed by the buyer up to this many days before check-in. */
  freeChangeDays: number;
}

export interface StaySettings {
  airports: StayAirport[];
  meetingPoint: LocalText;
  included: LocalText;
  notIncluded: LocalText;
  /** For an order with a stay or a pickup: on the whole order. */
  deposit: { mode: 'none' | 'percent' | 'fixed'; value: number };
  /** The balance: N days before check-in (or the pickup), or at the desk on arrival. */
  balance: { mode: 'before-arrival' | 'on-arrival'; days: number };
  terms: { text: LocalText } & StayTermsRules;
}

/** A text in the buyer's language, else the English. */
export const localText = (t: LocalText, language: Language): string => (language === 'en' ? t.en : t[language]?.trim() || t.en);

/** The refund percent the rules give `daysBefore` days before check-in (0 when no tier applies). */
export function refundPercentFor(rules: StayTermsRules, daysBefore: number): number {
  let best: { daysBefore: number; refundPercent: number } | undefined;
  for (const t of rules.tiers) if (daysBefore >= t.daysBefore && (!best || t.daysBefore > best.daysBefore)) best = t;
  return best?.refundPercent ?? 0;
}

export const DEFAULT_STAY_SETTINGS: StaySettings = {
  airports: [
    { code: 'KBV', name: 'Krabi International Airport', pickupPriceSatang: 60_000 },
    { code: 'HKT', name: 'Phuket International Airport', pickupPriceSatang: 250_000 },
  ],
  meetingPoint: { en: 'Arrivals hall, exit 3: our driver holds a sign with your name.' },
  included: { en: 'Room with air conditioning, Wi-Fi, towels, drinking water.' },
  notIncluded: { en: 'Meals, laundry, electricity above the fair-use allowance.' },
  deposit: { mode: 'percent', value: 30 },
  balance: { mode: 'before-arrival', days: 14 },
  terms: {
    text: { en: 'Full refund up to 30 days before arrival, half up to 14 days, none after. Dates can be changed free of charge up to 14 days before arrival.' },
    tiers: [
      { daysBefore: 30, refundPercent: 100 },
      { daysBefore: 14, refundPercent: 50 },
    ],
    freeChangeDays: 14,
  },
};

/** The stays group of the settings, or its seed when none was ever saved (the public pages' bundle leaves it out). */
export const staySettingsOf = (s: { stays?: StaySettings }): StaySettings => s.stays ?? DEFAULT_STAY_SETTINGS;
