import { addDays, todayInZone, zoneLabel, zonedToInstant } from '../../shared/gym-time';
import type { Attendance } from '../../shared/constants';
import { parseSessionId, type DeskBookingPayload } from '../../shared/schemas/desk';
import type { AppContext } from '../context';
import { nowIso, toBool, type Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findReservation, insertReservation } from '../reservations/reservations.repository';
import * as timetable from '../timetable/timetable.repository';
import { occurrenceId, plannedOccurrences, type Occurrence } from '../timetable/occurrence-rule';
import { findOccurrence, takeSeat } from '../timetable/timetable.service';
import * as repo from './desk.repository';
import { ordersWithTotals } from '../customers/customer-records.repository';
import { balanceOwed } from '../customers/customers.presenter';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { checkPassUse, orderForUse, recordUses } from '../credits/credits';
import * as passes from '../credits/credits.repository';
import { inFrench } from './desk-passes.service';
import { waiverFlagsOf, type WaiverFlag } from '../waivers/waivers.service';

/** A desk booking and the pass it spent (if staff picked one). */
export interface BookingResultLike {
  row: ReservationRow;
  pass?: { orderId: number; passId: string; creditsLeft: number | null };
}

// The front desk (back office, French answers): a day's sessions with their rosters, attendance
// marks, and bookings staff take for a walk-in or a WhatsApp message.

export const RESERVATION_NOT_FOUND_FR = 'Réservation introuvable';
export const RESERVATION_CANCELLED = 'Cette réservation est annulée';
export const SESSION_NOT_FOUND = 'Séance introuvable';
export const SESSION_FULL = 'Ce cours est complet';
export const SESSION_NOT_HELD = "Ce cours n'a pas lieu ce jour-là";
export const SESSION_OVER = 'Ce cours est terminé';

/** An occurrence as the desk lists it, whether or not it takes place (the timetable's rule decides). */
export interface DeskOccurrence extends Occurrence {
  /** Called off for that date, or the gym is closed that day. */
  cancelled: boolean;
  /** The weekly session and its class are active. */
  active: boolean;
  sortOrder: number;
}

export interface PlannedDay {
  date: string;
  /** Sunday, or a closure covers the day. */
  closed: boolean;
  occurrences: DeskOccurrence[];
}

/**
 * Every occurrence of the weekly sessions (classes by appointment have none) on `days` gym days
 * from `from`, started ones included, each with its seat counter and whether it is called off,
 * by the timetable's own occurrence rule. Inactive sessions are listed too, flagged.
 */
export async function plannedDays(db: Db, timeZone: string, from: string, days: number): Promise<PlannedDay[]> {
  const to = addDays(from, days - 1);
  const [sessions, cancellations, closures, taken] = await Promise.all([
    timetable.listWeeklySessions(db),
    timetable.listCancellations(db, from, to),
    timetable.listClosures(db, from, to),
    timetable.seatsTakenBetween(db, from, to),
  ]);
  const cancelled = new Set(cancellations.map((c) => occurrenceId(c.weekly_session_id, c.session_date)));
  return plannedOccurrences({ sessions, cancelled, closures, taken, from, days, timeZone }).map(({ date, closed, occurrences }) => ({
    date,
    closed,
    occurrences: occurrences
      .map(({ session, ...o }) => ({ ...o, active: toBool(session.active) && toBool(session.class_active), sortOrder: session.sort_order }))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.sortOrder - b.sortOrder || a.weeklySessionId - b.weeklySessionId),
  }));
}

/** A booking on the roster, with its pass and what its customer owes (deskMoney). */
export interface DeskBooking extends ReservationRow {
  pass: { orderId: number; name: string; creditsLeft: number | null; returned: boolean } | null;
  owedSatang: number;
  waiver: WaiverFlag;
}

export interface DeskSession extends DeskOccurrence {
  roster: DeskBooking[];
}

export interface DeskDay {
  date: string;
  timezone: string;
  zoneLabel: string;
  closed: boolean;
  sessions: DeskSession[];
}

/**
 * GET /api/desk/day: every occurrence of the gym day (called-off ones flagged; an inactive
 * session only when bookings refer to it), each with every booking linked to it.
 */
export async function deskDay(ctx: AppContext, date?: string, now: Date = new Date()): Promise<DeskDay> {
  const timeZone = ctx.config.timezone;
  const day = date ?? todayInZone(timeZone, now);
  const [[planned], rows] = await Promise.all([plannedDays(ctx.db, timeZone, day, 1), repo.bookingsOnDate(ctx.db, day)]);
  const bookings = await withMoney(ctx.db, rows, now);
  const byOccurrence = new Map<number, DeskBooking[]>();
  for (const b of bookings) {
    const list = byOccurrence.get(b.weekly_session_id!) ?? [];
    list.push(b);
    byOccurrence.set(b.weekly_session_id!, list);
  }
  const sessions = planned.occurrences.map((o) => ({ ...o, roster: byOccurrence.get(o.weeklySessionId) ?? [] })).filter((o) => o.active || o.roster.length > 0);
  return { date: day, timezone: timeZone, zoneLabel: zoneLabel(timeZone, zonedToInstant(day, '12:00', timeZone)), closed: planned.closed, sessions };
}

/**
 * Each booking's pass (name, sessions left) and what its customer owes: the sum of owedSatang
 * over their orders awaiting payment or with only the deposit paid (orderState).
 */
async function withMoney(db: Db, rows: ReservationRow[], now: Date): Promise<DeskBooking[]> {
  const customerIds = [...new Set(rows.map((r) => r.customer_id).filter((id): id is number => id != null))];
  const [uses, orders, waivers] = await Promise.all([
    passes.usesOfReservations(
      db,
      rows.map((r) => r.id),
    ),
    ordersWithTotals(db, customerIds),
    waiverFlagsOf({ db }, customerIds),
  ]);
  const held = await passes.heldUsesOf(db, [...new Set(uses.map((u) => u.orderId))]);
  const useOf = new Map(uses.map((u) => [u.reservationId, u]));
  const owed = new Map<number, number>();
  for (const o of orders) owed.set(o.customer_id, (owed.get(o.customer_id) ?? 0) + balanceOwed([o], now));
  return rows.map((r) => {
    const u = useOf.get(r.id);
    const pass = u
      ? { orderId: u.orderId, name: u.passName, creditsLeft: u.credits == null ? null : u.credits - (held.get(u.orderId) ?? 0), returned: u.returned }
      : null;
    const waiver = r.customer_id != null ? (waivers.get(r.customer_id) ?? 'none') : 'none';
    return { ...r, pass, owedSatang: r.customer_id != null ? (owed.get(r.customer_id) ?? 0) : 0, waiver };
  });
}

/** PUT /api/reservations/:id/attendance: 404 unknown, 409 cancelled; null removes the mark. */
export async function setAttendance(ctx: AppContext, id: number, attendance: Attendance | null): Promise<ReservationRow> {
  const row = await repo.setAttendanceUnlessCancelled(ctx.db, id, attendance);
  if (row) return row;
  if (!(await findReservation(ctx.db, id))) throw notFound(RESERVATION_NOT_FOUND_FR);
  throw conflict(RESERVATION_CANCELLED);
}

/**
 * POST /api/desk/bookings: staff book a session for someone at the desk or on WhatsApp. The
 * seat is taken in the booking's transaction (409 when none is left), like a web booking;
 * the booking is 'read' (staff made it) and no e-mail goes out, to the customer or to the
 * gym: the customer is talking to staff, who can tell them. A session can be booked until it
 * ends (someone walking in late), never once it is over.
 */
export async function createDeskBooking(ctx: AppContext, input: DeskBookingPayload, now: Date = new Date()): Promise<BookingResultLike> {
  const ref = parseSessionId(input.sessionId);
  if (!ref) throw badRequest('La séance doit être écrite <créneau>:<AAAA-MM-JJ>');
  const timeZone = ctx.config.timezone;
  return ctx.db.transaction().execute(async (trx) => {
    // The timetable's rule: is the session on the timetable that day, and is it held?
    const o = await findOccurrence(trx, ref.weeklySessionId, ref.date, timeZone);
    if (!o?.scheduled) throw notFound(SESSION_NOT_FOUND);
    if (!o.bookable || o.cancelled || o.closed) throw conflict(SESSION_NOT_HELD, 'class_not_held');
    if (o.endsAt.getTime() <= now.getTime()) throw conflict(SESSION_OVER);
    // The customer's pass, when staff pick one: checked like a web booking's, before the seat.
    // Its refusals in French: the desk is the back office.
    const spend =
      input.orderId == null
        ? undefined
        : await checkPassUse(
            trx,
            await orderForUse(trx, { orderId: input.orderId }, ctx.dialect),
            { course: o.course, byAppointment: false, startsAt: o.startsAt },
            timeZone,
            { now },
          ).catch((err: unknown) => {
            throw inFrench(err);
          });
    if (!(await takeSeat(trx, o.weeklySessionId, ref.date, o.capacity))) throw conflict(SESSION_FULL, 'slot_full');
    const customer = spend
      ? spend.order.customer_id
      : ((await findOrCreateCustomer(trx, { name: input.name, email: input.email, phone: input.phone, language: DEFAULT_LANGUAGE }))?.id ?? null);
    const row = await insertReservation(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      course: o.course,
      date_time: o.startsAt.toISOString(),
      message: input.message,
      status: 'read',
      source: input.source,
      created_at: nowIso(),
      weekly_session_id: o.weeklySessionId,
      session_date: ref.date,
      customer_id: customer,
    });
    if (spend) await recordUses(trx, [{ spend, reservationId: row.id }]);
    return { row, pass: spend ? { orderId: spend.order.id, passId: spend.order.pass_id, creditsLeft: spend.creditsLeft } : undefined };
  });
}
