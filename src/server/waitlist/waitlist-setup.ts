import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createOfferJob } from './waitlist-offers';
import { waitlistRoutes } from './waitlist.routes';

/**
 * The waiting list in the app: its routes, and its offer job started with the other workers and
 * stopped before the app closes (preClose: ahead of the outbox and the database).
 */
export function setUpWaitlist(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date; startWorkers?: boolean }): void {
  waitlistRoutes(app, ctx);
  const job = createOfferJob(ctx, { now: opts.now });
  if (opts.startWorkers !== false) app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => job.stop());
}
