import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewRequestPageDtoSchema } from '../../shared/api-types/review-requests';
import { reviewRequestListQuerySchema } from '../../shared/schemas/review-requests';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import type { PeriodicJob } from '../lib/periodic-job';
import { createReviewRequestJob, listReviewRequests } from './review-requests.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The review requests (issue 48 point 5), with the workers. */
    reviewRequests: PeriodicJob;
  }
}

/** Review requests (issue 48 point 5): who was asked, for staff, and the job that asks. */
export function registerReviewRequests(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date; startWorkers?: boolean }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/review-requests', {
    config: { access: 'user' },
    schema: {
      tags: ['Review requests'],
      summary: 'The people asked for a review (one e-mail each, ever): when, why (stay or classes) and in which language, newest first',
      querystring: reviewRequestListQuerySchema,
      response: { 200: reviewRequestPageDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listReviewRequests(ctx, req.query);
    },
  });

  const job = createReviewRequestJob(ctx, { now: opts.now });
  app.decorate('reviewRequests', job);
  if (opts.startWorkers !== false) app.addHook('onReady', async () => job.start());
  // Before app.ts's onClose stops the outbox and closes the database.
  app.addHook('preClose', async () => job.stop());
}
