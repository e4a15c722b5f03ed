// The catalogue: what the gym sells. A pass is a cell of the owner's price table (DESIGN.md §6: one
// pass per cell); its kind and the classes it covers, and the passes on sale read off the table.
// No zod: the public pages may import this. An order's money is in ledger.ts.
import { LANGUAGES, type Language } from './i18n/languages';
import { bahtToSatang, depositFor } from './money';
import { letterDetailsMissing } from './legal-details';
import type { SiteSettings } from './schemas/site-settings';
import type { PassCovers, PassKind } from './pass-kinds';

export { PASS_COVERS, PASS_KINDS, TABLE_PASS_KINDS, type PassCovers, type PassKind } from './pass-kinds';

/** Sessions a pass gives in all: a number, or null when unlimited within its days. */
export function passCredits(kind: PassKind, days: number): number | null {
  if (kind === 'single' || kind === 'private') return 1;
  if (kind === 'days-single') return days;
  return null;
}

/** Sessions a day: 1, or null for unlimited (one seat per session time). */
export function passSessionsPerDay(kind: PassKind): 1 | null {
  return kind === 'day' || kind === 'days-unlimited' || kind === 'programme' ? null : 1;
}

/**
 * Which pass column a class belongs to, by its name (the timetable has no such field, and none is
 * added): "Muay Thai …" is Muay Thai; Brazilian Jiu Jitsu / BJJ, Wrestling, Luta Livre, MMA and
 * grappling are the MMA column; a class by appointment is 'private' (only a private pass pays it).
 * Any other class is covered by no pass (null): the owner names classes, and a pass must not
 * pay for a class nobody priced.
 */
export function classCover(course: string, byAppointment: boolean): PassCovers | 'private' | null {
  if (byAppointment) return 'private';
  const name = course.trim().toLowerCase();
  if (name.startsWith('muay thai')) return 'muay-thai';
  if (/\b(mma|bjj|jiu[ -]?jitsu|wrestling|luta livre|grappling)\b/.test(name)) return 'mma';
  return null;
}

export interface CatalogueEntry {
  /** '<row key>.<covers>', or '<key>.programme' */
  id: string;
  name: Record<Language, string>;
  /** A programme's first discipline (all of them in `disciplines`). */
  covers: PassCovers;
  disciplines: PassCovers[];
  kind: PassKind;
  /** A programme's length from a start today (its orders' dates follow `months`). */
  days: number;
  /** Programmes only (null for passes): months, sessions and hours a week. */
  months: number | null;
  sessionsPerWeek: number | null;
  hoursPerWeek: number | null;
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
        disciplines: [covers],
        months: null,
        sessionsPerWeek: null,
        hoursPerWeek: null,
      });
    });
  }
  return out;
}

/** The programme id's suffix: '<key>.programme' never clashes with a cell's '<row>.<covers>'. */
export const PROGRAMME_ID_SUFFIX = '.programme';

/**
 * The last gym day of a programme of `months` from `start` (both YYYY-MM-DD): the day before the
 * same day `months` later, or the last day of that month when it has no such day (31 August + 6
 * months ends on 28 February).
 */
export function programmeEndDate(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const end =
    d > lastOfTarget
      ? new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), lastOfTarget))
      : new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d - 1));
  return end.toISOString().slice(0, 10);
}

/**
 * The long-stay programmes of Paramètres (issue 35), hidden ones included. One is on sale when
 * the owner put it on sale and the visa letter's details are complete (a programme is sold for
 * its letter).
 */
export function programmesFromSettings(
  s: Pick<SiteSettings, 'programmes' | 'payments' | 'legal' | 'visaLetter'>,
  opts: { letterChecked?: boolean } = {},
): CatalogueEntry[] {
  // Public settings come without the signature and stamp (publicSiteSettings): their onSale already says whether the letter is ready.
  const letterReady = opts.letterChecked === true || letterDetailsMissing(s).length === 0;
  return s.programmes.map((p) => {
    const name = Object.fromEntries(LANGUAGES.map((l) => [l, (l !== 'en' && p.translations?.[l]) || p.name])) as Record<Language, string>;
    const rule = p.deposit.mode === 'payments' ? s.payments.deposit : { mode: p.deposit.mode, value: p.deposit.value };
    return {
      id: `${p.key}${PROGRAMME_ID_SUFFIX}`,
      name,
      covers: p.disciplines[0] ?? 'muay-thai',
      disciplines: [...p.disciplines],
      kind: 'programme',
      days: Math.round((p.months * 365.25) / 12),
      sessionsPerDay: null,
      credits: null,
      priceSatang: p.priceSatang,
      depositSatang: depositFor(p.priceSatang, rule),
      hidden: !(p.onSale && letterReady),
      months: p.months,
      sessionsPerWeek: p.sessionsPerWeek,
      hoursPerWeek: p.hoursPerWeek,
    };
  });
}
