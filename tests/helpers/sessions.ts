import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../src/shared/gym-time';

// Real timetable sessions to book in tests: POST /api/reservations refuses a course and time
// that no session has (except Private Training, a request by appointment at any future time).
// The seeded timetable (migration 004, SPEC.md §9): each class below, Monday to Saturday.

export const GYM_TIME_ZONE = 'Asia/Bangkok';

export const SEEDED_TIMES: Record<string, readonly string[]> = {
  'Muay Thai Beginner': ['08:00'],
  'Brazilian Jiu Jitsu': ['09:00'],
  Wrestling: ['10:00'],
  'Muay Thai All Levels': ['14:00', '15:00'],
  'Luta Livre': ['16:00'],
  'MMA Training': ['17:00'],
};

export interface SessionPick {
  /** The first gym date looked at is today + daysAhead (default 2: never a session that started). */
  daysAhead?: number;
  /** Skip this many matching days first (0: the first one). */
  nth?: number;
  /** Only this ISO weekday (1 Monday … 6 Saturday). */
  weekday?: number;
  /** One of the class's seeded times; its first by default. */
  time?: string;
  timeZone?: string;
}

/** The gym date and start instant of a coming seeded session of `course`. */
export function nextSession(course: string, pick: SessionPick = {}): { date: string; time: string; startsAt: string } {
  const times = SEEDED_TIMES[course];
  if (!times) throw new Error(`no seeded session for ${course}`);
  const time = pick.time ?? times[0];
  if (!times.includes(time)) throw new Error(`${course} has no session at ${time}`);
  const tz = pick.timeZone ?? GYM_TIME_ZONE;
  let date = addDays(todayInZone(tz), pick.daysAhead ?? 2);
  let skip = pick.nth ?? 0;
  for (;;) {
    const wd = isoWeekday(date);
    if (wd !== 7 && (pick.weekday === undefined || wd === pick.weekday)) {
      if (skip === 0) return { date, time, startsAt: zonedToInstant(date, time, tz).toISOString() };
      skip -= 1;
    }
    date = addDays(date, 1);
  }
}

/** The start instant (ISO 8601, UTC) of a coming seeded session of `course`: a booking's dateTime. */
export const nextSessionInstant = (course: string, pick: SessionPick = {}): string => nextSession(course, pick).startsAt;
