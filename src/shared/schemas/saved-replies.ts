import { z } from 'zod';
import { LIMITS } from './common';

// POST /api/saved-replies, PUT /api/saved-replies/{id} and the back office's form (French: only
// the staff see these texts).
const TITLE_REQUIRED = 'Le titre est requis';
const CONTENT_REQUIRED = 'Le texte est requis';

export const savedReplySchema = z.object({
  title: z.string(TITLE_REQUIRED).trim().min(1, TITLE_REQUIRED).max(LIMITS.name, 'Le titre est trop long'),
  content: z
    .string(CONTENT_REQUIRED)
    .max(LIMITS.message, 'Le texte est trop long')
    .refine((v) => v.trim() !== '', CONTENT_REQUIRED),
});
export type SavedReplyInput = z.infer<typeof savedReplySchema>;
