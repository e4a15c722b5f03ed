import { addDays, instantToZoned, isoWeekday, todayInZone } from '../../shared/gym-time';
import type { MonthlyCountsDto, StayMonthDto } from '../../shared/api-types';
import type { AppContext } from '../context';
import { plannedDays } from '../desk/desk.service';
import * as repo from './dashboard.repository';
import { stayFigures } from './stay-figures';
import type { MonthWindow } from './month-window';
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/ledger';
import { firstOfNextMonth, lastMonths, lastWeekStarts, startOfDayInZone, startOfMonthInZone, startOfNextMonthInZone } from './zoned-time';

export const RECENT_STATS_LIMIT = 30;
export const WEEKS = 12;
/** Seats: today and the next 6 gym days. Attendance: the last 30 gym days, today included. */
export const SEAT_DAYS = 7;
export const ATTENDANCE_DAYS = 30;
/** The monthly figures: the current gym month and the 5 before it. */
export const MONTHS = 6;

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
  /** Oldest month first ('YYYY-MM', gym time). */
  monthly: ({ month: string } & MonthlyCountsDto)[];
  /** The same months' rooms: occupancy, and takings from rooms and pickups apart from training. */
  stays: StayMonthDto[];
}

/**
 * Each monthly figure's counts per gym month of the window. Adding a figure: a key in
 * monthlyCountsDtoSchema and its counter here (the type asks for it); months without any are 0.
 */
const MONTHLY_COUNTERS: Record<keyof MonthlyCountsDto, (ctx: AppContext, w: MonthWindow) => Promise<repo.MonthCounts>> = {
  gymCancelledClasses: async (ctx, w) => {
    const days = Math.round((Date.parse(w.beforeDate) - Date.parse(w.fromDate)) / 86_400_000);
    const counts: repo.MonthCounts = new Map();
    for (const d of await plannedDays(ctx.db, ctx.config.timezone, w.fromDate, days)) {
      // Sunday is no class called off: the gym never opens then.
      if (isoWeekday(d.date) === 7) continue;
      const n = d.occurrences.filter((o) => o.active && o.cancelled).length;
      if (n > 0) counts.set(d.date.slice(0, 7), (counts.get(d.date.slice(0, 7)) ?? 0) + n);
    }
    return counts;
  },
  seatsFromWaitlist: (ctx, w) => repo.waitlistSeatsByMonth(ctx.db, w.fromDate, w.beforeDate),
  noShows: (ctx, w) => repo.noShowsByMonth(ctx.db, w.fromDate, w.beforeDate),
  waivers: async (ctx, w) => {
    const counts: repo.MonthCounts = new Map();
    for (const at of await repo.waiversBetween(ctx.db, w.fromIso, w.beforeIso)) {
      const month = instantToZoned(new Date(at), ctx.config.timezone).date.slice(0, 7);
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
    return counts;
  },
};

/** The last MONTHS gym months and their window. */
function monthWindow(now: Date, tz: string): { months: string[]; w: MonthWindow } {
  const months = lastMonths(now, tz, MONTHS);
  const fromDate = `${months[0]}-01`;
  const beforeDate = firstOfNextMonth(months[months.length - 1]);
  return {
    months,
    w: { fromDate, beforeDate, fromIso: startOfDayInZone(fromDate, tz).toISOString(), beforeIso: startOfDayInZone(beforeDate, tz).toISOString() },
  };
}

/** The stay figures of the last MONTHS gym months. */
export function monthlyStayFigures(ctx: AppContext, now = new Date()): Promise<StayMonthDto[]> {
  const { months, w } = monthWindow(now, ctx.config.timezone);
  return stayFigures(ctx, months, w);
}

/** The monthly figures of the last MONTHS gym months, every figure in every month (0 when none). */
export async function monthlyFigures(ctx: AppContext, now = new Date()): Promise<DashboardStats['monthly']> {
  const { months, w } = monthWindow(now, ctx.config.timezone);
  const keys = Object.keys(MONTHLY_COUNTERS) as (keyof MonthlyCountsDto)[];
  const counted = await Promise.all(keys.map((k) => MONTHLY_COUNTERS[k](ctx, w)));
  return months.map((month) => ({ month, ...(Object.fromEntries(keys.map((k, i) => [k, counted[i].get(month) ?? 0])) as MonthlyCountsDto) }));
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
  const [totals, stats, created, planned, attendance, takings, passesSold, monthly, stays] = await Promise.all([
    repo.countTotals(ctx.db, monthStart),
    repo.recentDailyStats(ctx.db, RECENT_STATS_LIMIT),
    repo.createdSince(ctx.db, boundaries[0]),
    plannedDays(ctx.db, tz, today, SEAT_DAYS),
    repo.attendanceMarks(ctx.db, addDays(today, -(ATTENDANCE_DAYS - 1)), today),
    repo.takingsBetween(ctx.db, monthStart, monthEnd),
    repo.passesSoldBetween(ctx.db, monthStart, monthEnd),
    monthlyFigures(ctx, now),
    monthlyStayFigures(ctx, now),
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
    monthly,
    stays,
  };
}
