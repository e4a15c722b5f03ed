import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { cancelInTransaction } from '../reservations/booking-manage.service';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';
import { lessonsOfCancelledOrders } from '../trainers/lessons.repository';
import * as repo from './private-lessons.repository';

// A lesson booked through an order that is then cancelled (it lapsed unpaid, or staff cancelled
// it) gives its trainer's time back: the booking is cancelled by the gym (its e-mail goes out)
// by this job, once, whichever instance runs it (the cancel is a compare-and-set).

export async function releaseLessonsOfCancelledOrders(ctx: AppContext): Promise<number> {
  let done = 0;
  for (const { reservation_id: id } of await lessonsOfCancelledOrders(ctx.db)) {
    const cancelled = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.findBooking(trx, id);
      if (!row || row.status === 'cancelled') return false;
      // Started lessons stay (the desk settles them).
      if (new Date(row.date_time).getTime() <= Date.now()) return false;
      return (await cancelInTransaction(ctx, trx, row, 'gym')) !== undefined;
    });
    if (cancelled) {
      done += 1;
      notifyTrainerOfLesson(ctx, id, 'Cours privé annulé');
    }
  }
  if (done) ctx.mail.kick();
  return done;
}

export const createLessonReleaseJob = (ctx: AppContext): PeriodicJob =>
  createPeriodicJob({
    everyMs: ctx.config.reminderIntervalMs,
    run: () => releaseLessonsOfCancelledOrders(ctx),
    onError: (err) => ctx.log.error({ err }, 'private lessons: release job failed; will try again'),
  });
