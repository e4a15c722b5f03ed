import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '../../shared/schemas/common';
import { conversationStatusSchema, replySchema } from '../../shared/schemas/conversations';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentConversation, presentMessage } from './conversations.presenter';
import * as service from './conversations.service';

export async function conversationsRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  app.get('/api/conversations', { preHandler: g.requireUser }, async () => (await service.listConversations(ctx)).map(presentConversation));

  app.get('/api/conversations/:id', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    return presentConversation(await service.getConversation(ctx, id));
  });

  app.get('/api/conversations/:id/messages', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    return (await service.listMessages(ctx, id)).map(presentMessage);
  });

  app.post('/api/conversations/:id/messages', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const { content } = parseOrThrow(replySchema, req.body);
    const message = await service.reply(ctx, req.user!, id, content);
    return reply.code(201).send(presentMessage(message));
  });

  app.put('/api/conversations/:id/status', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const { status } = parseOrThrow(conversationStatusSchema, req.body);
    return presentConversation(await service.setStatus(ctx, id, status));
  });

  app.put('/api/conversations/:id/mark-read', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const updated = await service.markRead(ctx, id);
    return { success: true, updated };
  });
}
