import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { DeskLessonsDto, TrainerScheduleDto } from '../../shared/api-types/trainers';
import { addDays, instantToZoned, isoWeekday, todayInZone, zonedToInstant } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { toBool } from '../db/database';
import { notFound } from '../errors';
import { lessonsOfTrainer } from './lessons.repository';
import * as repo from './trainers.repository';
import { coachKey, TRAINER_NOT_FOUND } from './trainers.service';

// A trainer's schedule (issue 37 point 5): their lessons and the group classes they coach over
// some gym days, for their own day screen, the desk's day of every trainer, and their private
// calendar feed (/calendar/trainer/{secret}.ics, revocable from the trainer's card).

type TrainerRow = NonNullable<Awaited<ReturnType<typeof repo.findTrainer>>>;

async function scheduleOf(ctx: AppContext, trainer: TrainerRow, from: string, days: number): Promise<TrainerScheduleDto> {
  const tz = ctx.config.timezone;
  const to = addDays(from, days);
  const [lessons, sessions, cancellations] = await Promise.all([
    lessonsOfTrainer(ctx.db, trainer.id, zonedToInstant(from, '00:00', tz).toISOString(), zonedToInstant(to, '00:00', tz).toISOString()),
    repo.listCoachedSessions(ctx.db),
    repo.listSessionCancellations(ctx.db, from, to),
  ]);
  const mine = sessions.filter((s) => s.coach && coachKey(s.coach) === coachKey(trainer.name));
  const classes: TrainerScheduleDto['classes'] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    for (const s of mine) {
      if (s.weekday !== isoWeekday(date) || cancellations.some((c) => c.weekly_session_id === s.id && c.session_date === date)) continue;
      classes.push({ date, time: s.start_time, minutes: s.duration_minutes, className: s.class_name });
    }
  }
  classes.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  return {
    trainerId: trainer.id,
    name: trainer.name,
    onLeave: toBool(trainer.on_leave),
    from,
    days,
    lessons: lessons.map((l) => {
      const g = instantToZoned(l.starts_at, tz);
      return {
        id: l.reservation_id,
        startsAt: l.starts_at,
        endsAt: l.ends_at,
        date: g.date,
        time: g.time,
        minutes: l.minutes,
        guests: l.guests,
        discipline: l.discipline,
        name: l.name,
        phone: l.phone,
        attendance: l.attendance,
      };
    }),
    classes,
  };
}

/** GET /api/trainers/{id}/schedule: staff see any trainer, a trainer only themself (getTrainer's rule). */
export async function trainerSchedule(ctx: AppContext, id: number, q: { from?: string; days: number }): Promise<TrainerScheduleDto> {
  const trainer = await repo.findTrainer(ctx.db, id);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  return scheduleOf(ctx, trainer, q.from ?? todayInZone(ctx.config.timezone), q.days);
}

/** GET /api/private-lessons/day: every active trainer's lessons and classes of one gym day (the desk). */
export async function deskDay(ctx: AppContext, date = todayInZone(ctx.config.timezone)): Promise<DeskLessonsDto> {
  const trainers = await repo.listTrainers(ctx.db, { activeOnly: true });
  return { date, trainers: await Promise.all(trainers.map((t) => scheduleOf(ctx, t, date, 1))) };
}

// Loaded with the first feed, not at start.
const require = createRequire(import.meta.url);
let ics: typeof Ics | undefined;

const FEED_SECRET = /^[0-9a-f]{48}$/;

/**
 * The trainer's private calendar feed: their lessons from a month back to three months ahead and
 * the classes they coach over the next four weeks, in UTC (every calendar shows its own zone).
 * Undefined for a secret that names no trainer (revoked or never given).
 */
export async function trainerFeed(ctx: AppContext, secret: string): Promise<string | undefined> {
  if (!FEED_SECRET.test(secret)) return undefined;
  const trainer = await repo.findTrainerBySecret(ctx.db, secret);
  if (!trainer) return undefined;
  const today = todayInZone(ctx.config.timezone);
  const host = new URL(ctx.config.publicUrl).hostname;
  const lessons = await scheduleOf(ctx, trainer, addDays(today, -31), 31 + 92);
  const ahead = await scheduleOf(ctx, trainer, today, 28);
  const events: Ics.EventAttributes[] = [
    ...lessons.lessons.map((l): Ics.EventAttributes => ({
      uid: `lesson-${l.id}@${host}`,
      start: Date.parse(l.startsAt),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: Date.parse(l.endsAt),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `Cours privé · ${l.name.replace(/[\r\n]+/g, ' ')}${l.guests > 1 ? ' (+1)' : ''}`,
      description: `${l.discipline}, ${l.minutes} min`,
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    })),
    ...ahead.classes.map((c): Ics.EventAttributes => {
      const start = zonedToInstant(c.date, c.time, ctx.config.timezone).getTime();
      return {
        uid: `class-${c.date}-${c.time}-${trainer.id}@${host}`,
        start,
        startInputType: 'utc',
        startOutputType: 'utc',
        end: start + c.minutes * 60_000,
        endInputType: 'utc',
        endOutputType: 'utc',
        title: c.className,
        status: 'CONFIRMED',
        busyStatus: 'BUSY',
      };
    }),
  ];
  ics ??= require('ics') as typeof Ics;
  const header = { method: 'PUBLISH', productId: '-//Gym//Trainer feed//FR', calName: trainer.name };
  // An empty feed is still a calendar (the library refuses an empty list).
  if (!events.length)
    return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:${header.productId}\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:${trainer.name.replace(/[\r\n,;]+/g, ' ')}\r\nEND:VCALENDAR\r\n`;
  const { error, value } = ics.createEvents(events, header);
  if (error || !value) throw error ?? new Error('calendar feed not made');
  return value;
}
