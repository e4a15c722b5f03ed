import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deskLessonsDtoSchema,
  publicTrainerListDtoSchema,
  trainerReportDtoSchema,
  trainerScheduleDtoSchema,
  slotListDtoSchema,
  trainerAvailabilityDtoSchema,
  trainerDtoSchema,
  trainerListDtoSchema,
} from '../../shared/api-types/trainers';
import { idParamSchema } from '../../shared/schemas/common';
import {
  availabilitySchema,
  deskDayQuerySchema,
  reportQuerySchema,
  scheduleQuerySchema,
  slotsQuerySchema,
  trainerCreateSchema,
  trainerPatchSchema,
  trainersQuerySchema,
} from '../../shared/schemas/trainers';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { busyLessons } from './lessons.repository';
import { monthlyReport } from './report.service';
import { deskDay, trainerFeed, trainerSchedule } from './schedule.service';
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

  r.get('/api/trainers/me', {
    config: { access: 'user', trainer: true },
    schema: {
      tags: TAGS,
      summary: 'The trainer this account signs in as (role trainer), with their calendar feed',
      response: { 200: trainerDtoSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (req) => {
      const { user } = signedIn(req);
      return service.getTrainer(ctx, (await service.trainerOfUser(ctx, user.id)).id, user);
    },
  });

  r.get('/api/trainers/:id/schedule', {
    config: { access: 'user', trainer: true },
    schema: {
      tags: TAGS,
      summary: 'A trainer’s lessons and the group classes they coach over some gym days (their day and week); a trainer reads only their own',
      params: idParamSchema,
      querystring: scheduleQuerySchema,
      response: { 200: trainerScheduleDtoSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      // The same rule as the trainer's card: a trainer sees only themself.
      await service.getTrainer(ctx, req.params.id, signedIn(req).user);
      return trainerSchedule(ctx, req.params.id, req.query);
    },
  });

  r.get('/api/private-lessons/day', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'The desk’s day: every active trainer’s lessons and classes of one gym date (today when absent)',
      querystring: deskDayQuerySchema,
      response: { 200: deskLessonsDtoSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => deskDay(ctx, req.query.date),
  });

  // The trainer's private calendar feed: its address is the secret (revoked or renewed from the
  // trainer's card); not an /api route, no sign-in (phone calendars subscribe without one).
  app.get<{ Params: { file: string } }>('/calendar/trainer/:file', { config: { secretParams: ['file'] } }, async (req, reply) => {
    const secret = req.params.file.endsWith('.ics') ? req.params.file.slice(0, -4) : '';
    const feed = await trainerFeed(ctx, secret);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('text/calendar; charset=utf-8').send(feed);
  });

  r.get('/api/trainers/report', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary:
        'Paying the trainers: per trainer, a gym month’s lessons taught, no-shows, cancelled lessons, what the lessons taught sold for and the trainer’s share',
      description:
        'A lesson taught has started, is not cancelled and is not marked no-show at the desk. The share is a percentage of what the lessons taught sold for, or a fixed amount per lesson taught (set per trainer).',
      querystring: reportQuerySchema,
      response: { 200: trainerReportDtoSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => monthlyReport(ctx, req.query.month),
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
