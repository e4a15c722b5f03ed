import { queryOptions } from '@tanstack/react-query';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../../shared/i18n/languages';
import type { ClassesAnswer, PublicClassDto, SessionDto, SessionsAnswer } from '../../shared/schemas/timetable';
import { clockTime, dateTimeFormat } from '../../shared/gym-time';
import { apiGet, type GetJson } from './api-client';

// The timetable as the public pages show it: the class catalogue (GET /api/classes, the booking
// page's cards and the landing page's schedule) and the coming sessions with their free places
// (GET /api/sessions). Both are server-rendered and handed over to the browser (entry-server.tsx).
// Every date and time here is gym time (GYM_TIMEZONE) as the server wrote it: nothing is
// converted with the browser's zone.

export type { PublicClassDto, SessionDto };

/** How many days of sessions the booking page lists. */
export const SESSION_DAYS = 14;

/** The catalogue with the descriptions in the page's language (English where the owner wrote none). */
export const classesQuery = (language: Language, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['classes', language],
    queryFn: () => get<ClassesAnswer>(language === 'en' ? '/api/classes' : `/api/classes?language=${language}`),
  });

/** The coming sessions from today (the server's today in the gym's zone). */
export const sessionsQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['sessions', SESSION_DAYS],
    queryFn: () => get<SessionsAnswer>(`/api/sessions?days=${SESSION_DAYS}`),
  });

/**
 * The page's language for the timetable's words (issue 15): absent on English pages, which
 * keep SPEC.md's wording ("8:00 AM", "8 spots left") exactly.
 */
export interface Wording {
  /** Intl locale of the page. */
  locale: string;
  t: Translate;
}

/** A cached formatter of calendar days already in gym time: formatted as UTC days (no zone can move them). */
const intl = (locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => dateTimeFormat(locale, { ...opts, timeZone: 'UTC' });
/** A UTC date on an ISO weekday (1 = Monday), for naming it. */
const weekdayDate = (iso: number) => new Date(Date.UTC(2024, 0, iso)); // 2024-01-01 is a Monday

const WEEKDAY_SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** '08:00' → '8:00 AM', '14:00' → '2:00 PM' (SPEC.md §9 writes times this way); the page's locale elsewhere. E-mails write times the same way. */
export const clockText = (time: string, w?: Wording): string => clockTime(time, w?.locale);

/**
 * "Daily" only for all seven days (a gym closed on Sundays does not train daily, issue 46); three
 * days or more in a row as a range ("Mon–Sat"), other days one by one ("Mon, Wed, Fri").
 */
function weekdaysText(days: number[], w?: Wording): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  if (set.length === 7) return w ? w.t('timetable.daily') : 'Daily';
  const name = (d: number) => (w ? intl(w.locale, { weekday: 'short' }).format(weekdayDate(d)) : (WEEKDAY_SHORT[d] ?? ''));
  const runs: number[][] = [];
  for (const d of set) {
    const run = runs.at(-1);
    if (run && run[run.length - 1] === d - 1) run.push(d);
    else runs.push([d]);
  }
  return runs.flatMap((r) => (r.length >= 3 ? [`${name(r[0])}–${name(r[r.length - 1])}`] : r.map(name))).join(', ');
}

/**
 * A class's weekly times in words: "Mon–Sat 8:00 AM", "Daily 2:00 PM & 3:00 PM" (all week),
 * "Mon, Wed, Fri 6:00 PM", "By appointment".
 */
export function scheduleText(c: Pick<PublicClassDto, 'byAppointment' | 'schedule'>, w?: Wording): string {
  if (c.byAppointment || c.schedule.length === 0) return w ? w.t('timetable.byAppointment') : 'By appointment';
  const groups = new Map<string, string[]>();
  for (const s of c.schedule) {
    const key = weekdaysText(s.weekdays, w);
    groups.set(key, [...(groups.get(key) ?? []), clockText(s.time, w)]);
  }
  return [...groups.entries()].map(([days, times]) => `${days} ${times.join(' & ')}`).join('; ');
}

export const durationText = (minutes: number, w?: Wording) => (w ? w.t('timetable.minutes', { n: minutes }) : `${minutes} minutes`);

/** "8 spots left", "1 spot left", "Full". */
export const spotsText = (s: Pick<SessionDto, 'full' | 'spotsLeft'>, w?: Wording) => {
  if (w) return s.full || s.spotsLeft <= 0 ? w.t('timetable.full') : w.t('timetable.spots', { n: s.spotsLeft });
  return s.full || s.spotsLeft <= 0 ? 'Full' : `${s.spotsLeft} ${s.spotsLeft === 1 ? 'spot' : 'spots'} left`;
};

/**
 * A gym date 'YYYY-MM-DD' in words. The date is a calendar day already in gym time, so it is
 * formatted as a UTC day (no zone can move it).
 */
export function dayText(date: string, style: 'short' | 'long' = 'short', w?: Wording): string {
  if (w) {
    const [y, m, d] = date.split('-').map(Number);
    const opts: Intl.DateTimeFormatOptions =
      style === 'short' ? { weekday: 'short', month: 'short', day: 'numeric' } : { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
    return intl(w.locale, opts).format(new Date(Date.UTC(y, m - 1, d)));
  }
  const f = intl(
    'en-US',
    style === 'short' ? { weekday: 'short', month: 'short', day: 'numeric' } : { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  );
  const [y, m, d] = date.split('-').map(Number);
  return f.format(new Date(Date.UTC(y, m - 1, d)));
}

/** A gym date's parts for a calendar cell: 'Mon', 3, 'Mar'. */
export function dayParts(date: string, w?: Wording): { weekday: string; day: number; month: string } {
  const [y, m, d] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (w) return { weekday: intl(w.locale, { weekday: 'short' }).format(utc), day: d, month: intl(w.locale, { month: 'short' }).format(utc) };
  return { weekday: WEEKDAY_SHORT[utc.getUTCDay() === 0 ? 7 : utc.getUTCDay()], day: d, month: intl('en-US', { month: 'short' }).format(utc) };
}

/** Sessions grouped by gym date, in order. */
export function sessionsByDay(sessions: SessionDto[]): { date: string; sessions: SessionDto[] }[] {
  const days = new Map<string, SessionDto[]>();
  for (const s of [...sessions].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  return [...days.entries()].map(([date, list]) => ({ date, sessions: list }));
}

/** The value of the booking form's datetime-local field for a session (gym time). */
export const sessionFieldValue = (s: Pick<SessionDto, 'date' | 'time'>) => `${s.date}T${s.time}`;
