import type { AppContext } from '../context';
import { purgeDeletedGalleryItems } from './gallery.service';

export interface GalleryPurgeJob {
  /** Purges now, then every hour. */
  start(): void;
  stop(): Promise<void>;
  /** One purge now (or the one in progress); resolves with how many items it removed. */
  runOnce(): Promise<number>;
}

const HOUR_MS = 3_600_000;

/** Removes deleted gallery items (rows and files) once they can no longer be restored; `now` is the clock (tests inject one). */
export function createGalleryPurgeJob(ctx: AppContext, opts: { now?: () => Date } = {}): GalleryPurgeJob {
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= purgeDeletedGalleryItems(ctx, now())
      .catch((err) => {
        ctx.log.error({ err }, 'gallery purge failed; will try again in an hour');
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
      timer = setInterval(() => void runOnce(), HOUR_MS);
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
