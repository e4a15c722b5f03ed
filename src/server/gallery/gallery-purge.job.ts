import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { purgeDeletedGalleryItems } from './gallery.service';

export type GalleryPurgeJob = PeriodicJob;

const HOUR_MS = 3_600_000;

/** Removes deleted gallery items (rows and files) once they can no longer be restored; `now` is the clock (tests inject one). */
export function createGalleryPurgeJob(ctx: AppContext, opts: { now?: () => Date } = {}): GalleryPurgeJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: HOUR_MS,
    run: () => purgeDeletedGalleryItems(ctx, now()),
    onError: (err) => ctx.log.error({ err }, 'gallery purge failed; will try again in an hour'),
  });
}
