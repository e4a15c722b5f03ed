import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { authenticate } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : null;
}

// preHandlers used by the routes: requireUser (401), requireAdmin (401, then 403 for staff),
// optionalUser (public calls that show more to a signed-in user).
export function guards(ctx: AppContext) {
  async function resolve(req: FastifyRequest): Promise<UserRow | null> {
    const token = bearerToken(req);
    if (!token) return null;
    const user = await authenticate(ctx, token);
    if (user) {
      req.user = user;
      req.token = token;
    }
    return user;
  }
  return {
    requireUser: async (req: FastifyRequest, _reply: FastifyReply) => {
      if (!(await resolve(req))) throw unauthorized('Authentication required');
    },
    requireAdmin: async (req: FastifyRequest, _reply: FastifyReply) => {
      const user = await resolve(req);
      if (!user) throw unauthorized('Authentication required');
      if (user.role !== 'admin') throw forbidden('Accès réservé aux administrateurs');
    },
    optionalUser: async (req: FastifyRequest, _reply: FastifyReply) => {
      await resolve(req);
    },
  };
}
export type Guards = ReturnType<typeof guards>;
