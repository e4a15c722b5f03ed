import type { DashboardStatsDto } from '../../shared/api-types';
import type { DashboardStats } from './dashboard.service';

export const presentDashboardStats = (s: DashboardStats): DashboardStatsDto => ({
  totalUsers: s.totals.totalUsers,
  totalBlogPosts: s.totals.totalBlogPosts,
  totalGalleryImages: s.totals.totalGalleryImages,
  totalContactSubmissions: s.totals.totalContactSubmissions,
  totalNewsletterSubscribers: s.totals.totalNewsletterSubscribers,
  totalReservations: s.totals.totalReservations,
  unreadReservations: s.totals.unreadReservations,
  reservationsThisMonth: s.totals.reservationsThisMonth,
  // Each row is one day's counter (a calendar day in the gym's time zone). Its createdAt is that
  // date at UTC midnight, which clients show as a date alone (SPEC.md §9), in any time zone.
  recentStats: s.dailyStats.map((d) => ({ id: d.id, metric: d.metric, value: Number(d.value), createdAt: `${d.day}T00:00:00.000Z` })),
  weekly: s.weekly.map((w) => ({ weekStart: w.weekStart, reservations: w.reservations, contacts: w.contacts })),
  seatsNext7Days: s.seatsNext7Days.map((d) => ({ date: d.date, booked: d.booked, capacity: d.capacity, fillRate: d.fillRate })),
  noShowRate30Days: s.noShowRate30Days,
  attendance30Days: { present: s.attendance30Days.present, noShow: s.attendance30Days.noShow },
  takingsThisMonth: s.takingsThisMonth.map((t) => ({ method: t.method, satang: t.satang })),
  passesSoldThisMonth: s.passesSoldThisMonth,
  monthly: s.monthly.map((m) => ({ ...m })),
  stays: s.stays.map((m) => ({ ...m })),
});
