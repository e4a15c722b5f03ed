import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoRemovalDtoSchema, demoStatusDtoSchema } from '../../shared/api-types';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { demoStatus, removeDemo } from './demo.service';

const TAGS = ['Demo'];

export function demoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/demo', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: "The first start's demo: whether it is still there, and how many of its rows of each kind remain",
      response: { 200: demoStatusDtoSchema, ...errorResponses(401, 403) },
    },
    handler: () => demoStatus(ctx),
  });

  r.post('/api/demo/remove', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Remove the demo: exactly what it seeded (rows, files, settings it changed), nothing staff made since; a second call removes nothing',
      response: { 200: demoRemovalDtoSchema, ...errorResponses(401, 403) },
    },
    handler: (req) => removeDemo(ctx, signedIn(req).user.id),
  });
}
