import { sql } from 'kysely';
import { moneyOut, type PaymentMethod } from '../../shared/ledger';
import { ordersWithTotals } from '../ledger/ledger.repository';
import { fromBool, type Db } from '../db/database';

// The dashboard reads several domains' tables; these are its only queries.

export interface Totals {
  totalUsers: number;
  totalBlogPosts: number;
  totalGalleryImages: number;
  totalContactSubmissions: number;
  totalNewsletterSubscribers: number;
  totalReservations: number;
  unreadReservations: number;
  reservationsThisMonth: number;
}

/** Every count in one statement: one round trip and one consistent snapshot. */
export async function countTotals(db: Db, monthStartIso: string): Promise<Totals> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('totalUsers'),
      eb.selectFrom('blog_posts').select(eb.fn.countAll<number>().as('n')).as('totalBlogPosts'),
      eb.selectFrom('gallery_items').select(eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).as('totalGalleryImages'),
      eb.selectFrom('contact_submissions').select(eb.fn.countAll<number>().as('n')).as('totalContactSubmissions'),
      // Confirmed addresses only (double opt-in): pending and unsubscribed ones are not subscribers.
      eb.selectFrom('newsletter_subscribers').select(eb.fn.countAll<number>().as('n')).where('is_active', '=', fromBool(true)).as('totalNewsletterSubscribers'),
      eb.selectFrom('reservations').select(eb.fn.countAll<number>().as('n')).as('totalReservations'),
      eb.selectFrom('reservations').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'unread').as('unreadReservations'),
      eb.selectFrom('reservations').select(eb.fn.countAll<number>().as('n')).where('created_at', '>=', monthStartIso).as('reservationsThisMonth'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL hands counts back as bigint text, SQLite as numbers.
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)])) as unknown as Totals;
}

export type DailyStat = Awaited<ReturnType<typeof recentDailyStats>>[number];

export const recentDailyStats = (db: Db, limit: number) =>
  db.selectFrom('daily_stats').select(['id', 'metric', 'day', 'value', 'created_at']).orderBy('day', 'desc').orderBy('id', 'desc').limit(limit).execute();

/** created_at of reservations and contact submissions since an instant (timestamps only). */
export async function createdSince(db: Db, sinceIso: string): Promise<{ reservations: string[]; contacts: string[] }> {
  const [r, c] = await Promise.all([
    db.selectFrom('reservations').select('created_at').where('created_at', '>=', sinceIso).execute(),
    db.selectFrom('contact_submissions').select('created_at').where('created_at', '>=', sinceIso).execute(),
  ]);
  return { reservations: r.map((x) => x.created_at), contacts: c.map((x) => x.created_at) };
}

/** Attendance marks of bookings whose session falls on a gym date in [fromDate, toDate], cancelled ones left out. */
export async function attendanceMarks(db: Db, fromDate: string, toDate: string): Promise<{ present: number; noShow: number }> {
  const rows = await db
    .selectFrom('reservations')
    .select((eb) => ['attendance', eb.fn.countAll<number>().as('n')])
    .where('session_date', '>=', fromDate)
    .where('session_date', '<=', toDate)
    .where('attendance', 'is not', null)
    .where('cancelled_at', 'is', null)
    .groupBy('attendance')
    .execute();
  const count = (mark: string) => Number(rows.find((r) => r.attendance === mark)?.n ?? 0);
  return { present: count('present'), noShow: count('no_show') };
}

/** Money in less money out per method, recorded in [fromIso, toIso) (integers of satang). */
export async function takingsBetween(db: Db, fromIso: string, toIso: string): Promise<Map<PaymentMethod, number>> {
  const rows = await db
    .selectFrom('order_payments')
    .select(['method', 'kind', (eb) => eb.fn.sum<number | string>('amount_satang').as('total')])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy(['method', 'kind'])
    .execute();
  const by = new Map<PaymentMethod, number>();
  for (const r of rows) by.set(r.method, (by.get(r.method) ?? 0) + (moneyOut(r.kind) ? -1 : 1) * Number(r.total ?? 0));
  return by;
}

/** Orders created in [fromIso, toIso) that still hold money (the ledger's one totals query): the passes sold. */
export async function passesSoldBetween(db: Db, fromIso: string, toIso: string): Promise<number> {
  const row = await ordersWithTotals(db)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .where(sql<boolean>`coalesce(l.paid, 0) - coalesce(l.refunded, 0) - coalesce(l.charged_back, 0) > 0`)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Per gym month ('YYYY-MM'): how many. */
export type MonthCounts = Map<string, number>;

/** No-show marks of bookings (not cancelled) whose class is on a gym date in [fromDate, beforeDate), per month of that date. */
export async function noShowsByMonth(db: Db, fromDate: string, beforeDate: string): Promise<MonthCounts> {
  const month = sql<string>`substr(session_date, 1, 7)`;
  const rows = await db
    .selectFrom('reservations')
    .select([month.as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('session_date', '>=', fromDate)
    .where('session_date', '<', beforeDate)
    .where('attendance', '=', 'no_show')
    .where('cancelled_at', 'is', null)
    .groupBy(month)
    .execute();
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

/** Seats filled from the waiting list (entries booked) of classes on gym dates in [fromDate, beforeDate), per month of that date. */
export async function waitlistSeatsByMonth(db: Db, fromDate: string, beforeDate: string): Promise<MonthCounts> {
  const month = sql<string>`substr(session_date, 1, 7)`;
  const rows = await db
    .selectFrom('waitlist_entries')
    .select([month.as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('session_date', '>=', fromDate)
    .where('session_date', '<', beforeDate)
    .where('status', '=', 'booked')
    .groupBy(month)
    .execute();
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

/** When each waiver of [fromIso, toIso) was given (instants: the service puts them in gym months). */
export async function waiversBetween(db: Db, fromIso: string, toIso: string): Promise<string[]> {
  const rows = await db.selectFrom('reservations').select('waived_at').where('waived_at', '>=', fromIso).where('waived_at', '<', toIso).execute();
  return rows.map((r) => r.waived_at!);
}
