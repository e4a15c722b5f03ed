import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { queueDueReminders } from './reminders.service';

export type ReminderJob = PeriodicJob;

/**
 * The periodic reminder job, started with the outbox worker. Runs never overlap within an
 * instance; across instances the claim in queueDueReminders keeps each reminder single.
 * `now` is the clock (tests inject one).
 */
export function createReminderJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): ReminderJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: opts.intervalMs ?? ctx.config.reminderIntervalMs,
    run: () => queueDueReminders(ctx, now()),
    onError: (err) => ctx.log.error({ err }, 'reminder job failed; will try again'),
  });
}
