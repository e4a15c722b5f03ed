import { addDays, isoWeekday, zonedToInstant } from '../../shared/gym-time';
import { CLOSED_WEEKDAY } from '../../shared/schemas/timetable';
import { toBool } from '../db/database';
import type { ClassRow, ClosureRow } from '../db/schema';
import type { WeeklySessionWithClass } from './timetable.repository';

// The timetable's occurrence rule: on which gym dates a weekly session meets, and whether an
// occurrence is held (not on Sunday, not on a closed day, not called off). Pure: the callers read
// the rows. The public timetable, the booking checks and the front desk all follow it.

/** One occurrence of a weekly session on a gym date. */
export interface Occurrence {
  weeklySessionId: number;
  classId: number;
  course: string;
  level: ClassRow['level'];
  coach: string | null;
  /** Gym date and wall time. */
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  capacity: number;
  taken: number;
}

export const occurrenceId = (weeklySessionId: number, date: string) => `${weeklySessionId}:${date}`;
export const spotsLeft = (o: Pick<Occurrence, 'capacity' | 'taken'>) => Math.max(0, o.capacity - o.taken);

export function occurrenceOf(s: WeeklySessionWithClass, date: string, taken: number, timeZone: string): Occurrence {
  const startsAt = zonedToInstant(date, s.start_time, timeZone);
  return {
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
    taken,
  };
}

export const inClosure = (closures: ClosureRow[], date: string) => closures.some((c) => c.start_date <= date && date <= c.end_date);

/** The timetable's rule for a gym date: closed on Sunday and on every date a closure covers. */
const isClosedDay = (date: string, closures: ClosureRow[]): boolean => isoWeekday(date) === CLOSED_WEEKDAY || inClosure(closures, date);

/** An occurrence as planned, with whether it is called off (a cancellation, or the day is closed). */
type PlannedOccurrence = Occurrence & { cancelled: boolean; session: WeeklySessionWithClass };

/**
 * The occurrence rule: every date from `from` for `days` days on which each weekly session meets
 * (its weekday; classes by appointment have none), in start order, each with its seats taken and
 * whether it is called off (a cancellation of that date, or a closed day). Pure: the caller
 * reads the rows. The public timetable, the booking checks and the desk all follow it.
 */
export function plannedOccurrences(input: {
  sessions: WeeklySessionWithClass[];
  cancelled: Set<string>;
  closures: ClosureRow[];
  taken: Map<string, number>;
  from: string;
  days: number;
  timeZone: string;
}): { date: string; closed: boolean; occurrences: PlannedOccurrence[] }[] {
  const scheduled = input.sessions.filter((s) => !toBool(s.by_appointment));
  const out = [];
  for (let i = 0; i < input.days; i += 1) {
    const date = addDays(input.from, i);
    const weekday = isoWeekday(date);
    const closed = isClosedDay(date, input.closures);
    const occurrences: PlannedOccurrence[] = [];
    for (const s of scheduled) {
      if (s.weekday !== weekday) continue;
      const key = occurrenceId(s.id, date);
      occurrences.push({ ...occurrenceOf(s, date, input.taken.get(key) ?? 0, input.timeZone), cancelled: closed || input.cancelled.has(key), session: s });
    }
    // Same day: by start instant, then the catalogue's order (the sessions came sorted so).
    occurrences.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());
    out.push({ date, closed, occurrences });
  }
  return out;
}

/**
 * The occurrences of the given weekly sessions from `from` for `days` days, in start order:
 * never on Sunday, a closed date or a cancelled occurrence, never one that already started.
 * Pure: the caller reads the rows.
 */
export function occurrencesBetween(input: Parameters<typeof plannedOccurrences>[0] & { now: Date }): Occurrence[] {
  const out: Occurrence[] = [];
  for (const day of plannedOccurrences(input)) {
    for (const { cancelled, session: _session, ...o } of day.occurrences) {
      if (!cancelled && o.startsAt.getTime() > input.now.getTime()) out.push(o);
    }
  }
  return out;
}
