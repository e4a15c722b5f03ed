import { toBool } from '../db/database';
import type { ConversationMessageRow } from '../db/schema';
import type { ConversationWithCounts } from './conversations.repository';
import type { ConversationDto, ConversationMessageDto } from '../../shared/api-types';
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
});

export const presentMessage = (m: ConversationMessageRow): ConversationMessageDto => ({
  id: m.id,
  conversationId: m.conversation_id,
  senderType: m.sender_type,
  senderName: m.sender_name,
  content: m.content,
  isRead: toBool(m.is_read),
  createdAt: m.created_at,
});
