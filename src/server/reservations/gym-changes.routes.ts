import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswerSchema, idParamSchema } from '../../shared/schemas/common';
import {
  closureCreatedDtoSchema,
  closureCreateSchema,
  closurePreviewQuerySchema,
  heldBookingDtoSchema,
  occurrenceBookingsQuerySchema,
  sessionCancellationSchema,
  sessionCancelledDtoSchema,
  weeklySessionUpdatedDtoSchema,
  weeklySessionUpdateSchema,
} from '../../shared/schemas/timetable';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentCancellation, presentClosure, presentWeeklySession } from '../timetable/timetable.presenter';
import * as service from './gym-changes.service';
import { presentHeldBooking } from './reservations.presenter';

// Planning's writes that touch bookings (issue 34, points 1–3): they live beside the bookings'
// rules, since the timetable never imports them. Same paths and tags as the rest of Planning.

const TAGS = ['Timetable planning'];

/** 409 session_has_bookings also says how many (`bookings`). */
const sessionHasBookingsSchema = errorAnswerSchema.extend({ bookings: z.number().int().optional() }).describe('Conflicts with what is stored');

export function gymChangesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/timetable/weekly-sessions/:id/bookings', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Who is booked on one occurrence (shown before it is cancelled)',
      params: idParamSchema,
      querystring: occurrenceBookingsQuerySchema,
      response: { 200: heldBookingDtoSchema.array(), ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => (await service.bookingsOfOccurrence(ctx, req.params.id, req.query.date)).map(presentHeldBooking),
  });

  r.post('/api/timetable/weekly-sessions/:id/cancellations', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Cancel one occurrence of a weekly session and, with it, every booking on it (e-mailed, credits back)',
      params: idParamSchema,
      body: sessionCancellationSchema,
      response: { 201: sessionCancelledDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      const done = await service.cancelOccurrenceAndBookings(ctx, req.params.id, req.body);
      return reply.code(201).send({ ...presentCancellation(done), bookingsCancelled: done.bookingsCancelled });
    },
  });

  r.get('/api/timetable/closures/preview', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'The bookings a closure of these dates would cancel',
      querystring: closurePreviewQuerySchema,
      response: { 200: heldBookingDtoSchema.array(), ...errorResponses(400, 401) },
    },
    handler: async (req) => (await service.closurePreview(ctx, req.query.startDate, req.query.endDate)).map(presentHeldBooking),
  });

  r.post('/api/timetable/closures', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Close the gym for a date range (both inclusive), cancelling every booking to come in it',
      body: closureCreateSchema,
      response: { 201: closureCreatedDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      const done = await service.closeAndCancelBookings(ctx, req.body);
      return reply.code(201).send({ ...presentClosure(done), bookingsCancelled: done.bookingsCancelled });
    },
  });

  r.patch('/api/timetable/weekly-sessions/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Change a weekly session (only the fields sent); a new day or time with bookings to come needs bookings: move or cancel',
      params: idParamSchema,
      body: weeklySessionUpdateSchema,
      response: { 200: weeklySessionUpdatedDtoSchema, ...errorResponses(400, 401, 404), 409: sessionHasBookingsSchema },
    },
    handler: async (req) => {
      const done = await service.updateSessionAndBookings(ctx, req.params.id, req.body);
      return { ...presentWeeklySession(done), bookingsChanged: done.bookingsChanged };
    },
  });
}
