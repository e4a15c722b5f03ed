import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityDtoSchema, roomClosureListDtoSchema, roomTypeDtoSchema, roomTypeListDtoSchema } from '../../shared/api-types/stays';
import { idParamSchema } from '../../shared/schemas/common';
import { availabilityQuerySchema, roomClosureSchema, roomTypeCreateSchema, roomTypePatchSchema } from '../../shared/schemas/stays';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import * as service from './stays.service';

const TAGS = ['Stays'];

/** Rooms (issue 36): "Hébergement" for admins, and the public availability of a stay. */
export function staysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stays/availability', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Room types that hold the guests, with the rooms free on every night of the stay and its price',
      description:
        'Nights run from checkIn to the day before checkOut (check-out day is not a night). priceSatang is the whole stay at the best of the nightly, weekly (7 nights) and monthly (30 nights) rates. ' +
        '400 when checkIn is before today in gym time, checkOut is not after checkIn, or the stay is over 180 nights.',
      querystring: availabilityQuerySchema,
      response: { 200: availabilityDtoSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.availability(ctx, req.query);
    },
  });

  r.get('/api/stays/room-types', {
    config: { access: 'admin' },
    schema: { tags: TAGS, summary: 'The room types with their rooms', response: { 200: roomTypeListDtoSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ roomTypes: await service.listRoomTypes(ctx) }),
  });

  r.post('/api/stays/room-types', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Add a room type and its rooms (numbered 1, 2, 3… unless roomLabels names them)',
      body: roomTypeCreateSchema,
      response: { 201: roomTypeDtoSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.createRoomType(ctx, req.body)),
  });

  r.patch('/api/stays/room-types/:id', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Change a room type (only the fields sent); rooms adds numbered rooms or removes the last ones',
      params: idParamSchema,
      body: roomTypePatchSchema,
      response: { 200: roomTypeDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.updateRoomType(ctx, req.params.id, req.body),
  });

  r.get('/api/stays/closures', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Rooms closed for repairs from today (or from)',
      querystring: z.object({ from: availabilityQuerySchema.shape.checkIn.optional() }),
      response: { 200: roomClosureListDtoSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => ({ closures: await service.listClosures(ctx, req.query.from) }),
  });

  r.post('/api/stays/closures', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Close a room for repairs (its nights are not sold); 409 when a night has no free room left',
      body: roomClosureSchema,
      response: { 201: z.object({ id: z.number().int() }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.closeRoom(ctx, req.body)),
  });

  r.delete('/api/stays/closures/:id', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Reopen a room (remove a closure)',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.reopenRoom(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
