import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerAdoptDtoSchema, customerDetailDtoSchema, customerMergeDtoSchema, customerPageDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { customerAdoptSchema, customerListQuerySchema, customerMergeSchema } from '../../shared/schemas/customers';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import * as service from './customers.service';

const TAGS = ['Customers'];

// Staff and admins alike: the desk looks people up and merges the duplicates it meets
// (docs/decisions/101-customers-the-clients-screen-the-history-and-merging.md). A merge moves records, never money.
export function customersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'A page of customers, most recently seen first (q: name, e-mail or phone, whatever the case or script; a phone by its digits too)',
      querystring: customerListQuerySchema,
      response: { 200: customerPageDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.searchCustomers(ctx, req.query),
  });

  r.get('/api/customers/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary:
        "A customer's history: bookings, orders (credits and days left), payments and refunds, balance owed, conversations. A merged record's id answers the record it was merged into, with mergedFromId",
      params: idParamSchema,
      response: { 200: customerDetailDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => service.customerDetail(ctx, req.params.id),
  });

  r.post('/api/customers/:id/merge', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary:
        'Merge another record of the same person into this one: its bookings, orders and conversations move here, its e-mail and phone fill what this one lacks, and it is marked merged (merge_same_customer: the same record; customer_merged: either was merged already)',
      params: idParamSchema,
      body: customerMergeSchema,
      response: { 200: customerMergeDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => {
      const { user } = signedIn(req);
      return service.mergeCustomers(ctx, { id: user.id, email: user.email, ip: req.ip ?? null }, req.params.id, req.body.otherId);
    },
  });

  r.post('/api/customers/:id/adopt', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary:
        "Adopt a name, phone or language a visitor typed on one of the customer's bookings, orders or contact messages (`proposals` of GET /api/customers/{id}): the value is read from that row, and the detail counts as set now (decision 173). 404 when the row is not this customer's; customer_merged when the record was merged",
      params: idParamSchema,
      body: customerAdoptSchema,
      response: { 200: customerAdoptDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => {
      const { user } = signedIn(req);
      return service.adoptProposal(ctx, { id: user.id, email: user.email, ip: req.ip ?? null }, req.params.id, req.body);
    },
  });
}
