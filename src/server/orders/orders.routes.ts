import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDtoSchema, orderPageDtoSchema, staffOrderDtoSchema } from '../../shared/api-types/payments';
import { GALLERY_MAX_BYTES } from '../../shared/constants';
import { idParamSchema } from '../../shared/schemas/common';
import { orderListQuerySchema, orderPaymentSchema, orderPayloadSchema, orderRefundSchema, orderTokenParamsSchema } from '../../shared/schemas/orders';
import { reservationHeadersSchema } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { imageFileField, leaveMultipartBody, readUploadForm } from '../gallery/gallery-upload-form';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { checkoutByToken, orderByToken, promptpaySvg, uploadSlip, viewOf } from './order-page.service';
import { cancelOrder, listOrders, recordPayment, recordRefund, slipFile, staffOrder } from './order-payments.service';
import { orderDecoy, presentListedOrder, presentOrder, presentStaffOrder } from './orders.presenter';
import { createOrder } from './orders.service';
import { stayOrdersRoutes } from './stay-orders.routes';

const TAGS = ['Orders'];
const PAGE_TAGS = ['Orders (order page)'];

const binary = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string().describe(description) } } });

export function ordersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // An order's stay after the sale (quote, cancellation, change of dates): their own file, app.ts unchanged.
  stayOrdersRoutes(app, ctx);

  r.post('/api/orders', {
    config: { access: 'public', honeypot: orderDecoy, limit: 'booking' },
    schema: {
      tags: TAGS,
      summary: 'Buy a pass, a stay and an airport pickup, or any of them (the public booking page): PromptPay, card or pay at the desk',
      description:
        'The pass must be on sale (GET /api/passes) and start today or later in gym time. The answer carries the order page token ' +
        '(PUBLIC_URL/booking/order/{token}) once; PromptPay orders carry the Thai QR text of what is due now, card orders the checkout address. ' +
        'An unpaid PromptPay or card order lapses after PAYMENT_HOLD_HOURS. With an Idempotency-Key, a retry within 24 h answers the same order. ' +
        'A stay takes a room of its type for each night in the same transaction (409 rooms_full when one is full) and holds it until the order lapses or is cancelled; ' +
        "with a stay or a pickup, Paramètres › Séjours' deposit rule applies to the whole order and `lines` shows each line apart. " +
        '`code`: a discount code (case-insensitive) off the lines it covers; the order keeps it (`discount`) and amountSatang is after it; ' +
        "400 discount_code_invalid, discount_code_expired or discount_code_used_up (its last use is taken once, in the order's transaction).",
      headers: reservationHeadersSchema,
      body: orderPayloadSchema,
      response: { 201: orderDtoSchema, ...errorResponses(400, 409, 422) },
    },
    handler: async (req, reply) => {
      const created = await createOrder(ctx, req.body, req.headers['idempotency-key']);
      if (created.replayed) reply.header('idempotent-replayed', 'true');
      const view = await viewOf(ctx, created.row);
      return reply.code(201).send(presentOrder({ ...view, token: created.token, ...(created.checkoutUrl ? { checkoutUrl: created.checkoutUrl } : {}) }));
    },
  });

  // The order page (the token is the buyer's only key; a wrong one is 404).
  r.get('/api/orders/by-token/:token', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: "An order as its page shows it: status, what is paid and owed, the PromptPay QR's text while something is due",
      params: orderTokenParamsSchema,
      response: { 200: orderDtoSchema, ...errorResponses(400, 404, 410) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return presentOrder(await orderByToken(ctx, req.params.token));
    },
  });

  r.get('/api/orders/by-token/:token/promptpay.svg', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: 'The PromptPay QR of what is due now, as an SVG image',
      params: orderTokenParamsSchema,
      response: { 200: binary('image/svg+xml', 'The Thai QR (EMVCo) as SVG'), ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req, reply) => {
      const svg = await promptpaySvg(ctx, req.params.token);
      return reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  });

  r.post('/api/orders/by-token/:token/slip', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    validatorCompiler: leaveMultipartBody,
    schema: {
      tags: PAGE_TAGS,
      summary: 'Upload the transfer slip (multipart/form-data, field image): checked like a gallery upload; a new one replaces the last',
      consumes: ['multipart/form-data'],
      params: orderTokenParamsSchema,
      body: z.object({ image: imageFileField }),
      response: { 200: orderDtoSchema, ...errorResponses(400, 404, 409, 410, 413, 415) },
    },
    handler: async (req) => {
      const form = await readUploadForm(req, GALLERY_MAX_BYTES);
      return presentOrder(await uploadSlip(ctx, req.params.token, form.file));
    },
  });

  r.post('/api/orders/by-token/:token/checkout', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: 'A new card checkout for what is due now (card orders; the answer carries checkoutUrl)',
      params: orderTokenParamsSchema,
      response: { 200: orderDtoSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (req) => presentOrder(await checkoutByToken(ctx, req.params.token)),
  });

  // The back office.
  r.get('/api/orders', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'A page of orders, newest first (q: reference, name, e-mail or phone; status; method; from/to: gym days made; page, pageSize)',
      querystring: orderListQuerySchema,
      response: { 200: orderPageDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      const { rows, ...page } = await listOrders(ctx, req.query);
      return { items: rows.map(presentListedOrder), ...page };
    },
  });

  r.get('/api/orders/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'One order with its buyer, its ledger and its transfer slip',
      params: idParamSchema,
      response: { 200: staffOrderDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentStaffOrder(await staffOrder(ctx, req.params.id)),
  });

  r.get('/api/orders/:id/slip', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The buyer's transfer slip (WebP)",
      params: idParamSchema,
      response: { 200: binary('image/webp', 'The slip as the buyer sent it, re-encoded without metadata'), ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) =>
      reply
        .type('image/webp')
        .header('cache-control', 'no-store')
        .send((await slipFile(ctx, req.params.id)) as unknown as string),
  });

  r.post('/api/orders/:id/payments', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Record money received (cash, terminal, transfer, PromptPay): never more than what is owed (409)',
      params: idParamSchema,
      body: orderPaymentSchema,
      response: { 201: staffOrderDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentStaffOrder(await recordPayment(ctx, req.params.id, req.body, signedIn(req).user.id))),
  });

  r.post('/api/orders/:id/refunds', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Pay money back (admins): never more than paid minus refunded; card refunds go through the provider once per Idempotency-Key',
      params: idParamSchema,
      headers: reservationHeadersSchema,
      body: orderRefundSchema,
      response: { 201: staffOrderDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) =>
      reply.code(201).send(presentStaffOrder(await recordRefund(ctx, req.params.id, req.body, signedIn(req).user.id, req.headers['idempotency-key']))),
  });

  r.post('/api/orders/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Cancel an order while nothing is paid (net of refunds)',
      params: idParamSchema,
      response: { 200: staffOrderDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentStaffOrder(await cancelOrder(ctx, req.params.id)),
  });
}
