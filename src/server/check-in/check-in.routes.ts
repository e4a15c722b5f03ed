import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { checkInDtoSchema } from '../../shared/api-types/waivers';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import type { MeResolver } from '../waivers/waivers.routes';
import { checkInCodeOf, revokeCheckInCodes } from './check-in-code';
import { checkIn } from './check-in.service';

const TAGS = ['Desk'];
const ME_TAGS = ['My page'];

/** POST /api/desk/check-in (staff and admins); the person's own code as a QR image, and its renewal. */
export function checkInRoutes(app: FastifyInstance, ctx: AppContext, me: MeResolver) {
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

  r.get('/api/me/check-in.svg', {
    config: { access: 'public' },
    schema: {
      tags: ME_TAGS,
      summary: 'My door code as a QR image (SVG), shown at the desk',
      response: { 200: { description: 'The QR code', content: { 'image/svg+xml': { schema: z.string().describe('The QR code') } } }, ...errorResponses(401) },
    },
    handler: async (req, reply) => {
      const person = await me(req);
      const svg = await QRCode.toString(await checkInCodeOf(ctx.db, person.id), { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return reply.header('cache-control', 'private, no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  });

  r.post('/api/me/check-in-code/renew', {
    config: { access: 'public', limit: 'default' },
    schema: { tags: ME_TAGS, summary: 'A new door code: the old one stops working (a lost phone)', response: { 204: noContentSchema, ...errorResponses(401) } },
    handler: async (req, reply) => {
      const person = await me(req);
      await revokeCheckInCodes(ctx.db, [person.id], new Date().toISOString());
      return reply.code(204).send(null);
    },
  });
}
