import type { AppContext, BlogSchedule } from '../context';
import { nowIso } from '../db/database';
import { nextScheduledAt } from './blog.repository';

// A timer longer than this is re-armed on the way (setTimeout's ceiling is ~24.8 days).
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * Scheduled posts: every public read filters on the publication instant, so the data is right
 * at any moment; what would stay behind is the public cache (lists, pages, feed, sitemap). This
 * timer drops it when the next scheduled post goes live. On PostgreSQL another instance's blog
 * write reaches this one as an invalidation (cluster/cache-bus.ts), which re-arms this timer.
 */
export function createBlogSchedule(ctx: AppContext): BlogSchedule {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  async function lookUp() {
    let next: string | undefined;
    try {
      next = await nextScheduledAt(ctx.db, nowIso());
    } catch (err) {
      ctx.log.error({ err }, 'scheduled posts lookup failed; the next blog write tries again');
      return;
    }
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped || next === undefined) return;
    // A few ms past the instant, so the read that follows sees the post as live.
    const wait = Math.min(Math.max(Date.parse(next) - Date.now() + 5, 0), MAX_WAIT_MS);
    timer = setTimeout(() => {
      timer = undefined;
      ctx.publicCache.invalidate('blog');
      void rearm();
    }, wait);
    timer.unref();
  }

  function rearm(): Promise<void> {
    if (stopped) return Promise.resolve();
    const run: Promise<void> = (running ?? Promise.resolve()).then(lookUp).finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  }

  return {
    rearm,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
