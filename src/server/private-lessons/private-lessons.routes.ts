import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateLessonBookedDtoSchema, privateLessonDtoSchema } from '../../shared/api-types/private-lessons';
import { idParamSchema } from '../../shared/schemas/common';
import { privateLessonMoveSchema, privateLessonPayloadSchema } from '../../shared/schemas/private-lessons';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { moveById, moveByToken } from './lesson-changes.service';
import { bookLesson } from './private-lessons.service';

const TAGS = ['Private lessons'];

/** Private lessons (issue 37 point 4): booking a trainer's slot, moving it. Cancels go through the bookings' own routes. */
export function privateLessonsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/private-lessons', {
    config: { access: 'public', limit: 'booking' },
    schema: {
      tags: TAGS,
      summary: 'Book a private lesson with a trainer at one of their free slots',
      description:
        'startsAt must be a free slot of the trainer (GET /api/private-lessons/slots; any quarter hour that is free). Paid with a paid private pass (`passToken`, its order page token: the lesson spends its credit; the two-person pass when guests is 2), ' +
        'or through an order at the price table’s private price (`method`: the first private cell for one person, the second for two), answered with the order’s page to pay. ' +
        'The trainer’s time is taken with a unique key: of overlapping bookings only one succeeds, the others answer 409 trainer_busy. ' +
        '409 lesson_slot_unavailable when the time is outside the trainer’s slots (hours, classes they coach, notice, leave). The confirmation e-mail carries the calendar file and the manage link (cancel, move). ' +
        'Staff signed in are not held to the notice.',
      body: privateLessonPayloadSchema,
      response: { 201: privateLessonBookedDtoSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      const staff = req.user != null && req.user.role !== 'trainer';
      const { lesson, order } = await bookLesson(ctx, req.body, { staff });
      return reply.code(201).send({ lesson, ...(order ? { order } : {}) });
    },
  });

  r.post('/api/private-lessons/manage/:token/move', {
    config: { access: 'public', limit: 'booking', secretParams: ['token'] },
    schema: {
      tags: TAGS,
      summary: 'Move a private lesson from its manage link (until the cancel deadline of Paramètres)',
      description:
        'To another free slot, with the same trainer or another (trainerId). Its credit follows it; a new calendar SEQUENCE is e-mailed. Cancelling: POST /api/bookings/manage/{token}/cancel.',
      params: z.object({ token: z.string().max(200) }),
      body: privateLessonMoveSchema,
      response: { 200: privateLessonDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => moveByToken(ctx, req.params.token, req.body),
  });

  r.post('/api/private-lessons/:id/move', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Move a private lesson (staff, the desk): any free slot before it starts, the notice aside',
      params: idParamSchema,
      body: privateLessonMoveSchema,
      response: { 200: privateLessonDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => moveById(ctx, req.params.id, req.body),
  });
}
