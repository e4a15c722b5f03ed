import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { honeypotFilled } from '../../shared/schemas/common';

/** What a route answers a bot that filled the honeypot: the status and body a success has. */
export interface HoneypotDecoy {
  status: number;
  answer: (body: never) => unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's public form carries the honeypot field (shared/schemas/common.ts HONEYPOT_FIELD). */
    honeypot?: HoneypotDecoy;
  }
}

/** An id for a decoy answer; nothing is stored under it. */
export const decoyId = (): number => randomInt(1, 1_000_000);

/**
 * A request whose (validated) body fills the honeypot gets the route's usual success answer
 * before the handler runs: nothing is stored, mailed or counted, and the bot learns nothing.
 */
export function registerHoneypot(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const decoy = route.config?.honeypot;
    if (!decoy) return;
    const drop = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!honeypotFilled(req.body)) return;
      await reply.code(decoy.status).send(decoy.answer(req.body as never));
      return reply;
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [drop, ...existing];
  });
}
