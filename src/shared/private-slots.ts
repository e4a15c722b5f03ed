import { addDays, instantToZoned, isoWeekday, zonedToInstant } from './gym-time';

// The free slots of private lessons (issue 37 point 3), a pure function: the server answers
// GET /api/private-lessons/slots with it and checks a booking's time against it. Everything the
// owner and the trainers write is gym time (GYM_TIMEZONE); lessons already booked are instants.
// A slot lies inside the trainer's windows (or an exception's extra hours), never overlaps an
// exception off, a group class the trainer coaches, a gym closure, or another lesson, each with
// the buffer around it, and never starts inside the notice.

export interface SlotTrainer {
  id: number;
  /** On leave: no slot at all (their lessons stay). */
  onLeave: boolean;
  /** Weekly windows: ISO weekday (1 Monday … 7 Sunday), 'HH:MM' to 'HH:MM'. */
  windows: { weekday: number; from: string; to: string }[];
  /** Dated: off (the whole day, or from–to), or extra hours from–to. */
  exceptions: { date: string; from: string | null; to: string | null; off: boolean }[];
  /** The group classes the trainer coaches, weekly; cancelled: the dates a class does not take place. */
  classes: { weekday: number; start: string; minutes: number; cancelled?: ReadonlySet<string> }[];
}

export interface SlotRules {
  /** First gym date and how many days. */
  from: string;
  days: number;
  /** The lesson's length. */
  minutes: number;
  bufferMinutes: number;
  noticeHours: number;
  /** Minutes between two starts (wall clock, from midnight). */
  stepMinutes: number;
  now: Date;
  timeZone: string;
  /** Gym dates the gym is closed. */
  closedDates?: ReadonlySet<string>;
}

export interface BusyLesson {
  trainerId: number;
  startsAt: string;
  endsAt: string;
}

export interface Slot {
  trainerId: number;
  startsAt: string;
  endsAt: string;
  date: string;
  time: string;
}

const MINUTE = 60_000;
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

type Span = [number, number];

/** Spans minus a span (all in minutes of one day, half open). */
function subtract(spans: Span[], [a, b]: Span): Span[] {
  const out: Span[] = [];
  for (const [s, e] of spans) {
    if (b <= s || a >= e) out.push([s, e]);
    else {
      if (s < a) out.push([s, a]);
      if (b < e) out.push([b, e]);
    }
  }
  return out;
}

/** The trainer's open spans of a gym date (minutes from midnight), before classes and lessons. */
export function openSpans(trainer: SlotTrainer, date: string): Span[] {
  const weekday = isoWeekday(date);
  let spans: Span[] = trainer.windows.filter((w) => w.weekday === weekday).map((w) => [toMinutes(w.from), toMinutes(w.to)]);
  const today = trainer.exceptions.filter((e) => e.date === date);
  for (const e of today) if (!e.off && e.from && e.to) spans.push([toMinutes(e.from), toMinutes(e.to)]);
  for (const e of today) {
    if (!e.off) continue;
    if (!e.from || !e.to) return [];
    spans = subtract(spans, [toMinutes(e.from), toMinutes(e.to)]);
  }
  return spans;
}

/** Every free slot of the trainers over the days asked, sorted by start then trainer. */
export function computeSlots(trainers: SlotTrainer[], busy: BusyLesson[], rules: SlotRules): Slot[] {
  const earliest = rules.now.getTime() + rules.noticeHours * 60 * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const length = rules.minutes * MINUTE;
  const out: Slot[] = [];
  for (const t of trainers) {
    if (t.onLeave) continue;
    // Instants the trainer is taken, each widened by the buffer either side.
    const taken: Span[] = busy.filter((b) => b.trainerId === t.id).map((b) => [Date.parse(b.startsAt) - buffer, Date.parse(b.endsAt) + buffer]);
    for (let i = 0; i < rules.days; i++) {
      const date = addDays(rules.from, i);
      if (rules.closedDates?.has(date)) continue;
      const weekday = isoWeekday(date);
      const dayTaken = [...taken];
      for (const c of t.classes) {
        if (c.weekday !== weekday || c.cancelled?.has(date)) continue;
        const start = zonedToInstant(date, c.start, rules.timeZone).getTime();
        dayTaken.push([start - buffer, start + c.minutes * MINUTE + buffer]);
      }
      for (const [from, to] of openSpans(t, date)) {
        // Starts on the step's grid of the wall clock, the lesson inside the span.
        for (let m = Math.ceil(from / rules.stepMinutes) * rules.stepMinutes; m + rules.minutes <= to; m += rules.stepMinutes) {
          const start = zonedToInstant(date, toTime(m), rules.timeZone).getTime();
          const end = start + length;
          if (start < earliest) continue;
          if (dayTaken.some(([a, b]) => start < b && end > a)) continue;
          const wall = instantToZoned(start, rules.timeZone);
          // A wall time the zone skips (spring forward) is not offered.
          if (wall.date !== date || wall.time !== toTime(m)) continue;
          out.push({ trainerId: t.id, startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString(), date, time: wall.time });
        }
      }
    }
  }
  return out.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.trainerId - b.trainerId));
}

/**
 * A slot's time in the visitor's zone, when it differs from the gym's: '14:00' (or 'Tue 14:00'
 * when the day differs), null when the visitor's wall clock reads the same.
 */
export function visitorTime(startsAt: string, gymZone: string, visitorZone: string): { date: string; time: string } | null {
  const gym = instantToZoned(startsAt, gymZone);
  const mine = instantToZoned(startsAt, visitorZone);
  return gym.date === mine.date && gym.time === mine.time ? null : { date: mine.date, time: mine.time };
}
