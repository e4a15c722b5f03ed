import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationDtoSchema, conversationMessageDtoSchema, conversationPageDtoSchema, markReadAnswerSchema } from '../../shared/api-types';
import { conversationListQuerySchema, isListQuery } from '../../shared/schemas/lists';
import { bulkIdsSchema, bulkResultSchema } from '../../shared/schemas/bulk';
import { idParamSchema } from '../../shared/schemas/common';
import { conversationStatusSchema, replySchema } from '../../shared/schemas/conversations';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { withLanguage } from '../http/with-language';
import { presentConversation, presentMessage } from './conversations.presenter';
import * as service from './conversations.service';

const TAGS = ['Conversations'];

const attachmentParamsSchema = idParamSchema.extend({ attachmentId: idParamSchema.shape.id });

/** The bytes as stored: images are re-encoded as WebP on import, documents are PDFs. */
const storedType = (key: string) => (key.endsWith('.webp') ? 'image/webp' : key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream');

/** RFC 5987 ext-value: UTF-8, every byte outside attr-char percent-encoded (encodeURIComponent leaves ' ( ) * alone). */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * RFC 6266: always `attachment`, an ASCII fallback and the UTF-8 name (filename*); the extension
 * follows the stored bytes, whatever the stored name says. The back office saves the file under this name.
 */
export function contentDisposition(filename: string, key: string): string {
  const ext = key.slice(key.lastIndexOf('.'));
  // Control characters, separators of paths and quotes never reach the header.
  const clean = filename.replace(/[\p{Cc}/\\]/gu, '_').slice(0, 200);
  const base = clean.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const name = `${base.trim() || 'attachment'}${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

const LIST_KEYS = Object.keys(conversationListQuerySchema.shape);

export function conversationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/conversations', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'List conversations, latest message first: every one, or a page of a search (q: name, e-mail, subject; status, page, pageSize)',
      querystring: conversationListQuerySchema,
      response: { 200: z.union([conversationPageDtoSchema, conversationDtoSchema.array()]), ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      if (!isListQuery(req.query, LIST_KEYS)) return (await service.listConversations(ctx)).map(presentConversation);
      const { rows, ...page } = await service.searchConversations(ctx, req.query);
      return { items: rows.map((c) => withLanguage(presentConversation(c), c)), ...page };
    },
  });

  r.get('/api/conversations/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'A conversation', params: idParamSchema, response: { 200: conversationDtoSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req) => {
      const c = await service.getConversation(ctx, req.params.id);
      return withLanguage(presentConversation(c), c);
    },
  });

  r.get('/api/conversations/:id/messages', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "A conversation's messages, oldest first",
      params: idParamSchema,
      response: { 200: conversationMessageDtoSchema.array(), ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => (await service.listMessages(ctx, req.params.id)).map((m) => presentMessage(m.row, m.attachments)),
  });

  // A file kept from a customer's e-mail: staff only, never sniffed into something else,
  // downloaded rather than rendered in our origin; like every signed-in answer, no-store (app.ts).
  r.get('/api/conversations/:id/attachments/:attachmentId', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "A file kept from a customer's e-mail (an image re-encoded as WebP, or a PDF)",
      params: attachmentParamsSchema,
      response: {
        200: { description: 'The stored file', content: { 'application/octet-stream': { schema: z.string().describe('The stored file') } } },
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (req, reply) => {
      const { row, data } = await service.attachmentFile(ctx, req.params.id, req.params.attachmentId);
      return reply
        .type(storedType(row.storage_key!))
        .header('content-disposition', contentDisposition(row.filename, row.storage_key!))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data as unknown as string);
    },
  });

  r.post('/api/conversations/:id/messages', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Reply (e-mailed to the customer)',
      params: idParamSchema,
      body: replySchema,
      response: { 201: conversationMessageDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      const message = await service.reply(ctx, signedIn(req).user, req.params.id, req.body.content);
      return reply.code(201).send(presentMessage(message));
    },
  });

  r.put('/api/conversations/:id/status', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Set a conversation's status",
      params: idParamSchema,
      body: conversationStatusSchema,
      response: { 200: conversationDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => {
      const c = await service.setStatus(ctx, req.params.id, req.body.status);
      return withLanguage(presentConversation(c), c);
    },
  });

  // No body.
  r.put('/api/conversations/:id/mark-read', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Mark the customer's messages read",
      params: idParamSchema,
      response: { 200: markReadAnswerSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => ({ success: true as const, updated: await service.markRead(ctx, req.params.id) }),
  });

  // No body. Its latest customer message becomes unread: the conversation counts in the badge again.
  r.put('/api/conversations/:id/mark-unread', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Mark the conversation unread (its customer's latest message)",
      params: idParamSchema,
      response: { 200: markReadAnswerSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => ({ success: true as const, updated: await service.markUnread(ctx, req.params.id) }),
  });

  r.post('/api/conversations/bulk/mark-read', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Mark the selected conversations read (their customer's messages), in one transaction; answers those that had unread ones",
      body: bulkIdsSchema,
      response: { 200: bulkResultSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      const ids = await service.bulkMarkRead(ctx, req.body.ids);
      return { count: ids.length, ids };
    },
  });
}
