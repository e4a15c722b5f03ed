import type { FastifyInstance } from 'fastify';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../shared/schemas/push';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentSubscription } from './push.presenter';
import { sendTest, subscribe, unsubscribe } from './push.service';
import { vapidKeys } from './vapid';

export async function pushRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Public: the browser needs the application server key to subscribe.
  app.get('/api/push/public-key', async (_req, reply) => {
    const { publicKey } = await vapidKeys(ctx.db, ctx.config);
    return reply.header('Cache-Control', 'no-cache').send({ publicKey });
  });

  app.post('/api/push/subscribe', { preHandler: g.requireUser }, async (req, reply) => {
    const input = parseOrThrow(pushSubscribeSchema, req.body);
    const row = await subscribe(ctx, req.user!, input);
    return reply.code(201).send(presentSubscription(row));
  });

  app.post('/api/push/unsubscribe', { preHandler: g.requireUser }, async (req) => {
    const { endpoint } = parseOrThrow(pushUnsubscribeSchema, req.body);
    await unsubscribe(ctx, endpoint);
    return { success: true };
  });

  // Waits for the push services' answers so the button can say whether it worked.
  app.post('/api/push/test', { preHandler: g.requireUser }, async (req) => sendTest(ctx, req.user!));
}
