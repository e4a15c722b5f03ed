// Blog dates are en-US (SPEC.md §9). A fixed time zone (the gym's) makes the server's HTML
// and the browser's hydration print the same day.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Bangkok' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

/** Reading time in minutes: content length / 1000, rounded up (SPEC.md §9). */
export const readingMinutes = (content: string) => Math.ceil(content.length / 1000);
