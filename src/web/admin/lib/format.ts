import { formatUtcOffset, instantToZoned, todayInZone, zoneCity, zoneOffsetMs } from '../../../shared/gym-time';
import { gymTimeZone } from '../../lib/gym-zone';

// Dates: fr-FR in the back office, en-US on the conversation screens (SPEC.md §9), in the gym's
// time zone (GYM_TIMEZONE), whatever the browser's.

export type DateLocale = 'fr-FR' | 'en-US';

const isUtcMidnight = (d: Date) => d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;

const parse = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date alone (day month year). A UTC-midnight value is a calendar date: read it in UTC so it does not shift a day. */
export function formatDate(value: string | null | undefined, locale: DateLocale = 'fr-FR'): string {
  const d = parse(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: isUtcMidnight(d) ? 'UTC' : gymTimeZone(),
  }).format(d);
}

/** Date and time; a value at exactly UTC midnight is shown as a date alone (SPEC.md §9). */
export function formatDateTime(value: string | null | undefined, locale: DateLocale = 'fr-FR'): string {
  const d = parse(value);
  if (!d) return '';
  if (isUtcMidnight(d)) return formatDate(value, locale);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: gymTimeZone() }).format(d);
}

/** Short date for dense tables: 05/03/2025 14:30. */
export function formatShortDateTime(value: string | null | undefined, locale: DateLocale = 'fr-FR'): string {
  const d = parse(value);
  if (!d) return '';
  if (isUtcMidnight(d)) return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(d);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: gymTimeZone() }).format(d);
}

/** Cuts a text to n characters, with an ellipsis when it was longer. */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}

/** Today's date as YYYY-MM-DD in local time (for file names). */
export function todayStamp(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The gym's zone as the back office names it: "heure de Krabi (UTC+7)", or "UTC". */
export function gymZoneName(at: Date | number = Date.now()): string {
  const zone = gymTimeZone();
  const city = zoneCity(zone);
  const offset = formatUtcOffset(zoneOffsetMs(at, zone));
  return city === 'UTC' ? 'UTC' : `heure de ${city} (${offset})`;
}

/** A gym calendar date ('YYYY-MM-DD') in words: "lundi 3 mars 2025" (no zone involved: it is a date). */
export function formatGymDate(date: string, opts: { weekday?: boolean; year?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: opts.weekday === false ? undefined : 'long',
    day: 'numeric',
    month: 'long',
    year: opts.year === false ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The time of an instant on the gym's clock, 'HH:MM' (24 h). */
export const gymClockTime = (value: string): string => instantToZoned(value, gymTimeZone()).time;

/** Today's date on the gym's clock, 'YYYY-MM-DD'. */
export const gymToday = (now: Date = new Date()): string => todayInZone(gymTimeZone(), now);
