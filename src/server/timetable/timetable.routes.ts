import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../shared/schemas/common';
import {
  classCreateSchema,
  classDtoSchema,
  classesAnswerSchema,
  classesQuerySchema,
  classUpdateSchema,
  closureDtoSchema,
  planningListQuerySchema,
  sessionCancellationDtoSchema,
  sessionCancellationParamsSchema,
  sessionsAnswerSchema,
  sessionsQuerySchema,
  weeklySessionCreateSchema,
  weeklySessionDtoSchema,
} from '../../shared/schemas/timetable';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentCancellation, presentClass, presentClosure, presentPublicClass, presentSession, presentWeeklySession } from './timetable.presenter';
import * as service from './timetable.service';

const PUBLIC_TAGS = ['Timetable'];
const TAGS = ['Timetable planning'];

export function timetableRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- public ----

  r.get('/api/sessions', {
    config: { access: 'public' },
    schema: {
      tags: PUBLIC_TAGS,
      summary: 'The coming class sessions with their free places (gym time and instants)',
      querystring: sessionsQuerySchema,
      response: { 200: sessionsAnswerSchema, ...errorResponses(400) },
    },
    handler: async (req) => {
      const { occurrences, ...rest } = await service.listSessions(ctx, req.query);
      return { ...rest, sessions: occurrences.map(presentSession) };
    },
  });

  r.get('/api/classes', {
    config: { access: 'public' },
    schema: {
      tags: PUBLIC_TAGS,
      summary: 'The class catalogue with each class’s weekly times; ?language=xx gives the descriptions in that language (English where none)',
      querystring: classesQuerySchema,
      response: { 200: classesAnswerSchema, ...errorResponses(400) },
    },
    handler: async (req) => {
      const { classes, ...rest } = await service.listPublicClasses(ctx);
      return { ...rest, classes: classes.map((c) => presentPublicClass(c, req.query.language)) };
    },
  });

  // ---- planning (staff and admins) ----

  r.get('/api/timetable/classes', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Every class, inactive ones included', response: { 200: classDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listClasses(ctx)).map(presentClass),
  });

  r.post('/api/timetable/classes', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Add a class', body: classCreateSchema, response: { 201: classDtoSchema, ...errorResponses(400, 401, 409) } },
    handler: async (req, reply) => reply.code(201).send(presentClass(await service.createClass(ctx, req.body))),
  });

  r.patch('/api/timetable/classes/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Change a class (only the fields sent); active: false deactivates it',
      params: idParamSchema,
      body: classUpdateSchema,
      response: { 200: classDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentClass(await service.updateClass(ctx, req.params.id, req.body)),
  });

  r.get('/api/timetable/weekly-sessions', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Every weekly session, by weekday and time', response: { 200: weeklySessionDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listWeeklySessions(ctx)).map(presentWeeklySession),
  });

  r.post('/api/timetable/weekly-sessions', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Add a weekly session (weekday, start time, capacity, coach)',
      body: weeklySessionCreateSchema,
      response: { 201: weeklySessionDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentWeeklySession(await service.createWeeklySession(ctx, req.body))),
  });

  r.delete('/api/timetable/weekly-sessions/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete a weekly session that never had bookings',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.deleteWeeklySession(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/timetable/cancellations', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Cancelled occurrences from a date (default today)',
      querystring: planningListQuerySchema,
      response: { 200: sessionCancellationDtoSchema.array(), ...errorResponses(400, 401) },
    },
    handler: async (req) => (await service.listCancellations(ctx, req.query.from)).map(presentCancellation),
  });

  r.delete('/api/timetable/weekly-sessions/:id/cancellations/:date', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Undo the cancellation of an occurrence',
      params: sessionCancellationParamsSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      await service.restoreOccurrence(ctx, req.params.id, req.params.date);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/timetable/closures', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Closures ending on or after a date (default today)',
      querystring: planningListQuerySchema,
      response: { 200: closureDtoSchema.array(), ...errorResponses(400, 401) },
    },
    handler: async (req) => (await service.listClosures(ctx, req.query.from)).map(presentClosure),
  });

  r.delete('/api/timetable/closures/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Remove a closure', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => {
      await service.deleteClosure(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
