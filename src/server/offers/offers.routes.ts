import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { offersDtoSchema } from '../../shared/api-types/offers';
import type { AppContext } from '../context';
import * as service from './offers.service';

/** Public: what the booking journey offers now (issue 46 §2). */
export function offersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Not cached: it reads the settings, the timetable, the rooms and the trainers, each saved elsewhere.
  r.get('/api/offers', {
    config: { access: 'public' },
    schema: {
      tags: ['Passes'],
      summary: 'What the booking journey can sell now: a class, a pass, a programme, a stay, a private lesson, each with why not',
      description:
        'reason: none (nothing of that kind on sale) or letter (programmes on sale whose visa letter cannot be issued: the letter details in the settings are incomplete). ' +
        'A private lesson is booked with a trainer who has weekly hours (how: trainer) or, without one, asked for as a request of the class by appointment (how: request, its courses).',
      response: { 200: offersDtoSchema },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.offers(ctx);
    },
  });
}
