import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { PeriodicJob } from '../lib/periodic-job';
import { createVisaLetterPurgeJob } from './visa-letters.job';
import { visaLettersRoutes } from './visa-letters.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes visa letters' passport data a year after the letter stops verifying (daily, with the workers). */
    visaLetterPurge: PeriodicJob;
  }
}

/**
 * Visa letters (issue 35): the routes and the purge job, started with the workers and stopped in
 * preClose (before app.ts's onClose closes the database: onClose hooks run last-registered first).
 */
export function registerVisaLetters(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date; startWorkers?: boolean }): void {
  visaLettersRoutes(app, ctx);
  const purge = createVisaLetterPurgeJob(ctx, { now: opts.now });
  app.decorate('visaLetterPurge', purge);
  if (opts.startWorkers !== false) app.addHook('onReady', async () => purge.start());
  app.addHook('preClose', async () => purge.stop());
}
