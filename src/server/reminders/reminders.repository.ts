import { sql } from 'kysely';
import type { Language } from '../../shared/i18n/languages';
import type { Db } from '../db/database';

// All SQL of the reminders. Timestamps are ISO 8601 UTC text, so they compare as text.

export interface ReminderCandidate {
  id: number;
  name: string;
  email: string;
  course: string;
  /** The session's start (ISO instant), as the booking stored it. */
  date_time: string;
  created_at: string;
  duration_minutes: number;
  language: Language;
  /** A pass credit pays for it (issue 34 §5: the reminder says the credit's rule). */
  paid_by_pass: number | string | boolean | null;
  /** What its credit deadline depends on besides its start (reservations/booking-rules.ts creditDeadlineOf). */
  free_cancel_until: string | null;
  late_since: string | null;
}

/**
 * Bookings that may need their reminder now: an e-mail address, no reminder queued yet, not
 * cancelled, starting after `fromIso` and no later than `untilIso`. A timetable session's
 * occurrence must be neither cancelled nor in a closure and has its class's length; a private
 * lesson (issue 37) has its own length and no occurrence. The last rule (made before the lead
 * window) is the service's.
 */
export function listReminderCandidates(db: Db, fromIso: string, untilIso: string): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('reservations as r')
    .leftJoin('weekly_sessions as ws', 'ws.id', 'r.weekly_session_id')
    .leftJoin('classes as c', 'c.id', 'ws.class_id')
    .leftJoin('private_lessons as l', 'l.reservation_id', 'r.id')
    .select(['r.id', 'r.name', 'r.course', 'r.date_time', 'r.created_at', 'r.language', 'r.free_cancel_until', 'r.late_since'])
    .select(sql<number>`coalesce(l.minutes, c.duration_minutes)`.as('duration_minutes'))
    .select(sql<string>`r.email`.as('email'))
    .select((eb) =>
      eb.exists(eb.selectFrom('pass_uses as u').select('u.id').whereRef('u.reservation_id', '=', 'r.id').where('u.returned_at', 'is', null)).as('paid_by_pass'),
    )
    .where('r.email', 'is not', null)
    .where('r.reminder_queued_at', 'is', null)
    .where('r.cancelled_at', 'is', null)
    .where('r.status', '!=', 'cancelled')
    .where('r.date_time', '>', fromIso)
    .where('r.date_time', '<=', untilIso)
    .where((eb) =>
      eb.or([
        eb('l.reservation_id', 'is not', null),
        eb.and([
          eb('c.id', 'is not', null),
          eb('r.session_date', 'is not', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('session_cancellations as sc')
                .select('sc.id')
                .whereRef('sc.weekly_session_id', '=', 'r.weekly_session_id')
                .whereRef('sc.session_date', '=', 'r.session_date'),
            ),
          ),
          eb.not(
            eb.exists(
              eb.selectFrom('closures as cl').select('cl.id').whereRef('cl.start_date', '<=', 'r.session_date').whereRef('cl.end_date', '>=', 'r.session_date'),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('r.date_time')
    .orderBy('r.id')
    .execute();
}

/**
 * Claims the booking's reminder: sets reminder_queued_at only while it is unset and the booking
 * is not cancelled. True for exactly one caller, whatever the instances or the races: on
 * PostgreSQL a concurrent UPDATE of the row waits for this transaction and then re-checks the
 * WHERE on the committed row (READ COMMITTED), so it finds the column set and changes nothing;
 * SQLite has one writer. Run it in the transaction that writes the e-mail to the outbox.
 */
export async function claimReminder(trx: Db, id: number, nowIso: string): Promise<boolean> {
  const r = await trx
    .updateTable('reservations')
    .set({ reminder_queued_at: nowIso })
    .where('id', '=', id)
    .where('reminder_queued_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
