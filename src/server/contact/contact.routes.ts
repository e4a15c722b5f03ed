import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the contact work.
export async function contactRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
