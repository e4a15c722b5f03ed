import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingCreatedDtoSchema, deskDayDtoSchema, deskPassesDtoSchema, reservationDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { attendancePayloadSchema, deskBookingSchema, deskDayQuerySchema, deskPassesQuerySchema } from '../../shared/schemas/desk';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentCreatedBooking, presentReservation } from '../reservations/reservations.presenter';
import { presentDeskDay } from './desk.presenter';
import * as service from './desk.service';
import { deskPasses } from './desk-passes.service';

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
      description:
        "With `orderId` (one of the customer's paid passes) the booking spends one of its sessions in the seat's transaction, " +
        'as a web booking with the pass token does (same refusals: 404 pass_not_found, 409 pass_*); marking it present later keeps it spent.',
      body: deskBookingSchema,
      response: { 201: bookingCreatedDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentCreatedBooking(await service.createDeskBooking(ctx, req.body))),
  });

  r.get('/api/desk/passes', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The walk-in form's pass picker: the paid passes of the customers matching q, each checked against the session",
      description:
        'Customers whose name, e-mail or phone contains `q`; their orders paid (or deposit paid) and not over by today. ' +
        '`usable` says whether POST /api/desk/bookings with this `orderId` would spend it for `sessionId`; otherwise `refusal` (French) and `code` say why.',
      querystring: deskPassesQuerySchema,
      response: { 200: deskPassesDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => ({ passes: await deskPasses(ctx, req.query) }),
  });
}
