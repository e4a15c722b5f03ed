// The passes on sale, read off the owner's price table (DESIGN.md §6: one pass per cell). No zod:
// the public pages may import this.
import { LANGUAGES, type Language } from './i18n/languages';
import { bahtToSatang, depositFor } from './money';
import { passCredits, passSessionsPerDay, type PassCovers, type PassKind } from './passes';
import type { SiteSettings } from './schemas/site-settings';

export interface CatalogueEntry {
  /** '<row key>.<covers>' */
  id: string;
  name: Record<Language, string>;
  covers: PassCovers;
  kind: PassKind;
  days: number;
  sessionsPerDay: number | null;
  credits: number | null;
  priceSatang: number;
  depositSatang: number;
  /** Taken off sale by the owner (still shown in the price table). */
  hidden: boolean;
}

/** Whether the owner's deposit rule applies: private classes and passes of 7 days or more. */
export const takesDeposit = (kind: PassKind, days: number): boolean => kind === 'private' || days >= 7;

/** Every pass of the price table, hidden ones included, in the table's order (row by row). */
export function passesFromSettings(s: Pick<SiteSettings, 'prices' | 'payments'>): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  for (const row of s.prices.rows) {
    if (!row.pass) continue;
    const { key, kind, days, hidden } = row.pass;
    s.prices.columns.forEach((column, j) => {
      const covers = s.prices.covers[j];
      const price = row.prices[j];
      if (!covers || price == null || !Number.isSafeInteger(price)) return;
      const priceSatang = bahtToSatang(price);
      const name = Object.fromEntries(LANGUAGES.map((l) => [l, `${(l !== 'en' && row.translations?.[l]) || row.label} · ${column}`])) as Record<
        Language,
        string
      >;
      out.push({
        id: `${key}.${covers}`,
        name,
        covers,
        kind,
        days,
        sessionsPerDay: passSessionsPerDay(kind),
        credits: passCredits(kind, days),
        priceSatang,
        depositSatang: takesDeposit(kind, days) ? depositFor(priceSatang, s.payments.deposit) : 0,
        hidden: hidden[j] === true,
      });
    });
  }
  return out;
}
