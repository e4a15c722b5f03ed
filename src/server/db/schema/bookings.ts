// Bookings and the timetable: reservations, classes, weekly sessions, closures, seats.
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { Attendance, ReservationSource, ReservationStatus } from '../../../shared/constants';
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
  /** Migration 031: the customer cancelled after the credit deadline (Paramètres' cancelHours). */
  late_cancel: Generated<DbBool>;
  /** Migration 031: staff forgave the late cancel or the no-show (its credit came back), by whom and why. */
  waived_at: string | null;
  waived_by: number | null;
  waive_reason: string | null;
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
