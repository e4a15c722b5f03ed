import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the dashboard work.
export async function dashboardRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
