import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the push work.
export async function pushRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
