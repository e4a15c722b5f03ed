// Attendance (issue 35, point 6; decision 151): the statement an order's holder and staff
// download, and the back office's list of programme holders who attend under half of their plan
// over the last two weeks (gym days, today included).
import { addDays, todayInZone } from '../../shared/gym-time';
import { holdsPass, orderState } from '../../shared/ledger';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { notFound } from '../errors';
import { attendedSessions, plannedOrdersAttendance, type PlannedOrder } from '../orders/attendance.repository';
import { ORDER_NOT_FOUND } from '../orders/order-page.service';
import { findCustomerRow, findOrder, findOrderByTokenHash } from '../orders/orders.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { renderAttendanceStatement } from './attendance-statement';
import { gymLetterhead } from './gym-letterhead';

async function statementOf(ctx: AppContext, row: OrderRow): Promise<Uint8Array> {
  const [customer, sessions, settings] = await Promise.all([findCustomerRow(ctx.db, row.customer_id), attendedSessions(ctx.db, row), currentSiteSettings(ctx)]);
  if (!customer) throw notFound(ORDER_NOT_FOUND);
  return renderAttendanceStatement({
    letterhead: gymLetterhead(settings),
    holder: customer.name,
    orderReference: row.reference,
    passName: row.pass_name,
    startDate: row.start_date,
    endDate: row.end_date,
    sessionsPerWeek: row.programme_sessions_per_week,
    madeOn: todayInZone(ctx.config.timezone),
    timeZone: ctx.config.timezone,
    sessions,
  });
}

/** GET /api/orders/by-token/{token}/attendance.pdf (a wrong token is 404). */
export async function attendanceByToken(ctx: AppContext, token: string): Promise<{ reference: string; pdf: Uint8Array }> {
  const row = await findOrderByTokenHash(ctx.db, hashToken(token));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return { reference: row.reference, pdf: await statementOf(ctx, row) };
}

/** GET /api/orders/{id}/attendance.pdf (staff). */
export async function attendanceForStaff(ctx: AppContext, id: number): Promise<{ reference: string; pdf: Uint8Array }> {
  const row = await findOrder(ctx.db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return { reference: row.reference, pdf: await statementOf(ctx, row) };
}

/** The window the list looks at: the last 14 gym days, today included. */
export const WATCH_DAYS = 14;
/** A holder is listed once the window has covered at least this many days of their order (a plan just begun says little). */
const MIN_DAYS = 7;

export interface LowAttendance extends PlannedOrder {
  /** Gym days of the window within the order's dates. */
  days: number;
  /** Sessions the plan gives over those days (sessions a week × days / 7, rounded down). */
  planned: number;
}

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/orders/low-attendance: holders of a programme in use who attended under half of its plan over the window. */
export async function lowAttendance(ctx: AppContext, now = new Date()): Promise<{ from: string; to: string; items: LowAttendance[] }> {
  const to = todayInZone(ctx.config.timezone, now);
  const from = addDays(to, -(WATCH_DAYS - 1));
  const items: LowAttendance[] = [];
  for (const o of await plannedOrdersAttendance(ctx.db, from, to)) {
    if (!holdsPass(orderState(o, now))) continue;
    const days = dayCount(o.startDate > from ? o.startDate : from, o.endDate < to ? o.endDate : to);
    if (days < MIN_DAYS) continue;
    const planned = Math.floor((o.sessionsPerWeek * days) / 7);
    // Under half: twice the sessions attended below the plan (integers, no rounding question).
    if (o.attended * 2 < planned) items.push({ ...o, days, planned });
  }
  return { from, to, items };
}
