import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { purgeOldHealthAnswers } from './waivers.service';

const DAY_MS = 24 * 3_600_000;

/** Blanks the waiver's health answers past the owner's retention, at start and daily (issue 47 point 4). */
export function createHealthRetentionJob(ctx: AppContext, opts: { now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: DAY_MS,
    run: () => purgeOldHealthAnswers(ctx, now()),
    // No answer is logged: only that the run failed.
    onError: (err) => ctx.log.error({ err }, 'health answers retention failed; will try again tomorrow'),
  });
}
