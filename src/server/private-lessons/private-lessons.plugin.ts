import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { PeriodicJob } from '../lib/periodic-job';
import { createLessonReleaseJob } from './lesson-release';
import { privateLessonsRoutes } from './private-lessons.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Private lessons whose order was cancelled give their trainer's time back (tests run it). */
    lessonRelease: PeriodicJob;
  }
}

/** Private lessons (issue 37): their routes, and the job that frees the lessons of cancelled orders. */
export function registerPrivateLessons(app: FastifyInstance, ctx: AppContext, opts: { startWorkers?: boolean }): void {
  privateLessonsRoutes(app, ctx);
  const release = createLessonReleaseJob(ctx);
  app.decorate('lessonRelease', release);
  if (opts.startWorkers !== false) app.addHook('onReady', async () => release.start());
  app.addHook('preClose', async () => release.stop());
}
