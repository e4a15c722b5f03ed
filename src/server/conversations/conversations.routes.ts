import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the conversations work.
export async function conversationsRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
