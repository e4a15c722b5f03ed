import { dayInZone } from '../stats/stats.service';

// Calendar arithmetic in the gym's time zone with Intl only (no date library needed).

/** Milliseconds the zone's wall clock is ahead of UTC at this instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in the zone. */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  let t = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // Across a DST change the offset at the result may differ from the guess: correct once.
  const corrected = midnightUtc - zoneOffsetMs(t, timeZone);
  if (corrected !== t) t = corrected;
  return new Date(t);
}

/** YYYY-MM-DD plus n days (pure calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Monday of the week holding this calendar day. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The instant the current month began in the zone. */
export function startOfMonthInZone(now: Date, timeZone: string): Date {
  return startOfDayInZone(`${dayInZone(now, timeZone).slice(0, 8)}01`, timeZone);
}

/** The Mondays of the last `count` weeks, oldest first, the current week last. */
export function lastWeekStarts(now: Date, timeZone: string, count: number): string[] {
  const thisMonday = mondayOf(dayInZone(now, timeZone));
  return Array.from({ length: count }, (_, i) => addDays(thisMonday, -7 * (count - 1 - i)));
}
