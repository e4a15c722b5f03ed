import { toBool } from '../db/database';
import type { ConversationMessageRow, MessageAttachmentRow } from '../db/schema';
import type { ConversationWithCounts } from './conversations.repository';
import type { ConversationDto, ConversationMessageDto } from '../../shared/api-types';
import { sanitizeMailHtml } from './mail-html-output';
export type { ConversationDto, ConversationMessageDto };

export const presentConversation = (c: ConversationWithCounts): ConversationDto => ({
  id: c.id,
  userName: c.user_name,
  userEmail: c.user_email,
  subject: c.subject,
  status: c.status,
  createdAt: c.created_at,
  lastMessageAt: c.last_message_at,
  messageCount: c.message_count,
  unreadCount: c.unread_count,
  emailBounce: c.bounced_at ? { at: c.bounced_at, reason: c.bounce_reason } : null,
});

/** The staff-only download of a kept attachment. */
export const attachmentUrl = (conversationId: number, attachmentId: number): string => `/api/conversations/${conversationId}/attachments/${attachmentId}`;

export const presentMessage = (m: ConversationMessageRow, attachments: readonly MessageAttachmentRow[] = []): ConversationMessageDto => ({
  id: m.id,
  conversationId: m.conversation_id,
  senderType: m.sender_type,
  senderName: m.sender_name,
  content: m.content,
  isRead: toBool(m.is_read),
  createdAt: m.created_at,
  channel: m.channel,
  emailFrom: m.email_from,
  html: m.html_content ? sanitizeMailHtml(m.html_content) : null,
  attachments: attachments.map((a) => ({
    id: a.id,
    filename: a.filename,
    contentType: a.content_type,
    sizeBytes: a.size_bytes,
    url: a.storage_key ? attachmentUrl(m.conversation_id, a.id) : null,
  })),
});
