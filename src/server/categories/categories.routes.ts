import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the categories work.
export async function categoriesRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
