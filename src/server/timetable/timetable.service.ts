import { addDays, instantToZoned, isIsoDate, isoWeekday, todayInZone, zoneLabel } from '../../shared/gym-time';
import {
  CLOSED_WEEKDAY,
  SESSIONS_DEFAULT_DAYS,
  type ClassCreatePayload,
  type ClassUpdatePayload,
  type ClosureCreatePayload,
  type SessionCancellationPayload,
  type SessionsQuery,
  type WeeklySessionCreatePayload,
  type WeeklySessionUpdatePayload,
} from '../../shared/schemas/timetable';
import type { AppContext } from '../context';
import { fromBool, isForeignKeyViolation, isUniqueViolation, nowIso, toBool, type Db } from '../db/database';
import type { ClassRow, ClosureRow } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import * as repo from './timetable.repository';
import { seatFreed } from '../lib/seat-freed';
import type { CancellationWithSession, WeeklySessionWithClass } from './timetable.repository';
import { inClosure, occurrenceId, occurrenceOf, occurrencesBetween, type Occurrence } from './occurrence-rule';

export const CLASS_NOT_FOUND = 'Cours introuvable';
export const WEEKLY_SESSION_NOT_FOUND = 'Créneau introuvable';
export const CANCELLATION_NOT_FOUND = "Ce créneau n'est pas annulé à cette date";
export const CLOSURE_NOT_FOUND = 'Fermeture introuvable';

/** GET /api/sessions: the coming sessions with their free places. */
export async function listSessions(ctx: AppContext, query: SessionsQuery, now: Date = new Date()) {
  const timeZone = ctx.config.timezone;
  const from = query.from ?? todayInZone(timeZone, now);
  const days = query.days ?? SESSIONS_DEFAULT_DAYS;
  const to = addDays(from, days - 1);
  const [sessions, cancellations, closures, taken] = await Promise.all([
    repo.listBookableWeeklySessions(ctx.db),
    repo.listCancellations(ctx.db, from, to),
    repo.listClosures(ctx.db, from, to),
    repo.seatsTakenBetween(ctx.db, from, to),
  ]);
  const cancelled = new Set(cancellations.map((c) => occurrenceId(c.weekly_session_id, c.session_date)));
  const occurrences = occurrencesBetween({ sessions, cancelled, closures, taken, from, days, timeZone, now });
  return { timezone: timeZone, zoneLabel: zoneLabel(timeZone, now), from, days, occurrences };
}

/** GET /api/classes: the active classes, each with its weekly times grouped by time. */
export async function listPublicClasses(ctx: AppContext, now: Date = new Date()) {
  const timeZone = ctx.config.timezone;
  return { timezone: timeZone, zoneLabel: zoneLabel(timeZone, now), classes: await readPublicClasses(ctx.db) };
}

async function readPublicClasses(db: Db) {
  const [classes, sessions] = await Promise.all([repo.listClasses(db), repo.listBookableWeeklySessions(db)]);
  return classes
    .filter((c) => toBool(c.active))
    .map((c) => {
      const byTime = new Map<string, number[]>();
      if (!toBool(c.by_appointment)) {
        for (const s of sessions) {
          if (s.class_id !== c.id || s.weekday === CLOSED_WEEKDAY) continue;
          byTime.set(s.start_time, [...(byTime.get(s.start_time) ?? []), s.weekday]);
        }
      }
      const schedule = [...byTime.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([time, weekdays]) => ({ time, weekdays: [...new Set(weekdays)].sort((a, b) => a - b) }));
      return { class: c, schedule };
    });
}

// ---- the booking flow's entry points (they run inside the booking's transaction) ----

export type FoundSession =
  { kind: 'appointment'; classId: number; course: string; durationMinutes: number } | ({ kind: 'session'; cancelled: boolean; closed: boolean } & Occurrence);

/**
 * What a booking for `course` at `instant` refers to: for a class by appointment ("Private
 * Training") the class itself, whatever the time; otherwise the occurrence of an active weekly
 * session of that class starting exactly at that instant in the gym's zone, with whether it is
 * cancelled or falls in a closure. Null when no active class has that name or no session of it
 * starts then (including Sundays).
 */
export async function findSessionAt(db: Db, course: string, instant: Date | string, timeZone: string): Promise<FoundSession | null> {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return null;
  const { date, time, weekday } = instantToZoned(at, timeZone);
  const found = await repo.findSlot(db, course, weekday, time, date);
  if (!found || !toBool(found.cls.active)) return null;
  const cls = found.cls;
  if (toBool(cls.by_appointment)) return { kind: 'appointment', classId: cls.id, course: cls.name, durationMinutes: cls.duration_minutes };
  const s = found.session;
  if (weekday === CLOSED_WEEKDAY || !s) return null;
  const o = occurrenceOf(s, date, s.taken, timeZone);
  // Seconds, or a wall time that a DST change made ambiguous, must still name the same start.
  if (o.startsAt.getTime() !== at.getTime()) return null;
  return { kind: 'session', ...o, cancelled: s.cancelled, closed: s.closed };
}

/**
 * The occurrence `date` of weekly session `weeklySessionId` (a SessionDto's id names both), with
 * whether it is on the timetable that day (`scheduled`: its weekday, not by appointment), and
 * whether it may be booked now: `bookable` is false when the session or its class is inactive,
 * the class is by appointment, or the date is not the session's weekday or is a Sunday. Null when
 * no weekly session has that id or the date is not a calendar date.
 */
export async function findOccurrence(
  db: Db,
  weeklySessionId: number,
  date: string,
  timeZone: string,
): Promise<(Occurrence & { scheduled: boolean; active: boolean; bookable: boolean; cancelled: boolean; closed: boolean }) | null> {
  if (!isIsoDate(date)) return null;
  const s = await repo.findWeeklySession(db, weeklySessionId);
  if (!s) return null;
  const weekday = isoWeekday(date);
  const scheduled = !toBool(s.by_appointment) && s.weekday === weekday;
  const active = toBool(s.active) && toBool(s.class_active);
  const bookable = active && scheduled && weekday !== CLOSED_WEEKDAY;
  const [cancelled, closures, taken] = await Promise.all([
    repo.isCancelled(db, s.id, date),
    repo.listClosures(db, date, date),
    repo.seatsTaken(db, s.id, date),
  ]);
  return { ...occurrenceOf(s, date, taken, timeZone), scheduled, active, bookable, cancelled, closed: inClosure(closures, date) };
}

/** The length of a class by name (a request by appointment has no session); undefined when no class has it. */
export async function classDuration(db: Db, course: string): Promise<number | undefined> {
  return (await repo.findClassByName(db, course))?.duration_minutes;
}

/** Takes a seat of the occurrence if one is left (see repository); call inside the booking's transaction. */
export const takeSeat = (trx: Db, weeklySessionId: number, date: string, capacity: number): Promise<boolean> =>
  repo.takeSeat(trx, weeklySessionId, date, capacity);

/** Waits for the bookings that took a seat of these occurrences to commit (the gym's changes read them next). */
export const lockSeats = (trx: Db, where: Parameters<typeof repo.lockSeats>[1]): Promise<void> => repo.lockSeats(trx, where);

/**
 * Whether an occurrence is called off (cancelled, or in a closure), read afresh: the booking
 * writer asks again once it holds its seat, because on PostgreSQL a gym cancel that committed
 * while the booking waited for that seat is only visible to a statement that starts after it.
 */
export async function occurrenceCalledOff(db: Db, weeklySessionId: number, date: string): Promise<boolean> {
  const [cancelled, closures] = await Promise.all([repo.isCancelled(db, weeklySessionId, date), repo.listClosures(db, date, date)]);
  return cancelled || inClosure(closures, date);
}

/** Gives a seat back (a cancelled booking), never below zero. */
export const releaseSeat = (trx: Db, weeklySessionId: number, date: string): Promise<boolean> => repo.releaseSeat(trx, weeklySessionId, date);

// ---- planning (back office) ----

// The timetable's public answers are not cached (GET /api/sessions changes with every booking
// and every minute); a planning write still drops the cached public pages, which may show it.
const dropPublic = (ctx: AppContext) => ctx.publicCache.invalidate('timetable');

export const listClasses = (ctx: AppContext) => repo.listClasses(ctx.db);

const CLASS_NAME_TAKEN = 'Un cours porte déjà ce nom';

export async function createClass(ctx: AppContext, input: ClassCreatePayload): Promise<ClassRow> {
  const now = nowIso();
  try {
    const row = await repo.insertClass(ctx.db, {
      name: input.name,
      description: input.description,
      description_translations: JSON.stringify(input.descriptionTranslations),
      level: input.level,
      duration_minutes: input.durationMinutes,
      by_appointment: fromBool(input.byAppointment),
      sort_order: input.sortOrder ?? (await repo.nextSortOrder(ctx.db)),
      active: fromBool(input.active),
      created_at: now,
      updated_at: now,
    });
    dropPublic(ctx);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CLASS_NAME_TAKEN);
    throw err;
  }
}

export async function updateClass(ctx: AppContext, id: number, input: ClassUpdatePayload): Promise<ClassRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findClass(trx, id);
    if (!current) throw notFound(CLASS_NOT_FOUND);
    if (input.byAppointment === true && !toBool(current.by_appointment)) {
      const sessions = (await repo.listWeeklySessions(trx)).filter((s) => s.class_id === id);
      if (sessions.length > 0) throw conflict('Ce cours a des créneaux hebdomadaires : supprimez-les avant de le passer sur rendez-vous');
    }
    try {
      const row = await repo.updateClass(trx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.descriptionTranslations !== undefined ? { description_translations: JSON.stringify(input.descriptionTranslations) } : {}),
        ...(input.level !== undefined ? { level: input.level } : {}),
        ...(input.durationMinutes !== undefined ? { duration_minutes: input.durationMinutes } : {}),
        ...(input.byAppointment !== undefined ? { by_appointment: fromBool(input.byAppointment) } : {}),
        ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
        ...(input.active !== undefined ? { active: fromBool(input.active) } : {}),
        updated_at: nowIso(),
      });
      if (!row) throw notFound(CLASS_NOT_FOUND);
      dropPublic(ctx);
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(CLASS_NAME_TAKEN);
      throw err;
    }
  });
}

export const listWeeklySessions = (ctx: AppContext) => repo.listWeeklySessions(ctx.db);

const SLOT_TAKEN = 'Ce cours a déjà un créneau ce jour-là à cette heure';

export async function createWeeklySession(ctx: AppContext, input: WeeklySessionCreatePayload): Promise<WeeklySessionWithClass> {
  const cls = await repo.findClass(ctx.db, input.classId);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  if (toBool(cls.by_appointment)) throw conflict("Ce cours est sur rendez-vous : il n'a pas de créneaux hebdomadaires");
  const now = nowIso();
  try {
    const row = await repo.insertWeeklySession(ctx.db, {
      class_id: input.classId,
      weekday: input.weekday,
      start_time: input.startTime,
      capacity: input.capacity,
      coach: input.coach,
      active: fromBool(input.active),
      created_at: now,
      updated_at: now,
    });
    dropPublic(ctx);
    return (await repo.findWeeklySession(ctx.db, row.id))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SLOT_TAKEN);
    if (isForeignKeyViolation(err)) throw notFound(CLASS_NOT_FOUND);
    throw err;
  }
}

/**
 * What becomes of the bookings a planning change touches, in the change's own transaction: the
 * reservations domain does it (reservations/gym-changes.service.ts) and answers how many it
 * changed. The timetable never reads bookings' rules itself.
 */
export type BookingsAlongside<A extends unknown[] = []> = (trx: Db, ...args: A) => Promise<number>;

const noBookings = () => Promise.resolve(0);

/**
 * Capacity may go below the seats already taken (nobody is turned away after the fact; the
 * session shows 0 places left). Moving a session to another day or time while it has bookings
 * to come needs the request to say what becomes of them (`bookings`: move or cancel); without it
 * the answer is 409 session_has_bookings with their number. `alongside` moves or cancels them
 * once the session has its new day and time.
 */
export async function updateWeeklySession(
  ctx: AppContext,
  id: number,
  input: WeeklySessionUpdatePayload,
  alongside: BookingsAlongside<[before: WeeklySessionWithClass, after: WeeklySessionWithClass]> = noBookings,
): Promise<WeeklySessionWithClass & { bookingsChanged: number }> {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findWeeklySession(trx, id);
    if (!current) throw notFound(WEEKLY_SESSION_NOT_FOUND);
    const moves =
      (input.weekday !== undefined && input.weekday !== current.weekday) || (input.startTime !== undefined && input.startTime !== current.start_time);
    const upcoming = moves ? await repo.countUpcomingBookings(trx, id, nowIso()) : 0;
    if (upcoming > 0 && input.bookings === undefined) {
      throw new HttpError(409, `Ce créneau a ${upcoming} réservation(s) à venir : dites si elles suivent le créneau ou sont annulées`, 'session_has_bookings', {
        bookings: upcoming,
      });
    }
    try {
      await repo.updateWeeklySession(trx, id, {
        ...(input.weekday !== undefined ? { weekday: input.weekday } : {}),
        ...(input.startTime !== undefined ? { start_time: input.startTime } : {}),
        ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
        ...(input.coach !== undefined ? { coach: input.coach } : {}),
        ...(input.active !== undefined ? { active: fromBool(input.active) } : {}),
        updated_at: nowIso(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(SLOT_TAKEN);
      throw err;
    }
    const after = (await repo.findWeeklySession(trx, id))!;
    const bookingsChanged = upcoming > 0 ? await alongside(trx, current, after) : 0;
    dropPublic(ctx);
    return { ...after, bookingsChanged };
  });
  // A higher capacity frees seats for the waiting list.
  if (input.capacity !== undefined) seatFreed(ctx);
  return updated;
}

/** Deleted with its cancellations and seat counters; refused once any booking refers to it. */
export async function deleteWeeklySession(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findWeeklySession(trx, id))) throw notFound(WEEKLY_SESSION_NOT_FOUND);
    if ((await repo.countBookingsOfSession(trx, id)) > 0) {
      throw conflict('Ce créneau a des réservations : désactivez-le plutôt que de le supprimer');
    }
    await repo.deleteWeeklySession(trx, id);
  });
  dropPublic(ctx);
}

export const listCancellations = (ctx: AppContext, from?: string): Promise<CancellationWithSession[]> =>
  repo.listCancellations(ctx.db, from ?? todayInZone(ctx.config.timezone));

/** An occurrence staff may cancel (or look at before): its weekly session meets that date. */
export async function occurrenceToCancel(db: Db, weeklySessionId: number, date: string): Promise<WeeklySessionWithClass> {
  const s = await repo.findWeeklySession(db, weeklySessionId);
  if (!s) throw notFound(WEEKLY_SESSION_NOT_FOUND);
  if (isoWeekday(date) !== s.weekday) throw badRequest(`Ce créneau n'a pas lieu le ${date} (autre jour de la semaine)`);
  return s;
}

/** One occurrence off; `alongside` cancels its bookings in the same transaction (their number is in the answer). */
export async function cancelOccurrence(
  ctx: AppContext,
  weeklySessionId: number,
  input: SessionCancellationPayload,
  alongside: BookingsAlongside = noBookings,
): Promise<CancellationWithSession & { bookingsCancelled: number }> {
  await occurrenceToCancel(ctx.db, weeklySessionId, input.date);
  if (input.date < todayInZone(ctx.config.timezone)) throw badRequest('Cette date est passée');
  try {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertCancellation(trx, {
        weekly_session_id: weeklySessionId,
        session_date: input.date,
        reason: input.reason,
        created_at: nowIso(),
      });
      return { ...row, bookingsCancelled: await alongside(trx) };
    });
    dropPublic(ctx);
    return done;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Ce créneau est déjà annulé à cette date');
    throw err;
  }
}

export async function restoreOccurrence(ctx: AppContext, weeklySessionId: number, date: string): Promise<void> {
  if (!(await repo.findWeeklySession(ctx.db, weeklySessionId))) throw notFound(WEEKLY_SESSION_NOT_FOUND);
  if (!(await repo.deleteCancellation(ctx.db, weeklySessionId, date))) throw notFound(CANCELLATION_NOT_FOUND);
  dropPublic(ctx);
}

export const listClosures = (ctx: AppContext, from?: string): Promise<ClosureRow[]> => repo.listClosures(ctx.db, from ?? todayInZone(ctx.config.timezone));

/** The gym closes for a range; `alongside` cancels the bookings in it in the same transaction. */
export async function createClosure(
  ctx: AppContext,
  input: ClosureCreatePayload,
  alongside: BookingsAlongside = noBookings,
): Promise<ClosureRow & { bookingsCancelled: number }> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertClosure(trx, { start_date: input.startDate, end_date: input.endDate, reason: input.reason, created_at: nowIso() });
    return { ...row, bookingsCancelled: await alongside(trx) };
  });
  dropPublic(ctx);
  return done;
}

/** Beyond any capacity the schema allows (1000): the seat is taken whatever the count. */
const ANY_CAPACITY = 1_000_000;

/** Takes a seat whatever the capacity: a booking the gym moves keeps its place. */
export const takeSeatAnyway = (trx: Db, weeklySessionId: number, date: string): Promise<boolean> => repo.takeSeat(trx, weeklySessionId, date, ANY_CAPACITY);

export async function deleteClosure(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteClosure(ctx.db, id))) throw notFound(CLOSURE_NOT_FOUND);
  dropPublic(ctx);
}
