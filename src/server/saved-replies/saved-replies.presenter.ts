import type { SavedReplyDto } from '../../shared/api-types';
import type { SavedReplyRow } from '../db/schema';

export const presentSavedReply = (r: SavedReplyRow): SavedReplyDto => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
