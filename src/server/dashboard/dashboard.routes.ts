import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { dashboardStats } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Staff and admins alike (SPEC.md §2: any signed-in user).
  app.get('/api/dashboard-stats', { preHandler: g.requireUser }, async (_req, reply) => {
    return reply.header('Cache-Control', 'no-store').send(await dashboardStats(ctx));
  });
}
