import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ConversationRow } from '../db/schema';
import * as repo from './inbound.repository';
import type { ParsedInbound } from './parse-mail';
import { conversationFromRecipients, tagSecret } from './reply-tag';

// Which conversation a customer's mail belongs to, in this order: the reply tag in a recipient
// (survives clients that drop headers, cannot be forged); the Message-IDs it answers; the
// sender's latest open conversation. Null: the caller opens a new one.

export type ThreadMatch = { conversation: ConversationRow; by: 'tag' | 'headers' | 'sender' };

/** The inbound address and the tag key, read before the import's transaction; null without INBOUND_ADDRESS. */
export async function tagContext(db: Db, config: Pick<Config, 'inbound'>): Promise<{ address: string; secret: string } | null> {
  return config.inbound.address ? { address: config.inbound.address, secret: await tagSecret(db, config) } : null;
}

export async function findThread(
  db: Db,
  tags: { address: string; secret: string } | null,
  mail: Pick<ParsedInbound, 'recipients' | 'inReplyTo' | 'references'>,
  sender: { emailKey: string; customerId: number | null },
): Promise<ThreadMatch | null> {
  if (tags) {
    const id = conversationFromRecipients(mail.recipients, tags.address, tags.secret);
    const conversation = id === null ? undefined : await repo.conversationById(db, id);
    if (conversation) return { conversation, by: 'tag' };
  }
  // In-Reply-To first, then References from the newest (last) to the oldest.
  const ids = [...new Set([...mail.inReplyTo, ...[...mail.references].reverse()])].slice(0, 50);
  const found = await repo.conversationsByMessageIds(db, ids);
  for (const id of ids) {
    const conversationId = found.get(id);
    const conversation = conversationId === undefined ? undefined : await repo.conversationById(db, conversationId);
    if (conversation) return { conversation, by: 'headers' };
  }
  const open = await repo.latestOpenConversation(db, sender.emailKey, sender.customerId);
  return open ? { conversation: open, by: 'sender' } : null;
}
