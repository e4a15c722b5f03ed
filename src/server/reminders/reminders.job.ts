import type { AppContext } from '../context';
import { queueDueReminders } from './reminders.service';

export interface ReminderJob {
  /** Runs once now, then every `intervalMs`. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now (or the one in progress); resolves with how many reminders it queued. */
  runOnce(): Promise<number>;
  /** Resolves when no run is in progress (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The periodic reminder job, started with the outbox worker. Runs never overlap within an
 * instance; across instances the claim in queueDueReminders keeps each reminder single.
 * `now` is the clock (tests inject one).
 */
export function createReminderJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): ReminderJob {
  const intervalMs = opts.intervalMs ?? ctx.config.reminderIntervalMs;
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= queueDueReminders(ctx, now())
      .catch((err) => {
        ctx.log.error({ err }, 'reminder job failed; will try again');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      // The job alone never keeps the process alive.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
    async idle() {
      await running;
    },
  };
}
