import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderDtoSchema, staffOrderDtoSchema } from '../../shared/api-types/payments';
import { cancellationQuoteDtoSchema, orderQuoteDtoSchema } from '../../shared/api-types/stay-orders';
import { idParamSchema } from '../../shared/schemas/common';
import { orderQuoteSchema, orderTokenParamsSchema, stayCancellationSchema, stayDatesSchema } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { orderByToken } from './order-page.service';
import { staffOrder } from './order-payments.service';
import { presentOrder, presentStaffOrder } from './orders.presenter';
import { quoteOrder } from './orders.service';
import { cancelStayOrder, cancellationQuote, changeStayDates } from './stay-changes.service';

// An order's stay: its price before paying (issue 36 §3); after the sale (§4), the cancellation quote and its confirmation
// (back office), and the buyer's change of dates (order page, on its token).
export function stayOrdersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/orders/quote', {
    config: { access: 'public', limit: 'default' },
    schema: {
      tags: ['Orders'],
      summary: "An order's lines priced before paying: training, room and pickup, the total, what is due now and the balance with its due date",
      description:
        'The same lines as POST /api/orders (a pass with its start date, a stay, a pickup), checked and priced the same way, without a buyer or a method. ' +
        'Nothing is taken or written; the rooms left are GET /api/stays/availability. ' +
        '`code`: a discount code, checked as the order checks it (400 discount_code_invalid, _expired, _used_up); discountSatang is what it takes off.',
      body: orderQuoteSchema,
      response: { 200: orderQuoteDtoSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return quoteOrder(ctx, req.body);
    },
  });

  r.get('/api/orders/:id/cancellation-quote', {
    config: { access: 'user' },
    schema: {
      tags: ['Orders'],
      summary: "The refund the order's accepted stay terms give if it is cancelled today (days before check-in, gym time)",
      params: idParamSchema,
      response: { 200: cancellationQuoteDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return cancellationQuote(ctx, req.params.id);
    },
  });

  r.post('/api/orders/:id/stay-cancellation', {
    config: { access: 'admin' },
    schema: {
      tags: ['Orders'],
      summary: 'Cancel an order with a stay as quoted (admins): its nights are given back and the quoted refund paid through the refunds',
      description: 'refundSatang is the quote staff confirmed; 409 stale_version when the quote changed since (a payment, a day closer to check-in).',
      params: idParamSchema,
      body: stayCancellationSchema,
      response: { 200: staffOrderDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      await cancelStayOrder(ctx, req.params.id, req.body.refundSatang, signedIn(req).user.id);
      return presentStaffOrder(await staffOrder(ctx, req.params.id));
    },
  });

  r.post('/api/orders/by-token/:token/stay-dates', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: ['Orders (order page)'],
      summary: "New dates for the order's stay (same room type), up to the terms' free-change days before check-in",
      description:
        'The old nights are given back and the new ones taken at once (409 rooms_full: nothing changed); the price difference goes into the total. ' +
        '409 stay_change_closed too close to check-in or once the order is cancelled, expired or refunded.',
      params: orderTokenParamsSchema,
      body: stayDatesSchema,
      response: { 200: orderDtoSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req) => {
      await changeStayDates(ctx, req.params.token, req.body);
      return presentOrder(await orderByToken(ctx, req.params.token));
    },
  });
}
