import { pageOf, type ConversationListQuery } from '../../shared/schemas/lists';
import type { ConversationStatus } from '../../shared/constants';
import { updateSubmissionStatus } from '../contact/contact.repository';
import type { AppContext } from '../context';
import { fromBool, nowIso } from '../db/database';
import type { ConversationMessageRow, MessageAttachmentRow, UserRow } from '../db/schema';
import { attachmentStorage } from '../inbound/attachments';
import { notFound } from '../errors';
import { newMessageId } from '../mail/delivery/mail-queue';
import { replyMail } from '../mail/templates/site-mails';
import * as repo from './conversations.repository';
import { conversationReplyTo, replyTagKey } from './conversation-mail';
import { mailConfig } from '../site-settings/site-settings.service';
import { textSearch } from '../db/search';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** A staff reply moves a new conversation to open; open and closed ones keep their status. */
export function nextStatusOnReply(status: ConversationStatus): ConversationStatus {
  return status === 'new' ? 'open' : status;
}

export const listConversations = (ctx: AppContext) => repo.listConversations(ctx.db);

export async function searchConversations(ctx: AppContext, q: ConversationListQuery) {
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await repo.searchConversations(ctx.db, { like: q.q ? textSearch(ctx.dialect, q.q) : undefined, status: q.status }, pageSize, offset);
  return { rows, total, page, pageSize };
}

export async function getConversation(ctx: AppContext, id: number) {
  const c = await repo.findConversationWithCounts(ctx.db, id);
  if (!c) throw notFound(CONVERSATION_NOT_FOUND);
  return c;
}

/** The messages, oldest first, each with its attachments (e-mails read from the mailbox). */
export async function listMessages(ctx: AppContext, id: number): Promise<{ row: ConversationMessageRow; attachments: MessageAttachmentRow[] }[]> {
  if (!(await repo.findConversation(ctx.db, id))) throw notFound(CONVERSATION_NOT_FOUND);
  const rows = await repo.listMessages(ctx.db, id);
  const files = await repo.attachmentsOf(
    ctx.db,
    rows.filter((r) => r.channel === 'email').map((r) => r.id),
  );
  return rows.map((row) => ({ row, attachments: files.filter((f) => f.conversation_message_id === row.id) }));
}

export const ATTACHMENT_NOT_FOUND = 'Pièce jointe introuvable';

/** A kept attachment's bytes; 404 for one only listed, of another conversation, or whose file is gone. */
export async function attachmentFile(ctx: AppContext, conversationId: number, attachmentId: number): Promise<{ row: MessageAttachmentRow; data: Buffer }> {
  const row = await repo.findAttachment(ctx.db, conversationId, attachmentId);
  if (!row?.storage_key) throw notFound(ATTACHMENT_NOT_FOUND);
  try {
    return { row, data: await attachmentStorage(ctx).read(row.storage_key) };
  } catch {
    throw notFound(ATTACHMENT_NOT_FOUND);
  }
}

/**
 * Stores the staff reply and queues the e-mail to the customer in one transaction: either both
 * exist or neither does. The worker is woken after the commit.
 */
export async function reply(ctx: AppContext, actor: UserRow, id: number, content: string): Promise<ConversationMessageRow> {
  const text = content.trim();
  const tagKey = await replyTagKey(ctx);
  const message = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await repo.findConversation(trx, id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const original = await repo.firstCustomerMessage(trx, id);
    // The thread so far, oldest first: the reply names it so the customer's mail client
    // files it with the earlier e-mails, and their answer with it.
    const thread = await repo.threadMessageIds(trx, id);
    const messageId = newMessageId(ctx.config);
    const at = nowIso();
    const row = await repo.insertMessage(trx, {
      conversation_id: id,
      sender_type: 'admin',
      sender_name: actor.name,
      content: text,
      is_read: fromBool(true),
      created_at: at,
      message_id: messageId,
    });
    await repo.touchLastMessage(trx, id, at);
    const next = nextStatusOnReply(conversation.status);
    // Conditional: a conversation closed meanwhile by another request is not reopened.
    if (next !== conversation.status) await repo.changeStatusIf(trx, id, conversation.status, next);
    if (conversation.contact_submission_id != null) {
      await updateSubmissionStatus(trx, conversation.contact_submission_id, 'responded');
    }
    await ctx.mail.enqueue(
      trx,
      replyMail(mailConfig(ctx), {
        to: conversation.user_email,
        customerName: conversation.user_name,
        subject: conversation.subject,
        reply: text,
        original: original ? { content: original.content, createdAt: original.created_at } : undefined,
        messageId,
        thread,
        language: conversation.language,
        replyTo: conversationReplyTo(ctx, tagKey, id),
      }),
    );
    return row;
  });
  ctx.mail.kick();
  return message;
}

export async function setStatus(ctx: AppContext, id: number, status: ConversationStatus) {
  const r = await repo.updateConversationStatus(ctx.db, id, status);
  if (Number(r.numUpdatedRows) === 0) throw notFound(CONVERSATION_NOT_FOUND);
  return getConversation(ctx, id);
}

export async function markRead(ctx: AppContext, id: number): Promise<number> {
  if (!(await repo.findConversation(ctx.db, id))) throw notFound(CONVERSATION_NOT_FOUND);
  return repo.markCustomerMessagesRead(ctx.db, id);
}

/** PUT /api/conversations/{id}/mark-unread: the Messages badge counts it again. */
export async function markUnread(ctx: AppContext, id: number): Promise<number> {
  if (!(await repo.findConversation(ctx.db, id))) throw notFound(CONVERSATION_NOT_FOUND);
  return repo.markLatestCustomerMessageUnread(ctx.db, id);
}

/** POST /api/conversations/bulk/mark-read: as markRead, for every selected conversation, in one transaction. */
export const bulkMarkRead = (ctx: AppContext, ids: number[]): Promise<number[]> =>
  ctx.db.transaction().execute((trx) => repo.markCustomerMessagesReadIn(trx, ids));
