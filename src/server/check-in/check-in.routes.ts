import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkInDtoSchema } from '../../shared/api-types/waivers';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { checkIn } from './check-in.service';

const TAGS = ['Desk'];

/** POST /api/desk/check-in: the scanner's (or typed) code; staff and admins. */
export function checkInRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/desk/check-in', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "A door code scanned or typed: the person, today's booking marked present (once), the waiver's state",
      body: z.object({ code: z.string().trim().min(3, 'Code requis').max(40, 'Code trop long') }),
      response: { 200: checkInDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => checkIn(ctx, req.body.code),
  });
}
