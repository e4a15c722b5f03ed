// Gym time: every class time is a wall-clock time in the gym's zone (GYM_TIMEZONE). These pure
// functions convert between such times and instants with Intl only, so the server and the
// browser give the same answers. Dates are 'YYYY-MM-DD', times 'HH:MM', weekdays ISO (Monday 1).

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface GymDateTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' (24 h) */
  time: string;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

// Formatters are costly to build (a fraction of a millisecond each): every Intl.DateTimeFormat
// of the code comes from here, one per locale and options, kept for the life of the process.
const formatCache = new Map<string, Intl.DateTimeFormat>();

/** The Intl.DateTimeFormat for a locale and options, built once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = formatCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatCache.set(key, f);
  }
  return f;
}

const formatterFor = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Intl's formatToParts is the slow part of every conversion, and the same few session starts
// come back again and again (a booking converts its instant half a dozen times): remembered,
// a bounded number at a time.
const WALL_CACHE_MAX = 4096;
const wallCache = new Map<string, WallParts>();

function wallParts(instant: number, timeZone: string): WallParts {
  // Only whole minutes (session starts and ends): "now" is never the same twice and would only
  // push the useful entries out.
  const cacheable = instant % 60_000 === 0;
  const key = `${timeZone} ${instant}`;
  const hit = cacheable ? wallCache.get(key) : undefined;
  if (hit) return hit;
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const w = Object.freeze({ year: n('year'), month: n('month'), day: n('day'), hour: n('hour') % 24, minute: n('minute'), second: n('second') });
  if (!cacheable) return w;
  if (wallCache.size >= WALL_CACHE_MAX) wallCache.clear();
  wallCache.set(key, w);
  return w;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether the zone is one this runtime knows (a bad GYM_TIMEZONE should stop the start). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Whether the text is a real calendar date written 'YYYY-MM-DD' (2025-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && y >= 1000;
}

/** Whether the text is a 24-hour time 'HH:MM'. */
export const isWallTime = (text: string): boolean => TIME_RE.test(text);

/** Milliseconds the zone's wall clock is ahead of UTC at this instant (Bangkok: +7 h). */
export function zoneOffsetMs(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const w = wallParts(t, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time in the zone denotes. Across DST: a time that happens
 * twice (autumn, clocks back) is its first occurrence; a time that does not exist (spring,
 * clocks forward) is read with the offset before the change, i.e. moved forward by the gap
 * (02:30 on the spring-forward night in Berlin is 03:30 CEST), as Temporal's 'compatible' does.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const tm = TIME_RE.exec(time);
  if (!tm) throw new RangeError(`Invalid time: ${time}`);
  const [y, mo, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, Number(tm[1]), Number(tm[2]));
  // The offsets in force a day either side bound every candidate (no zone changes twice a day).
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((off) => wall - off)
    .filter((t) => zoneOffsetMs(t, timeZone) === wall - t)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return new Date(candidates[0]);
  // In a gap: the earlier offset (the one before the change) pushes the time past the gap.
  return new Date(wall - before);
}

/** The gym date, time and ISO weekday of an instant in the zone. */
export function instantToZoned(instant: Date | number | string, timeZone: string): GymDateTime {
  const t = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  const w = wallParts(t, timeZone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return { date, time: `${pad(w.hour)}:${pad(w.minute)}`, weekday: isoWeekday(date) };
}

/** Today's date in the zone. */
// Zone offsets are whole minutes, so the date can only change on a whole minute: the minute's
// start gives the same date and is remembered (every booking asks for today).
export const todayInZone = (timeZone: string, now: Date = new Date()): string => instantToZoned(Math.floor(now.getTime() / 60_000) * 60_000, timeZone).date;

/** 'YYYY-MM-DD' plus n calendar days (n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return js === 0 ? 7 : js;
}

/** A wall time plus minutes, for end times shown next to start times ('HH:MM', wraps at midnight). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

// Zones whose last id part is not the town visitors know.
const ZONE_CITIES: Record<string, string> = {
  'Asia/Bangkok': 'Krabi',
  'Asia/Ho_Chi_Minh': 'Ho Chi Minh City',
  'Asia/Kolkata': 'India',
  'Etc/UTC': 'UTC',
  UTC: 'UTC',
};

/** 'UTC+7', 'UTC+5:30', 'UTC-4', 'UTC' for an offset in milliseconds. */
export function formatUtcOffset(offsetMs: number): string {
  if (offsetMs === 0) return 'UTC';
  const sign = offsetMs > 0 ? '+' : '-';
  const total = Math.round(Math.abs(offsetMs) / 60_000);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `UTC${sign}${h}${m ? `:${pad(m)}` : ''}`;
}

/** The town a zone is named after on pages: a small map, else the id's last part ('New York'). */
export function zoneCity(timeZone: string): string {
  return ZONE_CITIES[timeZone] ?? (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * How pages and e-mails name the gym's zone: "Krabi time (UTC+7)". The offset is the one in
 * force at the given instant (Berlin shows UTC+1 in winter, UTC+2 in summer).
 */
export function zoneLabel(timeZone: string, at: Date | number = Date.now()): string {
  const city = zoneCity(timeZone);
  const offset = formatUtcOffset(zoneOffsetMs(at, timeZone));
  return city === 'UTC' ? 'UTC' : `${city} time (${offset})`;
}

/**
 * A wall time 'HH:MM' as the public site writes it: '8:00 AM' on English pages (SPEC.md §9's
 * wording, whatever the runtime's English data), the locale's own short time elsewhere
 * (Intl, 'ru' → '8:00'). Pages and e-mails both write times through this.
 */
export function clockTime(time: string, locale?: string): string {
  const [h, m] = time.split(':').map(Number);
  if (locale) return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1, h, m)));
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${pad(m)} ${suffix}`;
}

/**
 * An instant's date in gym time, written out: in the locale ('вторник, 24 ноября 2026 г.'), or
 * without one the English e-mails' "Tuesday, 24 November 2026" (assembled from its parts, so a
 * runtime's English data cannot move the comma).
 */
export function longGymDate(instant: Date, timeZone: string, locale?: string): string {
  const f = dateTimeFormat(locale ?? 'en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  if (locale) return f.format(instant);
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return `${p.weekday}, ${Number(p.day)} ${p.month} ${p.year}`;
}
