import { toBool } from '../db/database';
import type { ReservationRow } from '../db/schema';
import type { BookingCreatedDto, ManageBookingDto, ReservationDto } from '../../shared/api-types';
import type { ReservationPayload } from '../../shared/schemas/reservations';
import type { HeldBookingDto } from '../../shared/schemas/timetable';
import { decoyId, type HoneypotDecoy } from '../http/honeypot';
import type { BookingResult } from './booking-create.service';
import type { ManagedBooking } from './booking-manage.service';
export type { ReservationDto };

export const presentReservation = (r: ReservationRow): ReservationDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  course: r.course,
  dateTime: r.date_time,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
  weeklySessionId: r.weekly_session_id,
  sessionDate: r.session_date,
  attendance: r.attendance,
  source: r.source,
  cancelledAt: r.cancelled_at,
  // Only when they happened: a fresh booking's answer keeps its shape.
  ...(toBool(r.late_cancel) ? { lateCancel: true as const } : {}),
  ...(r.waived_at != null ? { waived: { at: r.waived_at, reason: r.waive_reason ?? '' } } : {}),
});

/** POST /api/reservations' answer: the booking, and the pass that paid for it (if any). */
export const presentCreatedBooking = (r: Pick<BookingResult, 'row' | 'pass'>): BookingCreatedDto =>
  r.pass ? { ...presentReservation(r.row), passId: r.pass.passId, creditsLeft: r.pass.creditsLeft } : presentReservation(r.row);

/** A booking as its manage page shows it (GET /api/bookings/manage/{token}, cancel, move). */
export const presentManagedBooking = (b: ManagedBooking): ManageBookingDto => {
  const booked = b.row.status !== 'cancelled';
  return {
    id: b.row.id,
    name: b.row.name,
    course: b.row.course,
    state: booked ? 'booked' : 'cancelled',
    startsAt: b.when.startsAt.toISOString(),
    endsAt: b.when.endsAt?.toISOString() ?? null,
    date: b.when.gymDate,
    time: b.when.gymTime,
    durationMinutes: b.when.durationMinutes,
    zoneLabel: b.when.zoneLabel,
    timezone: b.timezone,
    started: b.started,
    canCancel: booked && !b.started && !b.earlier,
    canMove: booked && !b.started && !b.earlier && b.row.weekly_session_id != null,
    weeklySessionId: b.row.weekly_session_id,
    ...(b.pass ? { pass: { creditReturned: b.pass.creditReturned, deadline: b.pass.deadline.toISOString() } } : {}),
    ...(b.lessonMove && !b.earlier
      ? { lessonMove: { trainerId: b.lessonMove.trainerId, minutes: b.lessonMove.minutes, until: b.lessonMove.until.toISOString() } }
      : {}),
    cancelledBy: b.row.cancelled_by,
    cancelReason: b.row.cancelled_by === 'gym' ? b.row.cancel_reason : null,
    canRebook: !booked && !b.earlier && b.row.cancelled_by === 'gym' && b.row.weekly_session_id != null,
    outcome: outcomeOf(b),
    gymCause: !booked && b.row.cancelled_by === 'gym' ? b.row.gym_cause : null,
    attendance: b.row.attendance,
    moved: booked && Number(b.row.calendar_sequence) > 0,
    link: b.earlier ? 'earlier' : 'current',
  };
};

/** What became of the booking, in one word (issue 47 point 3). */
function outcomeOf(b: ManagedBooking): ManageBookingDto['outcome'] {
  if (b.row.status === 'cancelled') return b.row.cancelled_by ? `cancelled_by_${b.row.cancelled_by}` : 'cancelled';
  return b.past ? 'took_place' : b.started ? 'started' : 'upcoming';
}

/** A booking's success, for a bot that filled the honeypot (nothing was stored or mailed). */
export const reservationDecoy: HoneypotDecoy = {
  status: 201,
  answer: (p: ReservationPayload): ReservationDto => ({
    id: decoyId(),
    name: p.name,
    email: p.email,
    phone: p.phone,
    course: p.course,
    dateTime: new Date(p.dateTime).toISOString(),
    message: p.message,
    status: 'unread',
    createdAt: new Date().toISOString(),
    weeklySessionId: null,
    sessionDate: null,
    attendance: null,
    source: 'web',
    cancelledAt: null,
  }),
};

/** A booking Planning lists before a cancellation, closure or move touches it. */
export const presentHeldBooking = (r: ReservationRow): HeldBookingDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  course: r.course,
  dateTime: r.date_time,
  sessionDate: r.session_date,
  weeklySessionId: r.weekly_session_id,
  language: r.language,
});
