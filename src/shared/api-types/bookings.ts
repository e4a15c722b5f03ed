// Bookings: the back office's reservations, the manage link and the front desk.
import { z } from 'zod';
import { CLASS_LEVELS } from '../schemas/timetable';
import { ATTENDANCE_MARKS, CANCELLED_BY, GYM_CAUSES, RESERVATION_SOURCES, RESERVATION_STATUSES, WAITLIST_STATUSES } from '../constants';
import { id, languageDto, timestamp } from './common';
import { waiverFlagSchema } from './waivers';

export const reservationDtoSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  course: z.string(),
  dateTime: z.string(),
  message: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  createdAt: timestamp,
  /** The timetable session booked (null: a request, e.g. Private Training, or an older booking). */
  weeklySessionId: z.number().int().nullable(),
  /** The session's date in gym time, YYYY-MM-DD. */
  sessionDate: z.string().nullable(),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  source: z.enum(RESERVATION_SOURCES),
  cancelledAt: z.string().nullable(),
  language: languageDto,
  /** Present (true) when the customer cancelled after the credit deadline (Paramètres). */
  lateCancel: z.literal(true).optional(),
  /** Present once staff forgave the late cancel or the no-show (PUT /api/reservations/{id}/waive): when, and why. */
  waived: z.object({ at: timestamp, reason: z.string() }).optional(),
});
export type ReservationDto = z.infer<typeof reservationDtoSchema>;

/** POST /api/reservations → 201: the booking; with a pass token, the pass that paid for it. */
export const bookingCreatedDtoSchema = reservationDtoSchema.extend({
  /** The pass used ('<row>.<covers>'); absent when no pass paid for the booking. */
  passId: z.string().optional(),
  /** Sessions left on that pass after this booking; null: unlimited within its days. */
  creditsLeft: z.number().int().nullable().optional(),
});
export type BookingCreatedDto = z.infer<typeof bookingCreatedDtoSchema>;

/**
 * GET /api/bookings/manage/{token} and the answers of its cancel and move: what the customer's
 * manage page shows. Times are the booking's start (and end) as instants, and in gym time.
 */
/** What became of a booking (GET /api/bookings/manage/{token}'s `outcome`). */
export const MANAGE_OUTCOMES = ['upcoming', 'started', 'took_place', 'cancelled_by_customer', 'cancelled_by_staff', 'cancelled_by_gym', 'cancelled'] as const;
export const manageBookingDtoSchema = z.object({
  id,
  name: z.string(),
  course: z.string(),
  state: z.enum(['booked', 'cancelled']),
  startsAt: timestamp,
  /** Null when the booking's length is not known (no class of that name any more). */
  endsAt: timestamp.nullable(),
  /** The start in gym time: YYYY-MM-DD and HH:MM (24 h). */
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int().nullable(),
  /** 'Krabi time (UTC+7)': the zone as of the booking's start. */
  zoneLabel: z.string(),
  /** GYM_TIMEZONE, an IANA name. */
  timezone: z.string(),
  /** The class has begun (or is over): nothing can be changed any more. */
  started: z.boolean(),
  canCancel: z.boolean(),
  /** Only a booking of a timetable session can move (not a request by appointment). */
  canMove: z.boolean(),
  /** The timetable session booked; null for a request by appointment (Private Training). */
  weeklySessionId: z.number().int().nullable(),
  /**
   * Booked with a pass: whether cancelling now gives the session back to the pass (for a
   * cancelled booking: whether it did), and the last instant it does (settings' cancelHours
   * before the class). Absent when no pass paid for the booking.
   */
  pass: z.object({ creditReturned: z.boolean(), deadline: timestamp }).optional(),
  /**
   * A private lesson (issue 37) that may still be moved from its link (until the cancel deadline):
   * its trainer and length (POST /api/private-lessons/manage/{token}/move). Absent otherwise.
   */
  lessonMove: z.object({ trainerId: id, minutes: z.number().int(), until: timestamp }).optional(),
  /** Who cancelled it (null while booked, or unknown on older rows). */
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** The gym's reason when the gym cancelled it. */
  cancelReason: z.string().nullable(),
  /** The gym cancelled it: another session may be chosen from its page (POST …/move). */
  canRebook: z.boolean(),
  /**
   * What became of it, in one word (issue 47 point 3): to come, under way, over (took place),
   * cancelled by the traveller, by staff, by the gym, or cancelled before it was recorded by whom.
   */
  outcome: z.enum(MANAGE_OUTCOMES),
  /** Which change of the gym cancelled it (a session called off, a closure, a session moved); null otherwise. */
  gymCause: z.enum(GYM_CAUSES).nullable(),
  /** The desk's mark once the class took place (present, no-show), null when not marked. */
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  /** Booked and changed since (moved by the traveller, staff or the gym, or booked again after the gym's cancel). */
  moved: z.boolean(),
  /** 'earlier': a newer e-mail replaced this link; it shows the booking, the newest link changes it. */
  link: z.enum(['current', 'earlier']),
});
export type ManageBookingDto = z.infer<typeof manageBookingDtoSchema>;
/**
 * A booking on the desk's roster, with the pass that paid for it (its name, the sessions left on
 * it: null unlimited; `returned` once a cancel gave the credit back) and what its customer still
 * owes across their orders awaiting payment or with only a deposit paid (satang).
 */
export const deskRosterEntryDtoSchema = reservationDtoSchema.extend({
  pass: z.object({ orderId: id, name: z.string(), creditsLeft: z.number().int().nullable(), returned: z.boolean() }).nullable(),
  owedSatang: z.number().int(),
  /** The waiver beside the person (issue 47 point 4): "missing", "conditions" declared, "signed", "none" published. */
  waiver: waiverFlagSchema,
});
export type DeskRosterEntryDto = z.infer<typeof deskRosterEntryDtoSchema>;

/** One occurrence on the desk: the session, its seats and every booking linked to it. */
export const deskSessionDtoSchema = z.object({
  /** '<weeklySessionId>:<date>', as in GET /api/sessions. */
  id: z.string(),
  weeklySessionId: id,
  course: z.string(),
  level: z.enum(CLASS_LEVELS),
  coach: z.string().nullable(),
  /** Gym wall time 'HH:MM'. */
  time: z.string(),
  startsAt: timestamp,
  endsAt: timestamp,
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  /** The seat counter: bookings of the occurrence that are not cancelled. */
  taken: z.number().int(),
  /** Never below 0. */
  spotsLeft: z.number().int(),
  /** Called off for that date, or the gym is closed that day. */
  cancelled: z.boolean(),
  /** Every booking of the occurrence, cancelled ones included, oldest first. */
  roster: z.array(deskRosterEntryDtoSchema),
});
export type DeskSessionDto = z.infer<typeof deskSessionDtoSchema>;

/** GET /api/desk/day: one gym day at the front desk. */
export const deskDayDtoSchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the gym’s time zone'),
  timezone: z.string(),
  /** "Krabi time (UTC+7)" */
  zoneLabel: z.string(),
  /** Sunday, or a closure covers the day. */
  closed: z.boolean(),
  sessions: z.array(deskSessionDtoSchema),
});
export type DeskDayDto = z.infer<typeof deskDayDtoSchema>;

/**
 * POST /api/waitlist → 201: the same answer for a first join, a repeated one and an address booked
 * at that time (decision 174); the entry's link and place in line go by e-mail only.
 */
export const waitlistJoinedDtoSchema = z.object({ success: z.literal(true), message: z.string() });
export type WaitlistJoinedDto = z.infer<typeof waitlistJoinedDtoSchema>;

/**
 * A waiting-list entry as its link shows it: its state, its place among those still waiting
 * (null once out of line), the class and when, and the offer's end while one is open
 * (`held`: a seat is kept for this person; false in the last two hours, first to accept).
 */
export const waitlistEntryDtoSchema = z.object({
  state: z.enum(WAITLIST_STATUSES),
  position: z.number().int().nullable(),
  course: z.string(),
  startsAt: timestamp,
  name: z.string(),
  language: languageDto,
  offerExpiresAt: timestamp.nullable(),
  held: z.boolean(),
  /** Once booked: the booking's number. */
  reservationId: id.nullable(),
  /** The class has begun: the list is over whatever the state (issue 47 point 3). Read by GET; false in a leave's or accept's answer. */
  classPassed: z.boolean(),
  /** An offer open to all (nothing held) whose class filled again: someone else took the place. */
  seatTaken: z.boolean(),
  /** 'earlier': a newer e-mail replaced this link; it shows the place, the newest link acts. */
  link: z.enum(['current', 'earlier']),
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntryDtoSchema>;

/** One person on a session's waiting list, as the desk and Planning show it. */
export const waitlistStaffEntryDtoSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  state: z.enum(WAITLIST_STATUSES),
  position: z.number().int().nullable(),
  offerExpiresAt: timestamp.nullable(),
  reservationId: id.nullable(),
  createdAt: timestamp,
});
export type WaitlistStaffEntryDto = z.infer<typeof waitlistStaffEntryDtoSchema>;
