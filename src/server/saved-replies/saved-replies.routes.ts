import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { savedReplyDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { savedReplySchema } from '../../shared/schemas/saved-replies';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentSavedReply } from './saved-replies.presenter';
import * as service from './saved-replies.service';

const TAGS = ['Saved replies'];

// Every signed-in staff member reads and manages them: they are the desk's shared answers.
export function savedRepliesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/saved-replies', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'List saved replies by title', response: { 200: savedReplyDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listSavedReplies(ctx)).map(presentSavedReply),
  });

  r.post('/api/saved-replies', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Add a saved reply', body: savedReplySchema, response: { 201: savedReplyDtoSchema, ...errorResponses(400, 401) } },
    handler: async (req, reply) => reply.code(201).send(presentSavedReply(await service.createSavedReply(ctx, req.body))),
  });

  r.put('/api/saved-replies/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Edit a saved reply',
      params: idParamSchema,
      body: savedReplySchema,
      response: { 200: savedReplyDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentSavedReply(await service.updateSavedReply(ctx, req.params.id, req.body)),
  });

  r.delete('/api/saved-replies/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Delete a saved reply', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => {
      await service.deleteSavedReply(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
