import { gymTimeZone } from './gym-zone';

// Blog dates are en-US (SPEC.md §9), in the gym's time zone (GYM_TIMEZONE, see gym-zone.ts):
// the server's HTML and the browser's hydration print the same day.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(): Intl.DateTimeFormat {
  const zone = gymTimeZone();
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });
    formats.set(zone, f);
  }
  return f;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat().format(d);
}

/** Reading time in minutes: content length / 1000, rounded up (SPEC.md §9). */
export const readingMinutes = (content: string) => Math.ceil(content.length / 1000);
