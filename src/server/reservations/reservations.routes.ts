import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '../../shared/schemas/common';
import { reservationPayloadSchema } from '../../shared/schemas/reservations';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentReservation } from './reservations.presenter';
import * as service from './reservations.service';

export async function reservationsRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Public: the booking form.
  app.post('/api/reservations', async (req, reply) => {
    const input = parseOrThrow(reservationPayloadSchema, req.body);
    return reply.code(201).send(presentReservation(await service.createReservation(ctx, input)));
  });

  // Every reservation, archived included; the screen filters.
  app.get('/api/reservations', { preHandler: g.requireUser }, async () => (await service.listReservations(ctx)).map(presentReservation));

  app.put('/api/reservations/:id/read', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    return presentReservation(await service.markRead(ctx, id));
  });

  app.put('/api/reservations/:id/archive', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    return presentReservation(await service.archive(ctx, id));
  });

  app.delete('/api/reservations/:id', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await service.deleteReservation(ctx, id);
    return reply.code(204).send();
  });
}
