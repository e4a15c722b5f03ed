import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../shared/gym-time';

// The dashboard's calendar arithmetic in the gym's time zone, on the shared gym-time helpers.

export { addDays };

/** The instant a calendar day (YYYY-MM-DD) begins in the zone. */
export const startOfDayInZone = (day: string, timeZone: string): Date => zonedToInstant(day, '00:00', timeZone);

/** Monday of the week holding this calendar day. */
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** The instant the current month began in the zone. */
export function startOfMonthInZone(now: Date, timeZone: string): Date {
  return startOfDayInZone(`${todayInZone(timeZone, now).slice(0, 8)}01`, timeZone);
}

/** The Mondays of the last `count` weeks, oldest first, the current week last. */
export function lastWeekStarts(now: Date, timeZone: string, count: number): string[] {
  const thisMonday = mondayOf(todayInZone(timeZone, now));
  return Array.from({ length: count }, (_, i) => addDays(thisMonday, -7 * (count - 1 - i)));
}

/** The instant the next month begins in the zone (the current month's end, exclusive). */
export function startOfNextMonthInZone(now: Date, timeZone: string): Date {
  const [y, m] = todayInZone(timeZone, now).slice(0, 7).split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return startOfDayInZone(next, timeZone);
}

/** The last `count` gym months ('YYYY-MM'), oldest first, the current one last. */
export function lastMonths(now: Date, timeZone: string, count: number): string[] {
  const [y, m] = todayInZone(timeZone, now).slice(0, 7).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const k = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/** The day after a month's last day: the first of the next month ('YYYY-MM' → 'YYYY-MM-01'). */
export function firstOfNextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
