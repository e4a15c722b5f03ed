import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { cancelInTransaction } from '../reservations/booking-manage.service';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';
import { ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { findOrder } from '../orders/orders.repository';
import * as repo from './private-lessons.repository';

// A lesson booked through an order that is then cancelled (it lapsed unpaid, or staff cancelled
// it) gives its trainer's time back: the booking is cancelled by the gym (its e-mail goes out)
// by this job, once, whichever instance runs it (the cancel is a compare-and-set).

const CLOSED = new Set(['expired', 'cancelled']);

export async function releaseLessonsOfCancelledOrders(ctx: AppContext, now = new Date()): Promise<number> {
  let done = 0;
  for (const { reservation_id: id, order_id: orderId } of await repo.lessonsOfClosedOrders(ctx.db, now.toISOString())) {
    const cancelled = await ctx.db.transaction().execute(async (trx) => {
      // The order's lock, then its state again: a payment that just arrived keeps the lesson.
      if (orderId == null || !(await lockOrder(trx, orderId, ctx.dialect))) return false;
      const order = await findOrder(trx, orderId);
      if (!order || !CLOSED.has(figuresOf(order, await ledgerTotals(trx, orderId), now).state)) return false;
      const row = await repo.findBooking(trx, id);
      if (!row || row.status === 'cancelled') return false;
      // Started lessons stay (the desk settles them).
      if (new Date(row.date_time).getTime() <= now.getTime()) return false;
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
