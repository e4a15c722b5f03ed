import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the blog work.
export async function blogRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
