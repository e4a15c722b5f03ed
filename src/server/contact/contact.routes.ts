import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactReceiptSchema, contactSubmissionDtoSchema, contactSubmissionPageDtoSchema } from '../../shared/api-types';
import { contactListQuerySchema, isListQuery } from '../../shared/schemas/lists';
import { bulkContactStatusSchema, bulkResultSchema } from '../../shared/schemas/bulk';
import { idParamSchema } from '../../shared/schemas/common';
import { contactPayloadSchema, contactStatusSchema } from '../../shared/schemas/contact';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { withLanguage } from '../http/with-language';
import { contactDecoy, presentSubmission } from './contact.presenter';
import * as service from './contact.service';

const TAGS = ['Contact'];

const LIST_KEYS = Object.keys(contactListQuerySchema.shape);

export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the contact form.
  r.post('/api/contact', {
    config: { access: 'public', honeypot: contactDecoy, limit: 'contact' },
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
    schema: {
      tags: TAGS,
      summary: 'List contact submissions: every one, or a page of a search (q: name, e-mail, phone, subject, message; status, page, pageSize)',
      querystring: contactListQuerySchema,
      response: { 200: z.union([contactSubmissionPageDtoSchema, contactSubmissionDtoSchema.array()]), ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      if (!isListQuery(req.query, LIST_KEYS)) return (await service.listSubmissions(ctx)).map(presentSubmission);
      const { rows, ...page } = await service.searchSubmissions(ctx, req.query);
      return { items: rows.map((s) => withLanguage(presentSubmission(s), s)), ...page };
    },
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

  r.post('/api/contact-submissions/bulk/status', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Set the selected submissions' status (read: mark read; new: mark unread), in one transaction",
      body: bulkContactStatusSchema,
      response: { 200: bulkResultSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      const ids = await service.setSubmissionStatuses(ctx, req.body.ids, req.body.status);
      return { count: ids.length, ids };
    },
  });
}
