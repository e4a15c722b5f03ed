import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { waitlistEntryDtoSchema, waitlistJoinedDtoSchema, waitlistStaffEntryDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { waitlistJoinPayloadSchema, waitlistStaffQuerySchema, waitlistTokenParamsSchema } from '../../shared/schemas/waitlist';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentWaitlistEntry, presentWaitlistStaffEntry, waitlistJoinedAnswer } from './waitlist.presenter';
import * as service from './waitlist.service';

const TAGS = ['Waiting list'];

export function waitlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/waitlist', {
    config: { access: 'public', limit: 'booking' },
    schema: {
      tags: TAGS,
      summary: 'Join the waiting list of a full session',
      description:
        'After a booking answered 409 slot_full with `waitlist: true`. One entry per person and session. The answer is the same ' +
        'whoever the address is (decision 174): the entry link (GET /api/waitlist/{token}) goes by e-mail only, a new one on each ' +
        'join of someone already in line; someone booked at that time is told so by e-mail and nothing changes. A session with ' +
        'seats left answers 409 waitlist_not_full; 409 waitlist_joined and waitlist_already_booked are no longer answered.',
      body: waitlistJoinPayloadSchema,
      response: { 201: waitlistJoinedDtoSchema, ...errorResponses(400, 409) },
    },
    handler: async (req, reply) => {
      await service.joinWaitlist(ctx, req.body);
      return reply.code(201).send(waitlistJoinedAnswer);
    },
  });

  r.get('/api/waitlist/:token', {
    config: { access: 'public', secretParams: ['token'] },
    schema: {
      tags: TAGS,
      summary: 'A waiting-list entry: its state, its place in line, the offer while one is open',
      params: waitlistTokenParamsSchema,
      response: { 200: waitlistEntryDtoSchema, ...errorResponses(400, 404, 410) },
    },
    handler: async (req) => presentWaitlistEntry(await service.getWaitlistEntry(ctx, req.params.token)),
  });

  r.post('/api/waitlist/:token/leave', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: TAGS,
      summary: 'Leave the waiting list (an offer held for this entry goes to the next person)',
      params: waitlistTokenParamsSchema,
      response: { 200: waitlistEntryDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => presentWaitlistEntry(await service.leaveWaitlist(ctx, req.params.token)),
  });

  r.post('/api/waitlist/:token/accept', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: TAGS,
      summary: 'Accept the offer: books the seat and spends the pass credit now',
      description:
        '409 waitlist_offer_gone once the offer expired, was taken or the entry left; 409 slot_full when the seat went to someone ' +
        'else (last two hours); the booking refusals (class_not_held, pass_*) as POST /api/reservations. Two accepts give one booking.',
      params: waitlistTokenParamsSchema,
      response: { 200: waitlistEntryDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => presentWaitlistEntry((await service.acceptOffer(ctx, req.params.token)).entry),
  });

  r.get('/api/timetable/weekly-sessions/:id/waitlist', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "A session's waiting list on a date, in line order (staff)",
      params: idParamSchema,
      querystring: waitlistStaffQuerySchema,
      response: { 200: waitlistStaffEntryDtoSchema.array(), ...errorResponses(400, 401) },
    },
    handler: async (req) => (await service.listForStaff(ctx, req.params.id, req.query.date)).map(presentWaitlistStaffEntry),
  });
}
