import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { purgeAuditLog } from './audit.service';

export type AuditPurgeJob = PeriodicJob;

const DAY_MS = 24 * 3_600_000;

/** Deletes audit entries older than a year, at start and daily; `now` is the clock (tests inject one). */
export function createAuditPurgeJob(ctx: AppContext, opts: { now?: () => Date } = {}): AuditPurgeJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: DAY_MS,
    run: () => purgeAuditLog(ctx, now()),
    onError: (err) => ctx.log.error({ err }, 'audit log purge failed; will try again tomorrow'),
  });
}
