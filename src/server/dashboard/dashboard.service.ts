import type { AppContext } from '../context';
import * as repo from './dashboard.repository';
import { lastWeekStarts, startOfDayInZone, startOfMonthInZone } from './zoned-time';

export const RECENT_STATS_LIMIT = 30;
export const WEEKS = 12;

export interface DashboardStats {
  totals: repo.Totals;
  /** The most recent daily counters, newest first (one row per metric and calendar day). */
  dailyStats: repo.DailyStat[];
  /** Reservations and contact submissions per week, oldest week first (weeks start on Monday). */
  weekly: { weekStart: string; reservations: number; contacts: number }[];
}

/** Index of the bucket whose start is the last one at or before the timestamp (-1 if before all). */
function bucketOf(boundaries: string[], iso: string): number {
  let i = boundaries.length - 1;
  while (i >= 0 && iso < boundaries[i]) i -= 1;
  return i;
}

export async function dashboardStats(ctx: AppContext, now = new Date()): Promise<DashboardStats> {
  const tz = ctx.config.timezone;
  const weekStarts = lastWeekStarts(now, tz, WEEKS);
  // Stored timestamps are all toISOString() UTC text, so they compare correctly as strings.
  const boundaries = weekStarts.map((d) => startOfDayInZone(d, tz).toISOString());

  const [totals, stats, created] = await Promise.all([
    repo.countTotals(ctx.db, startOfMonthInZone(now, tz).toISOString()),
    repo.recentDailyStats(ctx.db, RECENT_STATS_LIMIT),
    repo.createdSince(ctx.db, boundaries[0]),
  ]);

  const weekly = weekStarts.map((weekStart) => ({ weekStart, reservations: 0, contacts: 0 }));
  for (const iso of created.reservations) {
    const i = bucketOf(boundaries, iso);
    if (i >= 0) weekly[i].reservations += 1;
  }
  for (const iso of created.contacts) {
    const i = bucketOf(boundaries, iso);
    if (i >= 0) weekly[i].contacts += 1;
  }

  return { totals, dailyStats: stats, weekly };
}
