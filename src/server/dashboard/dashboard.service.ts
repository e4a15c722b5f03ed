import { addDays, todayInZone } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { plannedDays } from '../desk/desk.service';
import * as repo from './dashboard.repository';
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/ledger';
import { lastWeekStarts, startOfDayInZone, startOfMonthInZone, startOfNextMonthInZone } from './zoned-time';

export const RECENT_STATS_LIMIT = 30;
export const WEEKS = 12;
/** Seats: today and the next 6 gym days. Attendance: the last 30 gym days, today included. */
export const SEAT_DAYS = 7;
export const ATTENDANCE_DAYS = 30;

export interface SeatDay {
  date: string;
  /** Seats taken in the day's sessions that take place. */
  booked: number;
  /** Places in those sessions; 0 on a closed day. */
  capacity: number;
  /** booked / capacity; null when the day has no places (Sunday, a closure, nothing planned). */
  fillRate: number | null;
}

export interface DashboardStats {
  totals: repo.Totals;
  /** The most recent daily counters, newest first (one row per metric and calendar day). */
  dailyStats: repo.DailyStat[];
  /** Reservations and contact submissions per week, oldest week first (weeks start on Monday). */
  weekly: { weekStart: string; reservations: number; contacts: number }[];
  seatsNext7Days: SeatDay[];
  attendance30Days: { present: number; noShow: number };
  /** noShow / (present + noShow); null when no booking of the period is marked. */
  noShowRate30Days: number | null;
  /** This gym month: payments minus refunds per method (satang), and the orders sold (paid for, net). */
  takingsThisMonth: { method: PaymentMethod; satang: number }[];
  passesSoldThisMonth: number;
}

/** Seats per gym day: sessions called off (cancellation, closure) or inactive count for nothing. */
export function seatDays(days: Awaited<ReturnType<typeof plannedDays>>): SeatDay[] {
  return days.map((d) => {
    const held = d.occurrences.filter((o) => o.active && !o.cancelled);
    const booked = held.reduce((n, o) => n + o.taken, 0);
    const capacity = held.reduce((n, o) => n + o.capacity, 0);
    return { date: d.date, booked, capacity, fillRate: capacity > 0 ? booked / capacity : null };
  });
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

  const today = todayInZone(tz, now);
  const monthStart = startOfMonthInZone(now, tz).toISOString();
  const monthEnd = startOfNextMonthInZone(now, tz).toISOString();
  const [totals, stats, created, planned, attendance, takings, passesSold] = await Promise.all([
    repo.countTotals(ctx.db, monthStart),
    repo.recentDailyStats(ctx.db, RECENT_STATS_LIMIT),
    repo.createdSince(ctx.db, boundaries[0]),
    plannedDays(ctx.db, tz, today, SEAT_DAYS),
    repo.attendanceMarks(ctx.db, addDays(today, -(ATTENDANCE_DAYS - 1)), today),
    repo.takingsBetween(ctx.db, monthStart, monthEnd),
    repo.passesSoldBetween(ctx.db, monthStart, monthEnd),
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

  const marked = attendance.present + attendance.noShow;
  return {
    totals,
    dailyStats: stats,
    weekly,
    seatsNext7Days: seatDays(planned),
    attendance30Days: attendance,
    noShowRate30Days: marked > 0 ? attendance.noShow / marked : null,
    // Every method, in a fixed order (0 when nothing moved), so the screen's rows never jump.
    takingsThisMonth: PAYMENT_METHODS.map((method) => ({ method, satang: takings.get(method) ?? 0 })),
    passesSoldThisMonth: passesSold,
  };
}
