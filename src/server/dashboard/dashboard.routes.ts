import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsDtoSchema, dashboardTodayDtoSchema } from '../../shared/api-types';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentDashboardStats } from './dashboard.presenter';
import { dashboardStats } from './dashboard.service';
import { dashboardToday } from './today.service';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date } = {}) {
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

  // The desk's day: staff and admins; a trainer is refused (their day is /admin/mon-planning).
  r.get('/api/dashboard/today', {
    config: { access: 'user' },
    schema: {
      tags: ['Dashboard'],
      summary:
        "What needs the desk on the gym's day: classes and waiting lists, arrivals, departures and pickups, private lessons, money owed, messages, offers out",
      description: 'The gym date in GYM_TIMEZONE. Money: orders awaiting payment or with the deposit paid, and those due before today (overdue).',
      response: { 200: dashboardTodayDtoSchema, ...errorResponses(401, 403) },
    },
    handler: () => dashboardToday(ctx, opts.now?.() ?? new Date()),
  });
}
