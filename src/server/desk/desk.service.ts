import { addDays, isoWeekday, todayInZone, zoneLabel, zonedToInstant } from '../../shared/gym-time';
import type { Attendance } from '../../shared/constants';
import { parseSessionId, type DeskBookingPayload } from '../../shared/schemas/desk';
import { CLOSED_WEEKDAY } from '../../shared/schemas/timetable';
import type { AppContext } from '../context';
import { nowIso, toBool, type Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findReservation, insertReservation } from '../reservations/reservations.repository';
import * as timetable from '../timetable/timetable.repository';
import { occurrenceId, takeSeat, type Occurrence } from '../timetable/timetable.service';
import * as repo from './desk.repository';

// The front desk (back office, French answers): a day's sessions with their rosters, attendance
// marks, and bookings staff take for a walk-in or a WhatsApp message.

export const RESERVATION_NOT_FOUND_FR = 'Réservation introuvable';
export const RESERVATION_CANCELLED = 'Cette réservation est annulée';
export const SESSION_NOT_FOUND = 'Séance introuvable';
export const SESSION_FULL = 'Ce cours est complet';
export const SESSION_NOT_HELD = "Ce cours n'a pas lieu ce jour-là";
export const SESSION_OVER = 'Ce cours est terminé';

/** An occurrence as planned, whether or not it takes place. */
export interface PlannedOccurrence extends Occurrence {
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
  occurrences: PlannedOccurrence[];
}

/**
 * Every occurrence of the weekly sessions (classes by appointment have none) on `days` gym days
 * from `from`, started ones included, each with its seat counter and whether it is called off
 * (a cancellation, or a closure over the day). Inactive sessions are listed too, flagged.
 */
export async function plannedDays(db: Db, timeZone: string, from: string, days: number): Promise<PlannedDay[]> {
  const to = addDays(from, days - 1);
  const [sessions, cancellations, closures, taken] = await Promise.all([
    timetable.listWeeklySessions(db),
    timetable.listCancellations(db, from, to),
    timetable.listClosures(db, from, to),
    timetable.seatsTakenBetween(db, from, to),
  ]);
  const called = new Set(cancellations.map((c) => occurrenceId(c.weekly_session_id, c.session_date)));
  const out: PlannedDay[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(from, i);
    const weekday = isoWeekday(date);
    const closed = weekday === CLOSED_WEEKDAY || closures.some((c) => c.start_date <= date && date <= c.end_date);
    const occurrences: PlannedOccurrence[] = [];
    for (const s of sessions) {
      if (s.weekday !== weekday || toBool(s.by_appointment)) continue;
      const key = occurrenceId(s.id, date);
      const startsAt = zonedToInstant(date, s.start_time, timeZone);
      occurrences.push({
        weeklySessionId: s.id,
        classId: s.class_id,
        course: s.class_name,
        level: s.level,
        coach: s.coach,
        date,
        time: s.start_time,
        startsAt,
        endsAt: new Date(startsAt.getTime() + s.duration_minutes * 60_000),
        durationMinutes: s.duration_minutes,
        capacity: s.capacity,
        taken: taken.get(key) ?? 0,
        cancelled: closed || called.has(key),
        active: toBool(s.active) && toBool(s.class_active),
        sortOrder: s.sort_order,
      });
    }
    occurrences.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.sortOrder - b.sortOrder || a.weeklySessionId - b.weeklySessionId);
    out.push({ date, closed, occurrences });
  }
  return out;
}

export interface DeskSession extends PlannedOccurrence {
  roster: ReservationRow[];
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
  const [[planned], bookings] = await Promise.all([plannedDays(ctx.db, timeZone, day, 1), repo.bookingsOnDate(ctx.db, day)]);
  const byOccurrence = new Map<number, ReservationRow[]>();
  for (const b of bookings) {
    const list = byOccurrence.get(b.weekly_session_id!) ?? [];
    list.push(b);
    byOccurrence.set(b.weekly_session_id!, list);
  }
  const sessions = planned.occurrences.map((o) => ({ ...o, roster: byOccurrence.get(o.weeklySessionId) ?? [] })).filter((o) => o.active || o.roster.length > 0);
  return { date: day, timezone: timeZone, zoneLabel: zoneLabel(timeZone, zonedToInstant(day, '12:00', timeZone)), closed: planned.closed, sessions };
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
export async function createDeskBooking(ctx: AppContext, input: DeskBookingPayload, now: Date = new Date()): Promise<ReservationRow> {
  const ref = parseSessionId(input.sessionId);
  if (!ref) throw badRequest('La séance doit être écrite <créneau>:<AAAA-MM-JJ>');
  const timeZone = ctx.config.timezone;
  return ctx.db.transaction().execute(async (trx) => {
    const s = await timetable.findWeeklySession(trx, ref.weeklySessionId);
    if (!s || toBool(s.by_appointment) || s.weekday !== isoWeekday(ref.date)) throw notFound(SESSION_NOT_FOUND);
    const [cancelled, closures] = await Promise.all([timetable.isCancelled(trx, s.id, ref.date), timetable.listClosures(trx, ref.date, ref.date)]);
    if (!toBool(s.active) || !toBool(s.class_active) || cancelled || closures.length > 0) throw conflict(SESSION_NOT_HELD);
    const startsAt = zonedToInstant(ref.date, s.start_time, timeZone);
    if (startsAt.getTime() + s.duration_minutes * 60_000 <= now.getTime()) throw conflict(SESSION_OVER);
    if (!(await takeSeat(trx, s.id, ref.date, s.capacity))) throw conflict(SESSION_FULL);
    return insertReservation(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      course: s.class_name,
      date_time: startsAt.toISOString(),
      message: input.message,
      status: 'read',
      source: input.source,
      created_at: nowIso(),
      weekly_session_id: s.id,
      session_date: ref.date,
    });
  });
}
