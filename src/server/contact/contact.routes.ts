import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactReceiptSchema, contactSubmissionDtoSchema } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import { contactPayloadSchema, contactStatusSchema } from '../../shared/schemas/contact';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { presentSubmission } from './contact.presenter';
import * as service from './contact.service';

const TAGS = ['Contact'];

export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the contact form.
  r.post('/api/contact', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Send a message (the public contact form); opens a conversation',
      body: contactPayloadSchema,
      response: { 201: contactReceiptSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      const { id, conversationId } = await service.submitContact(ctx, req.body);
      return reply.code(201).send({ success: true, id, conversationId });
    },
  });

  r.get('/api/contact-submissions', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'List contact submissions', response: { 200: contactSubmissionDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listSubmissions(ctx)).map(presentSubmission),
  });

  r.put('/api/contact-submissions/:id/status', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Set a submission's status",
      params: idParamSchema,
      body: contactStatusSchema,
      response: { 200: contactSubmissionDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentSubmission(await service.setSubmissionStatus(ctx, req.params.id, req.body.status)),
  });
}
