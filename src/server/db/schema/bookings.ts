// Bookings and the timetable: reservations, classes, weekly sessions, closures, seats.
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { Attendance, CancelledBy, GymCause, ReservationSource, ReservationStatus, WaitlistStatus } from '../../../shared/constants';
import type { DbBool } from './columns';

export interface ReservationsTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  date_time: string;
  message: string | null;
  status: ReservationStatus;
  created_at: string;
  // Migration 004: set for bookings of a timetable session; null on SPEC's older rows.
  weekly_session_id: number | null;
  /** The session's gym date, 'YYYY-MM-DD' (GYM_TIMEZONE). */
  session_date: string | null;
  /** SHA-256 of the manage link's token; unique. */
  manage_token_hash: string | null;
  attendance: Attendance | null;
  source: Generated<ReservationSource>;
  cancelled_at: string | null;
  reminder_queued_at: string | null;
  /** Migration 006: the calendar SEQUENCE of the booking's event (0, then +1 per change). */
  calendar_sequence: Generated<number>;
  /** Migration 017: what an archived booking was (unread or read), so unarchiving restores it. */
  status_before_archive: ReservationStatus | null;
  /** The customer's language (migration 018): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
  /** The customer record (migration 021); null on rows before it. */
  customer_id: number | null;
  /** Migration 029: who cancelled it (null while booked, and on rows cancelled before it). */
  cancelled_by: CancelledBy | null;
  /** The gym's reason, as its e-mail gave it. */
  cancel_reason: string | null;
  /** A booking the gym moved: its credit comes back on a cancel while date_time still equals this. */
  free_cancel_until: string | null;
  /** Migration 031: the customer cancelled after the credit deadline (Paramètres' cancelHours). */
  late_cancel: Generated<DbBool>;
  /** Migration 031: staff forgave the late cancel or the no-show (its credit came back), by whom and why. */
  waived_at: string | null;
  waived_by: number | null;
  waive_reason: string | null;
  /** Migration 041: moved inside its credit window, the deadline it had then (it stays late: decision 172). */
  late_since: string | null;
  /** Migration 045: which change of the gym cancelled it (a session called off, a closure, a session moved). */
  gym_cause: GymCause | null;
}

export type ClassLevel = 'Beginner' | 'All Levels';

export interface ClassesTable {
  id: Generated<number>;
  name: string;
  description: string;
  level: ClassLevel;
  /** JSON { ru?: string, … } (migration 020): the description in the other languages. */
  description_translations: string;
  duration_minutes: number;
  by_appointment: DbBool;
  sort_order: number;
  active: DbBool;
  created_at: string;
  updated_at: string;
}

export interface WeeklySessionsTable {
  id: Generated<number>;
  class_id: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Gym time, 'HH:MM'. */
  start_time: string;
  capacity: number;
  coach: string | null;
  active: DbBool;
  created_at: string;
  updated_at: string;
}

export interface SessionCancellationsTable {
  id: Generated<number>;
  weekly_session_id: number;
  session_date: string;
  reason: string | null;
  created_at: string;
}

export interface ClosuresTable {
  id: Generated<number>;
  /** Gym dates, both inclusive. */
  start_date: string;
  end_date: string;
  reason: string | null;
  created_at: string;
}

export interface SeatsTable {
  weekly_session_id: number;
  session_date: string;
  taken: Generated<number>;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  key: string;
  request_hash: string;
  status_code: number | null;
  answer_body: string | null;
  created_at: string;
}

/** Migration 030: a place in the waiting list of a full class (issue 34). */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  weekly_session_id: number;
  session_date: string;
  course: string;
  date_time: string;
  name: string;
  email: string;
  phone: string | null;
  language: Generated<Language>;
  /** The person's pass (its order page's token) until the entry is settled; null without one. */
  pass_token: string | null;
  /** SHA-256 of the entry's link token; unique. */
  token_hash: string;
  /** SHA-256 of the offer e-mail's link token (made with the offer). */
  offer_token_hash: string | null;
  status: Generated<WaitlistStatus>;
  offered_at: string | null;
  offer_expires_at: string | null;
  /** 1: the offer holds a seat in the seat counter; 0: nothing held (last two hours). */
  offer_held: Generated<number>;
  reservation_id: number | null;
  booked_at: string | null;
  left_at: string | null;
  created_at: string;
}
