import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inboundStatusDtoSchema, type InboundStatusDto } from '../../shared/api-types';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { listMailboxes } from './inbound-mailbox.repository';

// The mailbox's status for the Messages screen: whether reading is set up (IMAP_URL), and per
// mailbox the last read and the last error. Never the connection URL (it holds the password).

export async function inboundStatus(ctx: AppContext): Promise<InboundStatusDto> {
  const rows = await listMailboxes(ctx.db);
  return {
    configured: Boolean(ctx.config.inbound.imapUrl),
    address: ctx.config.inbound.address ?? null,
    mailboxes: rows.map((r) => ({ mailbox: r.mailbox, lastReadAt: r.last_read_at, lastError: r.last_error, lastErrorAt: r.last_error_at })),
  };
}

export function inboundStatusRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/inbound/status', {
    config: { access: 'user' },
    schema: {
      tags: ['Conversations'],
      summary: 'Reading of the gym mailbox: configured or not, last read and last error per mailbox',
      response: { 200: inboundStatusDtoSchema, ...errorResponses(401) },
    },
    handler: () => inboundStatus(ctx),
  });
}
