// What a holder attended (issue 35, point 6; decision 151): the desk's marks
// (reservations.attendance = 'present') of the order's customer on gym dates within the order's
// dates. The order page counts them, the statement lists them, the back office compares them with
// a programme's weekly sessions.
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { OrderRow } from '../db/schema';
import { ordersWithTotals, totalsColumns, totalsOf } from '../ledger/ledger.repository';
import type { LedgerTotals } from '../../shared/ledger';

type OrderSpan = Pick<OrderRow, 'customer_id' | 'start_date' | 'end_date'>;

const attendedQuery = (db: Db, o: OrderSpan, from = o.start_date, to = o.end_date) =>
  db
    .selectFrom('reservations')
    .where('customer_id', '=', o.customer_id)
    .where('attendance', '=', 'present')
    .where('session_date', '>=', from > o.start_date ? from : o.start_date)
    .where('session_date', '<=', to < o.end_date ? to : o.end_date);

/** Sessions attended within the order's dates (or within from..to inside them). */
export async function attendedCount(db: Db, o: OrderSpan, from?: string, to?: string): Promise<number> {
  const row = await attendedQuery(db, o, from, to)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface AttendedSession {
  sessionDate: string;
  /** The booking's instant (ISO). */
  dateTime: string;
  course: string;
}

/** The sessions attended within the order's dates, oldest first. */
export async function attendedSessions(db: Db, o: OrderSpan): Promise<AttendedSession[]> {
  const rows = await attendedQuery(db, o).select(['session_date', 'date_time', 'course']).orderBy('session_date').orderBy('date_time').execute();
  return rows.map((r) => ({ sessionDate: r.session_date ?? r.date_time.slice(0, 10), dateTime: r.date_time, course: r.course }));
}

export interface PlannedOrder extends LedgerTotals {
  id: number;
  reference: string;
  customerId: number;
  customerName: string;
  passName: string;
  startDate: string;
  endDate: string;
  amountSatang: number;
  depositSatang: number;
  expiresAt: string | null;
  cancelledAt: string | null;
  sessionsPerWeek: number;
  /** Sessions attended on gym dates from..to. */
  attended: number;
}

/**
 * Orders with a weekly plan whose dates began before `to` and run at least until `from`, with the
 * sessions their holder attended from..to (gym dates) and their ledger's totals; the caller keeps
 * those in a state that holds the pass and under the threshold.
 */
export async function plannedOrdersAttendance(db: Db, from: string, to: string): Promise<PlannedOrder[]> {
  const rows = await ordersWithTotals(db)
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .where('o.programme_sessions_per_week', 'is not', null)
    .where('o.start_date', '<=', to)
    .where('o.end_date', '>=', from)
    .where('o.cancelled_at', 'is', null)
    .select([
      'o.id',
      'o.reference',
      'o.customer_id',
      'c.name as customer_name',
      'o.pass_name',
      'o.start_date',
      'o.end_date',
      'o.amount_satang',
      'o.deposit_satang',
      'o.expires_at',
      'o.cancelled_at',
      'o.programme_sessions_per_week',
      (eb) =>
        eb
          .selectFrom('reservations as r')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('r.customer_id', '=', 'o.customer_id')
          .where('r.attendance', '=', 'present')
          .where('r.session_date', '>=', from)
          .where('r.session_date', '<=', to)
          .whereRef('r.session_date', '>=', 'o.start_date')
          .whereRef('r.session_date', '<=', 'o.end_date')
          .as('attended'),
      ...totalsColumns,
    ])
    .orderBy('o.start_date')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    customerId: r.customer_id,
    customerName: r.customer_name,
    passName: r.pass_name,
    startDate: r.start_date,
    endDate: r.end_date,
    amountSatang: r.amount_satang,
    depositSatang: r.deposit_satang,
    expiresAt: r.expires_at,
    cancelledAt: r.cancelled_at,
    sessionsPerWeek: Number(r.programme_sessions_per_week),
    attended: Number(r.attended ?? 0),
    ...totalsOf(r),
  }));
}
