import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';

// Placeholder: filled in by the gallery work.
export async function galleryRoutes(_app: FastifyInstance, _ctx: AppContext, _g: Guards) {}
