import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicTrainerListDtoSchema,
  slotListDtoSchema,
  trainerAvailabilityDtoSchema,
  trainerDtoSchema,
  trainerListDtoSchema,
} from '../../shared/api-types/trainers';
import { idParamSchema } from '../../shared/schemas/common';
import { availabilitySchema, slotsQuerySchema, trainerCreateSchema, trainerPatchSchema, trainersQuerySchema } from '../../shared/schemas/trainers';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { busyLessons } from './lessons.repository';
import * as service from './trainers.service';

const TAGS = ['Trainers'];

/** Trainers (issue 37): the public cards, the admin's trainers and availability, the free slots. */
export function trainersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/trainers', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'The trainers who give private lessons; ?language=xx gives the bio in that language (English where none)',
      querystring: trainersQuerySchema,
      response: { 200: publicTrainerListDtoSchema, ...errorResponses(400) },
    },
    handler: async (req) => ({ trainers: await service.listPublicTrainers(ctx, req.query.language) }),
  });

  r.get('/api/trainers/all', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Every trainer with their availability and calendar feed (inactive ones included)',
      response: { 200: trainerListDtoSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ trainers: await service.listTrainers(ctx) }),
  });

  r.get('/api/trainers/:id', {
    config: { access: 'user', trainer: true },
    schema: {
      tags: TAGS,
      summary: 'One trainer with their availability and private calendar feed (calendarFeedUrl); a trainer reads only themself',
      params: idParamSchema,
      response: { 200: trainerDtoSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getTrainer(ctx, req.params.id, signedIn(req).user),
  });

  r.post('/api/trainers', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Add a trainer (a calendar feed address is made for them)',
      body: trainerCreateSchema,
      response: { 201: trainerDtoSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.createTrainer(ctx, req.body)),
  });

  r.patch('/api/trainers/:id', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Change a trainer (only the fields sent); calendarFeed true gives a new feed address (the old one stops), false revokes it',
      params: idParamSchema,
      body: trainerPatchSchema,
      response: { 200: trainerDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.updateTrainer(ctx, req.params.id, req.body),
  });

  r.put('/api/trainers/:id/availability', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Replace a trainer’s weekly windows (weekday 1 Monday … 7 Sunday, gym time) and dated exceptions (off, or extra hours)',
      params: idParamSchema,
      body: availabilitySchema,
      response: { 200: trainerAvailabilityDtoSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.setAvailability(ctx, req.params.id, req.body),
  });

  r.get('/api/private-lessons/slots', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Free private-lesson slots in gym time, per trainer',
      description:
        'From the gym date `from` for `days` days (at most 31; days before today are left out). A slot lies inside the trainer’s windows or extra hours, never overlaps an exception off, a group class the trainer coaches (a weekly session naming them as coach), a gym closure, or another lesson, each with the buffer of Paramètres around it, and never starts inside the minimum notice. A trainer on leave has none. `minutes` is one of the lengths of Paramètres (60 or 90).',
      querystring: slotsQuerySchema,
      response: { 200: slotListDtoSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { slots: await service.listSlots(ctx, req.query, (ids, from, to) => busyLessons(ctx.db, ids, from, to)) };
    },
  });
}
