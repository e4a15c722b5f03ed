import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { PublicTrainerDto, SlotDto, TrainerAvailabilityDto, TrainerDto } from '../../shared/api-types/trainers';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import { computeSlots, type BusyLesson, type SlotTrainer } from '../../shared/private-slots';
import type { AvailabilityInput, SlotsQuery, TrainerBio, TrainerCreateInput, TrainerPatchInput } from '../../shared/schemas/trainers';
import type { AppContext } from '../context';
import { nowIso, toBool, type Db } from '../db/database';
import type { TrainersTable } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import * as repo from './trainers.repository';

// Trainers (issue 37 points 1-3): the public cards, the admin's trainers and their availability,
// and the free slots of private lessons (src/shared/private-slots.ts computes them).

type TrainerRow = NonNullable<Awaited<ReturnType<typeof repo.findTrainer>>>;
type WindowRow = Awaited<ReturnType<typeof repo.listWindows>>[number];
type ExceptionRow = Awaited<ReturnType<typeof repo.listExceptions>>[number];

export const TRAINER_NOT_FOUND = 'Entraîneur introuvable';
const STALE_TRAINER =
  "Cet entraîneur a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez pour voir sa dernière version (vos modifications non enregistrées seront perdues).";

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A coach as the timetable names them, compared without case or surrounding spaces. */
export const coachKey = (name: string) => name.trim().toLowerCase();

export const calendarFeedUrl = (ctx: AppContext, secret: string | null) => (secret ? `${ctx.config.publicUrl}/calendar/trainer/${secret}.ics` : null);

function presentPublic(row: TrainerRow, language: Language): PublicTrainerDto {
  const bio = parseJson<TrainerBio>(row.bio, {});
  return {
    id: row.id,
    name: row.name,
    photoUrl: row.photo_url,
    disciplines: parseJson<string[]>(row.disciplines, []),
    languages: parseJson<string[]>(row.languages, []),
    bio: bio[language] || bio.en || '',
  };
}

const presentAvailability = (windows: WindowRow[], exceptions: ExceptionRow[]): TrainerAvailabilityDto => ({
  windows: windows.map((w) => ({ weekday: w.weekday, from: w.from_time, to: w.to_time })),
  exceptions: exceptions.map((e) => ({ date: e.date, from: e.from_time, to: e.to_time, off: toBool(e.off) })),
});

function present(ctx: AppContext, row: TrainerRow, windows: WindowRow[], exceptions: ExceptionRow[]): TrainerDto {
  return {
    id: row.id,
    name: row.name,
    photoUrl: row.photo_url,
    disciplines: parseJson<string[]>(row.disciplines, []),
    languages: parseJson<string[]>(row.languages, []),
    bio: parseJson<TrainerBio>(row.bio, {}),
    userId: row.user_id,
    onLeave: toBool(row.on_leave),
    active: toBool(row.active),
    share: { mode: row.share_mode, value: row.share_value },
    position: row.position,
    calendarFeedUrl: calendarFeedUrl(ctx, row.calendar_secret),
    availability: presentAvailability(
      windows.filter((w) => w.trainer_id === row.id),
      exceptions.filter((e) => e.trainer_id === row.id),
    ),
    version: row.version,
  };
}

/** GET /api/trainers: the active trainers, the bio in the language asked (English where none). */
export async function listPublicTrainers(ctx: AppContext, language: Language = 'en'): Promise<PublicTrainerDto[]> {
  const key = `trainers:public:${language}`;
  const cached = ctx.publicCache.get<PublicTrainerDto[]>(key);
  if (cached) return cached;
  const rows = await repo.listTrainers(ctx.db, { activeOnly: true });
  const out = rows.map((r) => presentPublic(r, language));
  ctx.publicCache.set(key, out);
  return out;
}

export async function listTrainers(ctx: AppContext): Promise<TrainerDto[]> {
  const rows = await repo.listTrainers(ctx.db);
  const ids = rows.map((r) => r.id);
  const [windows, exceptions] = await Promise.all([repo.listWindows(ctx.db, ids), repo.listExceptions(ctx.db, ids, upcoming(ctx))]);
  return rows.map((r) => present(ctx, r, windows, exceptions));
}

/** Exceptions from a month back on: older ones only fill the screen. */
const upcoming = (ctx: AppContext) => {
  const today = todayInZone(ctx.config.timezone);
  return { from: addDays(today, -31), to: '9999-12-31' };
};

async function presentOne(ctx: AppContext, db: Db, id: number): Promise<TrainerDto> {
  const row = await repo.findTrainer(db, id);
  if (!row) throw notFound(TRAINER_NOT_FOUND);
  const [windows, exceptions] = await Promise.all([repo.listWindows(db, [id]), repo.listExceptions(db, [id], upcoming(ctx))]);
  return present(ctx, row, windows, exceptions);
}

/** GET /api/trainers/{id}: staff and admins see any trainer; a trainer only themself. */
export async function getTrainer(ctx: AppContext, id: number, viewer: { id: number; role: string }): Promise<TrainerDto> {
  if (viewer.role === 'trainer') {
    const own = await repo.findTrainerByUser(ctx.db, viewer.id);
    if (!own || own.id !== id) throw forbidden('Vous ne voyez que votre propre planning');
  }
  return presentOne(ctx, ctx.db, id);
}

/** The trainer a signed-in trainer account is (404 when none is tied to it). */
export async function trainerOfUser(ctx: AppContext, userId: number): Promise<TrainerRow> {
  const row = await repo.findTrainerByUser(ctx.db, userId);
  if (!row) throw notFound('Aucun entraîneur n’est lié à ce compte');
  return row;
}

/** A trainer's account must have the role trainer, and be nobody else's. */
async function checkUser(db: Db, userId: number | null | undefined, trainerId?: number): Promise<void> {
  if (userId == null) return;
  const user = await repo.findUserRole(db, userId);
  if (!user) throw badRequest('Compte introuvable');
  if (user.role !== 'trainer') throw badRequest('Le compte lié doit avoir le rôle « Entraîneur »');
  const other = await repo.findTrainerByUser(db, userId);
  if (other && other.id !== trainerId) throw conflict('Ce compte est déjà lié à un autre entraîneur');
}

const newSecret = () => randomBytes(24).toString('hex');

export async function createTrainer(ctx: AppContext, input: TrainerCreateInput): Promise<TrainerDto> {
  await checkUser(ctx.db, input.userId);
  const now = nowIso();
  const row = await repo.insertTrainer(ctx.db, {
    name: input.name,
    photo_url: input.photoUrl,
    disciplines: JSON.stringify(input.disciplines),
    languages: JSON.stringify(input.languages),
    bio: JSON.stringify(input.bio),
    user_id: input.userId,
    on_leave: input.onLeave ? 1 : 0,
    active: input.active ? 1 : 0,
    share_mode: input.share.mode,
    share_value: input.share.value,
    calendar_secret: newSecret(),
    position: input.position,
    created_at: now,
    updated_at: now,
  });
  ctx.publicCache.invalidate('trainers');
  return presentOne(ctx, ctx.db, row.id);
}

export async function updateTrainer(ctx: AppContext, id: number, input: TrainerPatchInput): Promise<TrainerDto> {
  const current = await repo.findTrainer(ctx.db, id);
  if (!current) throw notFound(TRAINER_NOT_FOUND);
  await checkUser(ctx.db, input.userId, id);
  const set: Updateable<TrainersTable> = { updated_at: nowIso() };
  if (input.name !== undefined) set.name = input.name;
  if (input.photoUrl !== undefined) set.photo_url = input.photoUrl;
  if (input.disciplines !== undefined) set.disciplines = JSON.stringify(input.disciplines);
  if (input.languages !== undefined) set.languages = JSON.stringify(input.languages);
  if (input.bio !== undefined) set.bio = JSON.stringify(input.bio);
  if (input.userId !== undefined) set.user_id = input.userId;
  if (input.onLeave !== undefined) set.on_leave = input.onLeave ? 1 : 0;
  if (input.active !== undefined) set.active = input.active ? 1 : 0;
  if (input.share !== undefined) {
    set.share_mode = input.share.mode;
    set.share_value = input.share.value;
  }
  if (input.position !== undefined) set.position = input.position;
  // A new address revokes the old one; false: no feed until asked again.
  if (input.calendarFeed !== undefined) set.calendar_secret = input.calendarFeed ? newSecret() : null;
  const row = await repo.updateTrainer(ctx.db, id, set, input.version);
  if (!row) throw conflict(STALE_TRAINER);
  ctx.publicCache.invalidate('trainers');
  return presentOne(ctx, ctx.db, id);
}

/** PUT /api/trainers/{id}/availability: the windows and exceptions replaced in one transaction. */
export async function setAvailability(ctx: AppContext, id: number, input: AvailabilityInput): Promise<TrainerAvailabilityDto> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findTrainer(trx, id);
    if (!row) throw notFound(TRAINER_NOT_FOUND);
    await repo.replaceAvailability(
      trx,
      id,
      input.windows.map((w) => ({ weekday: w.weekday, from_time: w.from, to_time: w.to })),
      input.exceptions.map((e) => ({ date: e.date, from_time: e.from ?? null, to_time: e.to ?? null, off: e.off ? 1 : 0 })),
    );
    await repo.updateTrainer(trx, id, { updated_at: nowIso() });
    const [windows, exceptions] = await Promise.all([repo.listWindows(trx, [id]), repo.listExceptions(trx, [id])]);
    return presentAvailability(windows, exceptions);
  });
}

// ---- slots ----

/** Minutes between two offered starts; a booking may start on any quarter hour that is free. */
export const SLOT_STEP = 30;
export const BOOKING_STEP = 15;

/**
 * The trainers' facts the slot rules need over [from, from + days): windows, exceptions, the
 * classes they coach (a weekly session whose coach is the trainer's name, as the timetable writes
 * it) with their cancellations, and the gym's closures.
 */
export async function slotFacts(db: Db, trainers: TrainerRow[], from: string, days: number) {
  const to = addDays(from, days - 1);
  const ids = trainers.map((t) => t.id);
  const [windows, exceptions, sessions, cancellations, closures] = await Promise.all([
    repo.listWindows(db, ids),
    repo.listExceptions(db, ids, { from, to }),
    repo.listCoachedSessions(db),
    repo.listSessionCancellations(db, from, to),
    repo.listClosures(db, from, to),
  ]);
  const cancelled = new Map<number, Set<string>>();
  for (const c of cancellations) {
    const set = cancelled.get(c.weekly_session_id) ?? new Set<string>();
    set.add(c.session_date);
    cancelled.set(c.weekly_session_id, set);
  }
  const closedDates = new Set<string>();
  for (let i = 0; i < days; i++) {
    const d = addDays(from, i);
    if (closures.some((c) => c.start_date <= d && d <= c.end_date)) closedDates.add(d);
  }
  const slotTrainers: SlotTrainer[] = trainers.map((t) => ({
    id: t.id,
    onLeave: toBool(t.on_leave) || !toBool(t.active),
    windows: windows.filter((w) => w.trainer_id === t.id).map((w) => ({ weekday: w.weekday, from: w.from_time, to: w.to_time })),
    exceptions: exceptions.filter((e) => e.trainer_id === t.id).map((e) => ({ date: e.date, from: e.from_time, to: e.to_time, off: toBool(e.off) })),
    classes: sessions
      .filter((s) => s.coach && coachKey(s.coach) === coachKey(t.name))
      .map((s) => ({ weekday: s.weekday, start: s.start_time, minutes: s.duration_minutes, cancelled: cancelled.get(s.id) })),
  }));
  return { slotTrainers, closedDates };
}

/** The trainers a question is about: one, or those teaching the discipline, or all active ones. */
export async function trainersFor(db: Db, q: { trainerId?: number; discipline?: string }): Promise<TrainerRow[]> {
  const rows = await repo.listTrainers(db, { activeOnly: true });
  return rows.filter(
    (r) =>
      (q.trainerId === undefined || r.id === q.trainerId) &&
      (!q.discipline || parseJson<string[]>(r.disciplines, []).some((d) => d.toLowerCase() === q.discipline!.toLowerCase())),
  );
}

/** GET /api/private-lessons/slots. */
export async function listSlots(
  ctx: AppContext,
  q: SlotsQuery,
  busy: (trainerIds: number[], from: string, to: string) => Promise<(BusyLesson & { reservationId: number })[]>,
): Promise<SlotDto[]> {
  const settings = (await currentSiteSettings(ctx)).privateLessons;
  if (!settings.lengths.includes(q.minutes as 60 | 90)) throw badRequest(`minutes: ${settings.lengths.join(' or ')}`);
  const today = todayInZone(ctx.config.timezone);
  // Nothing before today; the days asked still end where they would have.
  const from = q.from < today ? today : q.from;
  const days = q.days - Math.round((Date.parse(from) - Date.parse(q.from)) / 86_400_000);
  if (days <= 0) return [];
  const trainers = await trainersFor(ctx.db, q);
  if (!trainers.length) return [];
  const { slotTrainers, closedDates } = await slotFacts(ctx.db, trainers, from, days);
  // Lessons may reach a day either side of the gym dates asked (zones).
  const lessons = (
    await busy(
      trainers.map((t) => t.id),
      addDays(from, -1),
      addDays(from, days + 1),
    )
  ).filter((l) => l.reservationId !== q.exceptLesson);
  return computeSlots(slotTrainers, lessons, {
    from,
    days,
    minutes: q.minutes,
    bufferMinutes: settings.bufferMinutes,
    noticeHours: settings.noticeHours,
    stepMinutes: SLOT_STEP,
    now: new Date(),
    timeZone: ctx.config.timezone,
    closedDates,
  });
}
