import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingCreatedDtoSchema, manageBookingDtoSchema, reservationDtoSchema, reservationPageDtoSchema } from '../../shared/api-types';
import { isListQuery, reservationListQuerySchema } from '../../shared/schemas/lists';
import { bulkIdsSchema, bulkResultSchema } from '../../shared/schemas/bulk';
import { idParamSchema } from '../../shared/schemas/common';
import {
  manageMovePayloadSchema,
  manageTokenParamsSchema,
  reservationHeadersSchema,
  reservationPayloadSchemaIn,
  waivePayloadSchema,
} from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { withLanguage } from '../http/with-language';
import { presentCreatedBooking, presentManagedBooking, presentReservation, reservationDecoy } from './reservations.presenter';
import * as admin from './booking-admin.service';
import { createReservation } from './booking-create.service';
import * as manage from './booking-manage.service';
import { HttpError } from '../errors';
import { waiveBooking } from './booking-waive.service';

const TAGS = ['Reservations'];
const MANAGE_TAGS = ['Bookings (manage link)'];
const RESERVATION_LIST_KEYS = Object.keys(reservationListQuerySchema.shape);

/** A booking refused because the session is full says that its waiting list is open (POST /api/waitlist). */
function withWaitlistHint(err: unknown): never {
  if (err instanceof HttpError && err.code === 'slot_full') throw new HttpError(err.statusCode, err.message, err.code, { waitlist: true });
  throw err;
}

export function reservationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/reservations', {
    config: { access: 'public', honeypot: reservationDecoy, limit: 'booking' },
    // A few hundred bytes of JSON: never worth compressing, so the compression hook is skipped.
    compress: false,
    schema: {
      tags: TAGS,
      summary: 'Book a class (the public booking form)',
      description:
        'A course and time must name a timetable session (GET /api/sessions); it takes one of its seats (409 "This class is full"). ' +
        'A full session answers 409 slot_full with `waitlist: true` (POST /api/waitlist). A class by appointment (Private Training) is a request at any future time. With an Idempotency-Key, a retry within 24 h ' +
        'gets the first answer again and books nothing (422 when the key was used for another booking). With `passToken` (the token of a ' +
        "paid pass's order page) the booking spends one of the pass's sessions in the same transaction as the seat, and the answer " +
        'names it (`passId`, `creditsLeft`); a pass that cannot pay for it refuses the booking and books nothing: 404 pass_not_found, ' +
        '409 pass_not_paid, pass_not_covered, pass_out_of_dates, pass_day_used, pass_slot_used, pass_no_credit, pass_week_full.',
      headers: reservationHeadersSchema,
      body: reservationPayloadSchemaIn(ctx.config.timezone),
      response: { 201: bookingCreatedDtoSchema, ...errorResponses(400, 404, 409, 422) },
    },
    handler: async (req, reply) => {
      const result = await createReservation(ctx, { payload: req.body, idempotencyKey: req.headers['idempotency-key'] }).catch(withWaitlistHint);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(presentCreatedBooking(result));
    },
  });

  // The customer's manage link (PUBLIC_URL/booking/manage/{token}, sent by e-mail only). A GET
  // never changes anything. Every link once mailed answers what became of the booking (cancelled,
  // past, replaced by a newer e-mail); after its person's erase, 410; only a token never given is 404.
  r.get('/api/bookings/manage/:token', {
    config: { access: 'public', secretParams: ['token'] },
    schema: {
      tags: MANAGE_TAGS,
      summary: 'A booking as its manage link shows it',
      params: manageTokenParamsSchema,
      response: { 200: manageBookingDtoSchema, ...errorResponses(400, 404, 410) },
    },
    handler: async (req) => presentManagedBooking(await manage.getManagedBooking(ctx, req.params.token)),
  });

  r.post('/api/bookings/manage/:token/cancel', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: MANAGE_TAGS,
      summary: 'Cancel the booking (frees its seat; refused once the class started)',
      params: manageTokenParamsSchema,
      response: { 200: manageBookingDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => presentManagedBooking(await manage.cancelByToken(ctx, req.params.token)),
  });

  r.post('/api/bookings/manage/:token/move', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: MANAGE_TAGS,
      summary: 'Move the booking to another session (GET /api/sessions names them)',
      params: manageTokenParamsSchema,
      body: manageMovePayloadSchema,
      response: { 200: manageBookingDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => presentManagedBooking(await manage.moveByToken(ctx, req.params.token, req.body.sessionId)),
  });

  // Without a parameter: every reservation, archived included (SPEC.md §7). With a search, filter,
  // sort or paging parameter: one page of the matches, { items, total, page, pageSize, counts }.
  r.get('/api/reservations', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'List reservations: every one, or a page of a search (q, course, status, when, from, to, sort, page, pageSize)',
      querystring: reservationListQuerySchema,
      response: { 200: z.union([reservationPageDtoSchema, reservationDtoSchema.array()]), ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      if (!isListQuery(req.query, RESERVATION_LIST_KEYS)) return (await admin.listReservations(ctx)).map(presentReservation);
      const { rows, ...page } = await admin.searchReservations(ctx, req.query);
      return { items: rows.map((r) => withLanguage(presentReservation(r), r)), ...page };
    },
  });

  r.put('/api/reservations/:id/read', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Mark a reservation read',
      params: idParamSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentReservation(await admin.markRead(ctx, req.params.id)),
  });

  r.put('/api/reservations/:id/archive', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Archive a reservation', params: idParamSchema, response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req) => presentReservation(await admin.archive(ctx, req.params.id)),
  });

  r.put('/api/reservations/:id/unarchive', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Unarchive a reservation: it is again what it was before (unread or read)',
      params: idParamSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentReservation(await admin.unarchive(ctx, req.params.id)),
  });

  r.put('/api/reservations/:id/unread', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Mark a read reservation unread again (other statuses stay)',
      params: idParamSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentReservation(await admin.markUnread(ctx, req.params.id)),
  });

  // Bulk actions: one request and one transaction for the selected rows; ids that name nothing,
  // or a booking the action leaves as it is, are skipped. The answer lists the ids changed.
  const bulk = (action: string, summary: string, run: (ids: number[]) => Promise<number[]>) =>
    r.post(`/api/reservations/bulk/${action}`, {
      config: { access: 'user' },
      schema: { tags: TAGS, summary, body: bulkIdsSchema, response: { 200: bulkResultSchema, ...errorResponses(400, 401) } },
      handler: async (req) => {
        const ids = await run(req.body.ids);
        return { count: ids.length, ids };
      },
    });
  bulk('read', 'Mark the selected reservations read (the unread ones)', (ids) => admin.bulkMarkRead(ctx, ids));
  bulk('archive', 'Archive the selected reservations (unread and read ones)', (ids) => admin.bulkArchive(ctx, ids));
  bulk('unarchive', 'Unarchive the selected reservations (each back to what it was)', (ids) => admin.bulkUnarchive(ctx, ids));
  bulk('delete', 'Delete the selected reservations for good (seats given back)', (ids) => admin.bulkDelete(ctx, ids));

  r.put('/api/reservations/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Cancel a reservation for the customer (frees its seat, e-mails the cancellation)',
      params: idParamSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentReservation(await admin.cancelByStaff(ctx, req.params.id)),
  });

  r.put('/api/reservations/:id/waive', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Forgive a late cancel or a no-show: the pass's session comes back, once (409 already_waived, not_waivable)",
      params: idParamSchema,
      body: waivePayloadSchema,
      response: { 200: reservationDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentReservation(await waiveBooking(ctx, req.params.id, req.user?.id ?? null, req.body.reason)),
  });

  r.delete('/api/reservations/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete a reservation for good',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      await admin.deleteReservation(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
