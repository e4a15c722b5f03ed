import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsDtoSchema } from '../../shared/api-types';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentDashboardStats } from './dashboard.presenter';
import { dashboardStats } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Staff and admins alike (SPEC.md §2: any signed-in user).
  r.get('/api/dashboard-stats', {
    config: { access: 'user' },
    schema: {
      tags: ['Dashboard'],
      summary: 'Totals, the recent daily counters and 12 weeks of bookings and messages',
      response: { 200: dashboardStatsDtoSchema, ...errorResponses(401) },
    },
    handler: async () => presentDashboardStats(await dashboardStats(ctx)),
  });
}
