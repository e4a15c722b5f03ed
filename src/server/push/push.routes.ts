import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushPublicKeyDtoSchema, pushSubscriptionDtoSchema, pushTestResultDtoSchema, successAnswerSchema } from '../../shared/api-types';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../shared/schemas/push';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { presentSubscription } from './push.presenter';
import { sendTest, subscribe, unsubscribe } from './push.service';
import { vapidKeys } from './vapid';

const TAGS = ['Push notifications'];

export function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the browser needs the application server key to subscribe.
  r.get('/api/push/public-key', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'The VAPID application server key', response: { 200: pushPublicKeyDtoSchema } },
    handler: async (_req, reply) => {
      const { publicKey } = await vapidKeys(ctx.db, ctx.config);
      return reply.header('Cache-Control', 'no-cache').send({ publicKey });
    },
  });

  r.post('/api/push/subscribe', {
    config: { access: 'user', limit: 'pushSubscribe', trainer: true },
    schema: {
      tags: TAGS,
      summary: "Store this browser's push subscription",
      body: pushSubscribeSchema,
      response: { 201: pushSubscriptionDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => reply.code(201).send(presentSubscription(await subscribe(ctx, signedIn(req).user, req.body))),
  });

  r.post('/api/push/unsubscribe', {
    config: { access: 'user', trainer: true },
    schema: {
      tags: TAGS,
      summary: 'Remove a push subscription by its endpoint',
      body: pushUnsubscribeSchema,
      response: { 200: successAnswerSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => {
      await unsubscribe(ctx, req.body.endpoint);
      return { success: true as const };
    },
  });

  // Waits for the push services' answers so the button can say whether it worked.
  r.post('/api/push/test', {
    config: { access: 'user', trainer: true },
    schema: {
      tags: TAGS,
      summary: "Send a test notification to the caller's devices",
      response: { 200: pushTestResultDtoSchema, ...errorResponses(401, 404) },
    },
    handler: async (req) => {
      const { sent, removed, failed } = await sendTest(ctx, signedIn(req).user);
      return { sent, removed, failed };
    },
  });
}
