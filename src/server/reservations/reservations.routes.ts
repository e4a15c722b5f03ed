import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reservationDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { reservationPayloadSchema } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentReservation } from './reservations.presenter';
import * as service from './reservations.service';

const TAGS = ['Reservations'];

export function reservationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/reservations', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Book a class (the public booking form)',
      body: reservationPayloadSchema,
      response: { 201: reservationDtoSchema, ...errorResponses(400, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentReservation(await service.createReservation(ctx, req.body))),
  });

  // Every reservation, archived included; the screen filters.
  r.get('/api/reservations', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'List every reservation', response: { 200: reservationDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listReservations(ctx)).map(presentReservation),
  });

  r.put('/api/reservations/:id/read', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Mark a reservation read',
      params: idParamSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentReservation(await service.markRead(ctx, req.params.id)),
  });

  r.put('/api/reservations/:id/archive', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Archive a reservation', params: idParamSchema, response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req) => presentReservation(await service.archive(ctx, req.params.id)),
  });

  r.delete('/api/reservations/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete a reservation for good',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      await service.deleteReservation(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
