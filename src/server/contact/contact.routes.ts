import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '../../shared/schemas/common';
import { contactPayloadSchema, contactStatusSchema } from '../../shared/schemas/contact';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentSubmission } from './contact.presenter';
import * as service from './contact.service';

export async function contactRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Public: the contact form.
  app.post('/api/contact', async (req, reply) => {
    const input = parseOrThrow(contactPayloadSchema, req.body);
    const { id, conversationId } = await service.submitContact(ctx, input);
    return reply.code(201).send({ success: true, id, conversationId });
  });

  app.get('/api/contact-submissions', { preHandler: g.requireUser }, async () => (await service.listSubmissions(ctx)).map(presentSubmission));

  app.put('/api/contact-submissions/:id/status', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const { status } = parseOrThrow(contactStatusSchema, req.body);
    return presentSubmission(await service.setSubmissionStatus(ctx, id, status));
  });
}
