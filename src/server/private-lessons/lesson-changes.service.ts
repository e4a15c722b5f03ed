import type { PrivateLessonDto } from '../../shared/api-types/private-lessons';
import { instantToZoned } from '../../shared/gym-time';
import type { PrivateLessonMoveInput } from '../../shared/schemas/private-lessons';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { isLate } from '../credits/credits';
import { moveUse, useOfReservation } from '../credits/credits.repository';
import type { ReservationRow } from '../db/schema';
import { conflict, HttpError, notFound } from '../errors';
import { nowIso } from '../db/database';
import { tokenOf, wellFormed, type LinkKey } from '../links/link-key';
import { retire } from '../links/retired-links.repository';
import { bookingToChange } from '../reservations/booking-manage.service';
import { whenOf } from '../reservations/booking-facts';
import { creditDeadlineOf, lateSinceAfterMove } from '../reservations/booking-rules';
import { moveMails, notifyStaffOfChange } from '../reservations/booking-notifications';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';
import { lessonOf, moveLesson, releaseCells } from '../trainers/lessons.repository';
import { findTrainer } from '../trainers/trainers.repository';
import { TRAINER_NOT_FOUND } from '../trainers/trainers.service';
import { checkLesson, presentLesson, takeLessonTime } from './private-lessons.service';
import * as repo from './private-lessons.repository';

// Moving a private lesson (issue 37 point 4): by its manage link until the cancel deadline, or
// by staff at the desk at any time before it starts. Cancelling goes through the bookings' own
// cancel (manage link, desk), which gives the trainer's cells and the credit back. A move obeys a
// new lesson's rules (checkLesson) and the cancel's window: moved inside it, it stays late.

export const LESSON_NOT_FOUND = 'No private lesson has this link or id.';
export const MOVE_PAST_DEADLINE = 'This lesson can no longer be moved online: its cancellation deadline has passed. Please contact the gym.';

/** A link that names no booking names no lesson either (its own sentence); other refusals pass. */
const notALesson = (err: unknown): undefined => {
  if (err instanceof HttpError && err.statusCode === 404) return undefined;
  throw err;
};

/**
 * POST /api/private-lessons/manage/{token}/move, and My page's move (a `{ hash }` key, decision
 * 187): the same rules. A move from My page holds no token to mail, so it mails a new link and
 * the old one reads only, as a staff move does.
 */
export async function moveByToken(ctx: AppContext, key: LinkKey, input: PrivateLessonMoveInput): Promise<PrivateLessonDto> {
  // A cancelled lesson, or a link a newer e-mail replaced, still shows the lesson: a 409, not a 404.
  const row = wellFormed(key) ? await bookingToChange(ctx.db, key).catch(notALesson) : undefined;
  if (!row) throw notFound(LESSON_NOT_FOUND);
  const { cancelHours } = (await currentSiteSettings(ctx)).payments;
  // Online only before the deadline a cancel has (a trainer's hour given back late is seldom booked again).
  if (isLate(creditDeadlineOf(row, cancelHours))) throw conflict(MOVE_PAST_DEADLINE, 'class_started');
  return moveLessonRow(ctx, row, input, { staff: false, token: tokenOf(key) ?? undefined, cancelHours });
}

/** POST /api/private-lessons/{id}/move (staff). */
export async function moveById(ctx: AppContext, id: number, input: PrivateLessonMoveInput): Promise<PrivateLessonDto> {
  const row = await repo.findBooking(ctx.db, id);
  if (!row || row.status === 'cancelled') throw notFound(LESSON_NOT_FOUND);
  const { cancelHours } = (await currentSiteSettings(ctx)).payments;
  return moveLessonRow(ctx, row, input, { staff: true, cancelHours });
}

async function moveLessonRow(
  ctx: AppContext,
  row: ReservationRow,
  input: PrivateLessonMoveInput,
  opts: { staff: boolean; token?: string; cancelHours: number },
): Promise<PrivateLessonDto> {
  const lesson = await lessonOf(ctx.db, row.id);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  if (new Date(row.date_time).getTime() <= Date.now()) throw conflict('This lesson has started', 'class_started');
  const trainer = await findTrainer(ctx.db, input.trainerId ?? lesson.trainer_id);
  if (!trainer || !trainer.active) throw notFound(TRAINER_NOT_FOUND);
  const startsAt = new Date(input.startsAt);
  // Its own time does not count against it (a move by a quarter hour is fine).
  await checkLesson(ctx, trainer, { discipline: lesson.discipline, startsAt, minutes: lesson.minutes }, { ignoreNotice: opts.staff, ignoreLesson: row.id });
  const { bufferMinutes } = (await currentSiteSettings(ctx)).privateLessons;
  const course = row.course.includes(' · ') ? `${row.course.slice(0, row.course.lastIndexOf(' · '))} · ${trainer.name}` : row.course;
  // The customer's own link keeps working; a move by staff or from My page e-mails a new one (only its hash is kept).
  const token = opts.token ?? newToken();
  const before = whenOf(ctx, new Date(row.date_time), lesson.minutes);
  // Staff may move it inside its window: it stays late, as the cancel it replaces would have been.
  const lateSince = lateSinceAfterMove(row, opts.cancelHours);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    await releaseCells(trx, row.id);
    await takeLessonTime(trx, trainer.id, row.id, startsAt, lesson.minutes, bufferMinutes);
    const moved = await repo.moveBooking(trx, row.id, row.date_time, {
      date_time: startsAt.toISOString(),
      course,
      manage_token_hash: hashToken(token),
      late_since: lateSince,
    });
    if (!moved) throw conflict('This lesson was changed meanwhile: reload it', 'stale_version');
    // A move without the link mails a new one: the traveller's first one keeps showing the lesson (decision 184).
    if (!opts.token) await retire(trx, 'booking', row.manage_token_hash, row.id, nowIso());
    await moveLesson(trx, row.id, {
      trainer_id: trainer.id,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + lesson.minutes * 60_000).toISOString(),
    });
    // The credit it holds follows it (a private pass's day is the lesson's).
    const use = await useOfReservation(trx, row.id);
    const date = instantToZoned(startsAt, ctx.config.timezone).date;
    if (use && use.returned_at == null) await moveUse(trx, use.id, { session_date: date, day_key: use.day_key == null ? null : date, slot_key: use.slot_key });
    for (const m of moveMails(ctx, moved, whenOf(ctx, startsAt, lesson.minutes), before, token, use != null)) await ctx.mail.enqueue(trx, m);
    return moved;
  });
  ctx.mail.kick();
  notifyStaffOfChange(ctx, 'Cours privé déplacé', updated, whenOf(ctx, startsAt, lesson.minutes));
  notifyTrainerOfLesson(ctx, row.id, 'Cours privé déplacé');
  // Moved to another trainer: the first one hears that it left their day.
  if (lesson.trainer_id !== trainer.id) {
    const previous = await findTrainer(ctx.db, lesson.trainer_id);
    if (previous?.user_id)
      ctx.push.notifyUser(previous.user_id, {
        title: 'Cours privé annulé',
        body: `${row.name} — ${before.gymDate} ${before.gymTime}, confié à ${trainer.name}`,
        url: '/admin/mon-planning',
        tag: `lesson-${row.id}`,
      });
  }
  return presentLesson(ctx, updated, trainer, lesson);
}
