import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeTakingsDtoSchema, discountCodeDtoSchema } from '../../shared/api-types/discount-codes';
import { idParamSchema } from '../../shared/schemas/common';
import { discountCodePatchSchema, discountCodeSchema } from '../../shared/schemas/discount-codes';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentDiscountCode } from './discount-codes.presenter';
import * as service from './discount-codes.service';

const TAGS = ['Discount codes'];

// Staff make and manage codes (issue 48 point 6); orders take them through POST /api/orders.
export function discountCodesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/discount-codes', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Every discount code, newest first, with its uses',
      response: { 200: discountCodeDtoSchema.array(), ...errorResponses(401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return (await service.listCodes(ctx)).map(presentDiscountCode);
    },
  });

  r.post('/api/discount-codes', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Make a code: exactly one of percentOff (1–100) and amountOffSatang; what it covers; gym dates; total uses and uses per person',
      body: discountCodeSchema,
      response: { 201: discountCodeDtoSchema, ...errorResponses(400, 401, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentDiscountCode(await service.createCode(ctx, req.body))),
  });

  r.patch('/api/discount-codes/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Edit a code (the fields given); orders already holding it keep their discount',
      params: idParamSchema,
      body: discountCodePatchSchema,
      response: { 200: discountCodeDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentDiscountCode(await service.editCode(ctx, req.params.id, req.body)),
  });

  r.post('/api/discount-codes/:id/disable', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Disable a code: no new order takes it',
      params: idParamSchema,
      response: { 200: discountCodeDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentDiscountCode(await service.disableCode(ctx, req.params.id)),
  });

  r.get('/api/discount-codes/takings', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The dashboard's takings per code: orders holding it, the discount given, money received net of refunds",
      response: { 200: codeTakingsDtoSchema.array(), ...errorResponses(401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return (await service.codeTakings(ctx)).map((t) => ({ code: t.code, orders: t.orders, discountSatang: t.discount, takingsSatang: t.takings }));
    },
  });
}
