import type { Language } from '../../shared/i18n/languages';
import { instantToZoned, zoneLabel } from '../../shared/gym-time';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import type { BookingMailInput, BookingStaffNoticeInput } from '../mail/templates/booking-mails';
import { languageBase } from '../mail/templates/i18n';
import { classDuration, findOccurrence } from '../timetable/timetable.service';
import { creditDeadlineOf } from './booking-rules';
import { lessonMinutes } from '../trainers/lessons.repository';

// The facts every message about a booking names (who, which class, when in instants and in gym
// time, its calendar sequence, its language), assembled once here: the confirmation, the
// cancellation, the moved booking, the reminder and the gym's notices all read them.

/** A request by appointment whose class is gone still gets an hour in the calendar. */
const DEFAULT_DURATION_MINUTES = 60;

/** When a booking is, in instants and in gym time. */
export interface BookingWhen {
  startsAt: Date;
  /** Null only when the length is unknown (a request for a class that no longer exists). */
  endsAt: Date | null;
  durationMinutes: number | null;
  gymDate: string;
  gymTime: string;
  zoneLabel: string;
}

export function whenOf(ctx: AppContext, startsAt: Date, durationMinutes: number | null): BookingWhen {
  const tz = ctx.config.timezone;
  const g = instantToZoned(startsAt, tz);
  return {
    startsAt,
    endsAt: durationMinutes == null ? null : new Date(startsAt.getTime() + durationMinutes * 60_000),
    durationMinutes,
    gymDate: g.date,
    gymTime: g.time,
    zoneLabel: zoneLabel(tz, startsAt),
  };
}

/** The start, length and gym time of a stored booking (its session's class, else its course). */
export async function whenOfRow(ctx: AppContext, db: Db, row: ReservationRow): Promise<BookingWhen> {
  let duration: number | undefined;
  if (row.weekly_session_id != null && row.session_date != null) {
    duration = (await findOccurrence(db, row.weekly_session_id, row.session_date, ctx.config.timezone))?.durationMinutes;
  }
  // A private lesson (issue 37) lasts its own minutes, not its class's.
  if (row.weekly_session_id == null) duration = await lessonMinutes(db, row.id);
  duration ??= await classDuration(db, row.course);
  return whenOf(ctx, new Date(row.date_time), duration ?? null);
}

/** The calendar needs an end: a booking of unknown length counts an hour. */
export const calendarEnd = (w: BookingWhen) => w.endsAt ?? new Date(w.startsAt.getTime() + DEFAULT_DURATION_MINUTES * 60_000);

/** The manage page in the booking's language: PUBLIC_URL/booking/manage/{token}, PUBLIC_URL/ru/booking/manage/{token}. */
export const manageUrl = (ctx: AppContext, token: string, language?: Language) => `${languageBase(ctx.config.publicUrl, language)}/booking/manage/${token}`;

/** What a customer's e-mail about the booking says of it (the row must have an e-mail). */
export function customerFacts(
  r: Pick<ReservationRow, 'id' | 'name' | 'course' | 'calendar_sequence' | 'language'> & { email: string },
  when: BookingWhen,
  manage: string | null,
): BookingMailInput {
  return {
    to: r.email,
    name: r.name,
    reservationId: r.id,
    course: r.course,
    startsAt: when.startsAt,
    endsAt: calendarEnd(when),
    gymDate: when.gymDate,
    gymTime: when.gymTime,
    zoneLabel: when.zoneLabel,
    manageUrl: manage,
    sequence: r.calendar_sequence,
    language: r.language,
  };
}

/** What the gym's notice about the booking says of it (its end stays unknown when it is). */
export function staffFacts(r: ReservationRow, when: BookingWhen, message: string | null): BookingStaffNoticeInput {
  return {
    reservationId: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    course: r.course,
    startsAt: when.startsAt,
    endsAt: when.endsAt,
    gymDate: when.gymDate,
    gymTime: when.gymTime,
    zoneLabel: when.zoneLabel,
    message,
  };
}

/** The cancel rule a booking e-mail states: the booking's credit deadline (the cancel's: creditDeadlineOf) and whether a pass credit is at stake. */
export const cancelRuleOf = (row: Parameters<typeof creditDeadlineOf>[0], cancelHours: number, credit: boolean): { deadline: string; credit: boolean } => ({
  deadline: creditDeadlineOf(row, cancelHours).toISOString(),
  credit,
});
