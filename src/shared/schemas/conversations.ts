import { z } from 'zod';
import { CONVERSATION_STATUSES } from '../constants';
import { LIMITS } from './common';

// POST /api/conversations/{id}/messages and the reply box: blank text cannot be sent.
export const replySchema = z.object({
  content: z
    .string('Reply cannot be empty')
    .max(LIMITS.message)
    .refine((v) => v.trim() !== '', 'Reply cannot be empty'),
});

// PUT /api/conversations/{id}/status.
export const conversationStatusSchema = z.object({
  status: z.enum(CONVERSATION_STATUSES, 'Status must be one of: new, open, closed'),
});
