import type { ContactSubmissionRow } from '../db/schema';
import type { ContactSubmissionDto } from '../../shared/api-types';
import { decoyId, type HoneypotDecoy } from '../http/honeypot';
export type { ContactSubmissionDto };

export const presentSubmission = (r: ContactSubmissionRow & { conversation_id?: number | null }): ContactSubmissionDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
  ...(r.conversation_id !== undefined ? { conversationId: r.conversation_id } : {}),
});

/** POST /api/contact's success, for a bot that filled the honeypot (nothing was stored). */
export const contactDecoy: HoneypotDecoy = { status: 201, answer: () => ({ success: true as const, id: decoyId(), conversationId: decoyId() }) };
