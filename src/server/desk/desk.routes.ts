import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deskDayDtoSchema, reservationDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { attendancePayloadSchema, deskBookingSchema, deskDayQuerySchema } from '../../shared/schemas/desk';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentReservation } from '../reservations/reservations.presenter';
import { presentDeskDay } from './desk.presenter';
import * as service from './desk.service';

const TAGS = ['Desk'];

// The front desk: staff and admins alike.
export function deskRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/desk/day', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'A gym day at the desk: every session (called-off ones flagged) with its seats and its bookings',
      querystring: deskDayQuerySchema,
      response: { 200: deskDayDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => presentDeskDay(await service.deskDay(ctx, req.query.date)),
  });

  r.put('/api/reservations/:id/attendance', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Mark a booking present or no-show (null removes the mark)',
      params: idParamSchema,
      body: attendancePayloadSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentReservation(await service.setAttendance(ctx, req.params.id, req.body.attendance)),
  });

  r.post('/api/desk/bookings', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Book a session for a walk-in or a WhatsApp message (takes a seat; no e-mail)',
      body: deskBookingSchema,
      response: { 201: reservationDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentReservation(await service.createDeskBooking(ctx, req.body))),
  });
}
