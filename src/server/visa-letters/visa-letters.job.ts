import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { deleteLettersPastPurge, sentLetterMailsPastPurge } from './visa-letters.repository';

const DAY_MS = 24 * 3_600_000;

/**
 * Passport data is kept while its letter can be verified plus a year (issue 35): at start and
 * daily, rows past purge_after go, with the PDF attached to the holder's e-mail in the outbox.
 * `now` is the clock (tests inject one).
 */
export function createVisaLetterPurgeJob(ctx: AppContext, opts: { now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: DAY_MS,
    run: () =>
      ctx.db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        await sentLetterMailsPastPurge(trx, at);
        return deleteLettersPastPurge(trx, at);
      }),
    onError: (err) => ctx.log.error({ err }, 'visa letter purge failed; will try again tomorrow'),
  });
}
