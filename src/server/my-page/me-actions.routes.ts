import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mePageDtoSchema, mePayLinkDtoSchema, visaLetterRequestedDtoSchema } from '../../shared/api-types';
import { pickupFlightSchema } from '../../shared/schemas/arrivals';
import { privateLessonMoveSchema } from '../../shared/schemas/private-lessons';
import { mePausePayloadSchema, meRecordParamsSchema } from '../../shared/schemas/me';
import { stayDatesSchema } from '../../shared/schemas/orders';
import { manageMovePayloadSchema } from '../../shared/schemas/reservations';
import { visaLetterRequestSchema } from '../../shared/schemas/visa-letters';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { meCookieToken } from '../me/me-cookie';
import * as actions from './me-actions.service';
import { mePage } from './me-page.service';
import { signedInCustomer } from '../me/me.service';

// My page's actions (issue 47 point 2, decision 187): the session's person, a record of theirs
// by its id, and the manage link's or the order page's own service function. Each answers My
// page as it is after the change, so the page redraws from one answer.

const TAGS = ['My page'];
const WRITE = { access: 'public', limit: 'manageBooking' } as const;
const refusals = errorResponses(400, 401, 404, 409);

export function meActionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const person = (req: FastifyRequest) => signedInCustomer(ctx, meCookieToken(req.headers.cookie));
  /** Runs the action as the signed-in person, then answers My page as it is now. */
  const andPage = async (req: FastifyRequest, reply: FastifyReply, act: (p: { id: number }) => Promise<unknown>) => {
    const p = await person(req);
    await act(p);
    reply.header('cache-control', 'private, no-store');
    return mePage(ctx, p);
  };
  const page = { 200: mePageDtoSchema, ...refusals };

  r.get('/api/me', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary:
        'The signed-in traveller and their records: bookings, lessons, waiting lists, passes, orders, stays, visa letters (session cookie; a staff token opens nothing here)',
      response: { 200: mePageDtoSchema, ...errorResponses(401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return mePage(ctx, await person(req));
    },
  });

  r.post('/api/me/bookings/:id/cancel', {
    config: WRITE,
    schema: { tags: TAGS, summary: "Cancel one of the person's bookings (the manage link's cancel)", params: meRecordParamsSchema, response: page },
    handler: (req, reply) => andPage(req, reply, (p) => actions.cancelBooking(ctx, p, req.params.id)),
  });

  r.post('/api/me/bookings/:id/move', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "Move one of the person's class bookings to another session (the manage link's move; its e-mail carries a new manage link)",
      params: meRecordParamsSchema,
      body: manageMovePayloadSchema,
      response: page,
    },
    handler: (req, reply) => andPage(req, reply, (p) => actions.moveBooking(ctx, p, req.params.id, req.body.sessionId)),
  });

  r.post('/api/me/lessons/:id/move', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "Move one of the person's private lessons to another free slot (the lesson link's move; its e-mail carries a new manage link)",
      description:
        'Until the cancel deadline of Paramètres, to a free slot of the same trainer or another (trainerId), as from the link. Cancelling: POST /api/me/bookings/{id}/cancel.',
      params: meRecordParamsSchema,
      body: privateLessonMoveSchema,
      response: page,
    },
    handler: (req, reply) => andPage(req, reply, (p) => actions.moveLesson(ctx, p, req.params.id, req.body)),
  });

  r.post('/api/me/waitlist/:id/leave', {
    config: WRITE,
    schema: { tags: TAGS, summary: 'Leave a waiting list (the waiting-list link’s leave)', params: meRecordParamsSchema, response: page },
    handler: (req, reply) => andPage(req, reply, (p) => actions.leaveLine(ctx, p, req.params.id)),
  });

  r.post('/api/me/waitlist/:id/accept', {
    config: WRITE,
    schema: { tags: TAGS, summary: 'Accept an open offer of a place (the waiting-list link’s accept)', params: meRecordParamsSchema, response: page },
    handler: (req, reply) => andPage(req, reply, (p) => actions.acceptPlace(ctx, p, req.params.id)),
  });

  r.put('/api/me/orders/:id/flight', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "Give or change the pickup's flight of one of the person's orders (the order page's)",
      params: meRecordParamsSchema,
      body: pickupFlightSchema,
      response: page,
    },
    handler: (req, reply) => andPage(req, reply, (p) => actions.giveFlight(ctx, p, req.params.id, req.body)),
  });

  r.post('/api/me/orders/:id/stay-dates', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "New dates for the stay of one of the person's orders (the order page's, same terms)",
      params: meRecordParamsSchema,
      body: stayDatesSchema,
      response: page,
    },
    handler: (req, reply) => andPage(req, reply, (p) => actions.moveStay(ctx, p, req.params.id, req.body)),
  });

  r.post('/api/me/orders/:id/visa-letter', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "Request the visa letter of one of the person's programmes (the order page's request)",
      params: meRecordParamsSchema,
      body: visaLetterRequestSchema,
      response: { 201: visaLetterRequestedDtoSchema, ...refusals },
    },
    handler: async (req, reply) => reply.code(201).send(await actions.askForLetter(ctx, await person(req), req.params.id, req.body)),
  });

  r.get('/api/me/orders/:id/visa-letter.pdf', {
    config: { access: 'public', limit: 'orderPage' },
    schema: {
      tags: TAGS,
      summary: "The issued visa letter of one of the person's programmes (the order page's PDF; every download is in the audit log)",
      params: meRecordParamsSchema,
      response: { 200: { description: 'The letter', content: { 'application/pdf': { schema: z.string() } } }, ...refusals },
    },
    handler: async (req, reply) => {
      const { pdf, reference } = await actions.letterPdf(ctx, await person(req), req.params.id, req.ip ?? null);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
        .send(pdf);
    },
  });

  r.post('/api/me/orders/:id/pay', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "The order page to pay what is owed on one of the person's orders (a new key of it, as the balance reminder's)",
      params: meRecordParamsSchema,
      response: { 200: mePayLinkDtoSchema, ...refusals },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return actions.payLink(ctx, await person(req), req.params.id);
    },
  });

  r.get('/api/me/orders/:id/receipt.pdf', {
    config: { access: 'public', limit: 'orderPage' },
    schema: {
      tags: TAGS,
      summary: "The receipt of one of the person's paid orders (the order page's PDF)",
      params: meRecordParamsSchema,
      response: { 200: { description: 'The receipt', content: { 'application/pdf': { schema: z.string() } } }, ...refusals },
    },
    handler: async (req, reply) => {
      const file = await actions.receipt(ctx, await person(req), req.params.id);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="receipt-${file.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
        .send(Buffer.from(file.pdf));
    },
  });

  r.post('/api/me/passes/:id/pause', {
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: "Pause one of the person's passes: its last gym day moves by the days paused",
      description: 'Up to the owner’s pause days in all per pass (0: never); a paid pass not yet over; from today on in gym time.',
      params: meRecordParamsSchema,
      body: mePausePayloadSchema,
      response: page,
    },
    handler: (req, reply) => andPage(req, reply, (p) => actions.pause(ctx, p, req.params.id, req.body)),
  });
}
