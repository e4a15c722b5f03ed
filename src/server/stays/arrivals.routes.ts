import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arrivalsBoardDtoSchema, occupancyDtoSchema, pickupDtoSchema } from '../../shared/api-types/arrivals';
import { arrivalsQuerySchema, checkInSchema, occupancyQuerySchema, pickupFlightSchema } from '../../shared/schemas/arrivals';
import { idParamSchema } from '../../shared/schemas/common';
import { orderTokenParamsSchema } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import type { PeriodicJob } from '../lib/periodic-job';
import { errorResponses, noContentSchema } from '../http/responses';
import { changePickupFlight, createArrivalMailJob } from './arrival-mail';
import * as service from './arrivals.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The arrival e-mails, three gym days before check-in (with the workers). */
    arrivalMails: PeriodicJob;
  }
}

const TAGS = ['Stays'];

/** The arrival (issue 36 §5): the "Arrivées" board for staff, the traveller's flight, and the arrival e-mail job. */
export function registerArrivals(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date; startWorkers?: boolean }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stays/arrivals', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The day's and the next day's arrivals, departures, guests in house and pickups, with rooms and what each order still owes",
      description: 'date: a gym date (today in gym time when absent). rooms lists every room for the check-in.',
      querystring: arrivalsQuerySchema,
      response: { 200: arrivalsBoardDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.arrivalsBoard(ctx, req.query.date),
  });

  r.post('/api/stays/:id/check-in', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Check a stay in (id: the order's) and give it a room of its type, or move it to another",
      description: '409 when the room holds another stay on one of the nights, is closed for repairs then, or is of another type.',
      params: idParamSchema,
      body: checkInSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.checkIn(ctx, req.params.id, req.body);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/stays/:id/check-out', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Check a stay out (id: the order's): its room is free from today on",
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.checkOut(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/stays/occupancy', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Rooms taken and closed per room type and night, from `from` (today in gym time) for `days` nights (30)',
      querystring: occupancyQuerySchema,
      response: { 200: occupancyDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.occupancy(ctx, req.query),
  });

  r.put('/api/orders/by-token/:token/flight', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: ['Orders (order page)'],
      summary: "Give or change the airport pickup's flight (number, landing in gym time): an e-mail with the updated calendar file follows",
      description: '404 when the order has no pickup; 409 once it is cancelled; 400 for a landing already past.',
      params: orderTokenParamsSchema,
      body: pickupFlightSchema,
      response: { 200: pickupDtoSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return changePickupFlight(ctx, req.params.token, req.body);
    },
  });

  const job = createArrivalMailJob(ctx, { now: opts.now });
  app.decorate('arrivalMails', job);
  if (opts.startWorkers !== false) app.addHook('onReady', async () => job.start());
  // Before app.ts's onClose stops the outbox and closes the database.
  app.addHook('preClose', async () => job.stop());
}
