import type { AppContext } from '../context';
import { purgeAuditLog } from './audit.service';

export interface AuditPurgeJob {
  /** Purges now, then every day. */
  start(): void;
  stop(): Promise<void>;
  /** One purge now (or the one in progress); resolves with how many entries it deleted. */
  runOnce(): Promise<number>;
}

const DAY_MS = 24 * 3_600_000;

/** Deletes audit entries older than a year, at start and daily; `now` is the clock (tests inject one). */
export function createAuditPurgeJob(ctx: AppContext, opts: { now?: () => Date } = {}): AuditPurgeJob {
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= purgeAuditLog(ctx, now())
      .catch((err) => {
        ctx.log.error({ err }, 'audit log purge failed; will try again tomorrow');
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
      timer = setInterval(() => void runOnce(), DAY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
