import { dateTimeFormat } from '../../shared/gym-time';
import { gymTimeZone } from './gym-zone';

// Blog dates are en-US on English pages (SPEC.md §9), the page's language elsewhere, in the gym's time zone (GYM_TIMEZONE, see gym-zone.ts):
// the server's HTML and the browser's hydration print the same day.
const dateFormat = (locale: string): Intl.DateTimeFormat => dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: gymTimeZone() });

export function formatDate(iso: string | null | undefined, locale = 'en-US'): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat(locale).format(d);
}

/** Reading time in minutes: content length / 1000, rounded up (SPEC.md §9). */
export const readingMinutes = (content: string) => Math.ceil(content.length / 1000);
