import type { AppContext } from '../context';
import { replyAddress, tagSecret } from '../inbound/reply-tag';

// Where a customer's answer to a conversation's e-mail goes (issue 22): the inbound address with
// the conversation's signed tag when the mailbox is read (INBOUND_ADDRESS), so the answer finds
// its thread even without In-Reply-To; otherwise the templates' default, the gym's inbox.

/** The tag's key, or null without INBOUND_ADDRESS. Read before a transaction: it may write the key once. */
export async function replyTagKey(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string | null> {
  return ctx.config.inbound.address ? tagSecret(ctx.db, ctx.config) : null;
}

/** The Reply-To of the conversation's e-mails; null: the template's default (gymReplyTo). */
export function conversationReplyTo(ctx: Pick<AppContext, 'config'>, key: string | null, conversationId: number): string | null {
  const address = ctx.config.inbound.address;
  return address && key ? replyAddress(address, key, conversationId) : null;
}
