import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inboundFailureDtoSchema, inboundStatusDtoSchema, type InboundFailureDto, type InboundStatusDto } from '../../shared/api-types';
import { idParamSchema } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import type { InboundFailureRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { errorResponses, noContentSchema } from '../http/responses';
import { nowIso } from '../db/database';
import { findFailure, listOpenFailures, setFailureStatus } from './inbound-failures.repository';
import { listMailboxes } from './inbound-mailbox.repository';
import { dismissHeldMail, keptAttachmentBytes, listHeldMails } from './inbound.repository';

// The mailbox's status for the Messages screen: whether reading is set up (IMAP_URL), per
// mailbox the last read and the last error, and the mails whose import failed (tried again, or
// quarantined until staff retry or dismiss them). Never the connection URL (it holds the
// password). Staff actions are writes by a signed-in user: the audit log records each one.

const presentFailure = (r: InboundFailureRow): InboundFailureDto => ({
  id: r.id,
  mailbox: r.mailbox,
  uid: Number(r.uid),
  messageId: r.message_id,
  sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  attempts: Number(r.attempts),
  status: r.status,
  lastError: r.last_error,
  firstFailedAt: r.first_failed_at,
  lastFailedAt: r.last_failed_at,
  quarantinedAt: r.quarantined_at,
});

export async function inboundStatus(ctx: AppContext): Promise<InboundStatusDto> {
  const rows = await listMailboxes(ctx.db);
  return {
    configured: Boolean(ctx.config.inbound.imapUrl),
    address: ctx.config.inbound.address ?? null,
    mailboxes: rows.map((r) => ({ mailbox: r.mailbox, lastReadAt: r.last_read_at, lastError: r.last_error, lastErrorAt: r.last_error_at })),
    failures: (await listOpenFailures(ctx.db)).map(presentFailure),
    held: (await listHeldMails(ctx.db)).map((h) => ({
      id: h.id,
      fromAddress: h.from_address,
      fromName: h.from_name,
      subject: h.subject,
      content: h.content.slice(0, 2000),
      reason: h.reason,
      receivedAt: h.created_at,
    })),
    attachments: { keptBytes: await keptAttachmentBytes(ctx.db), maxBytes: ctx.config.inbound.attachmentsMaxBytes },
  };
}

/** Staff ask for another try (from zero) or set the mail aside for good. */
async function act(ctx: AppContext, id: number, action: 'retry' | 'dismissed'): Promise<InboundFailureDto> {
  const row = await findFailure(ctx.db, id);
  if (!row) throw notFound('Aucun e-mail retenu avec cet identifiant.');
  const allowed = action === 'retry' ? row.status === 'quarantined' || row.status === 'failing' : row.status !== 'dismissed';
  if (!allowed) throw conflict('Cet e-mail a déjà été écarté ou attend déjà un nouvel essai.', 'inbound_mail_settled');
  await setFailureStatus(ctx.db, id, action);
  ctx.log.info({ failure: id, action }, 'held inbound mail: staff action');
  return presentFailure((await findFailure(ctx.db, id))!);
}

export function inboundStatusRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/inbound/status', {
    config: { access: 'user' },
    schema: {
      tags: ['Conversations'],
      summary: 'Reading of the gym mailbox: configured or not, last read and last error per mailbox, mails held back',
      response: { 200: inboundStatusDtoSchema, ...errorResponses(401) },
    },
    handler: () => inboundStatus(ctx),
  });
  r.post('/api/inbound/failures/:id/retry', {
    config: { access: 'user' },
    schema: {
      tags: ['Conversations'],
      summary: 'Try a held-back (quarantined) e-mail again at the next read of the mailbox',
      params: idParamSchema,
      response: { 200: inboundFailureDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: (req) => act(ctx, req.params.id, 'retry'),
  });
  r.post('/api/inbound/held/:id/dismiss', {
    config: { access: 'user' },
    schema: {
      tags: ['Conversations'],
      summary: 'Remove a mail from an unverified sender from the mailbox status (it was never threaded)',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      if (!(await dismissHeldMail(ctx.db, req.params.id, nowIso()))) throw notFound('Aucun e-mail retenu avec cet identifiant.');
      return reply.code(204).send(null);
    },
  });
  r.post('/api/inbound/failures/:id/dismiss', {
    config: { access: 'user' },
    schema: {
      tags: ['Conversations'],
      summary: 'Set a held-back e-mail aside for good: it is never imported (it stays in the mailbox)',
      params: idParamSchema,
      response: { 200: inboundFailureDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: (req) => act(ctx, req.params.id, 'dismissed'),
  });
}
