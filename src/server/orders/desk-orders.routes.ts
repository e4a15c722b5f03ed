import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOrderDtoSchema } from '../../shared/api-types/payments';
import { deskOrderSchema } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { staffOrder } from './order-payments.service';
import { presentStaffOrder } from './orders.presenter';
import { createDeskOrder } from './orders.service';

// Selling a pass at the front desk: staff and admins alike.
export function deskOrdersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/desk/orders', {
    config: { access: 'user' },
    schema: {
      tags: ['Desk'],
      summary: 'Sell a pass at the desk (e-mail optional with a phone), with the money taken now if any (cash, terminal, transfer)',
      description: 'The answer carries the order page token once, for the customer (e.g. by WhatsApp) when they have no e-mail.',
      body: deskOrderSchema,
      response: { 201: staffOrderDtoSchema, ...errorResponses(400, 401, 409) },
    },
    handler: async (req, reply) => {
      const created = await createDeskOrder(ctx, req.body, signedIn(req).user.id);
      return reply.code(201).send({ ...presentStaffOrder(await staffOrder(ctx, created.row.id)), token: created.token });
    },
  });
}
