import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogPageDtoSchema } from '../../shared/api-types';
import { auditLogQuerySchema } from '../../shared/schemas/audit';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentAuditPage } from './audit.presenter';
import { searchAuditLog } from './audit.service';

export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/audit-log', {
    config: { access: 'admin' },
    schema: {
      tags: ['Audit'],
      summary: 'The audit log: back-office writes, sign-ins and sign-outs, newest first (filters, paging)',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogPageDtoSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => presentAuditPage(await searchAuditLog(ctx, req.query)),
  });
}
