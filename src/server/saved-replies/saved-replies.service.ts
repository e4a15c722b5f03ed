import type { SavedReplyInput } from '../../shared/schemas/saved-replies';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { SavedReplyRow } from '../db/schema';
import { notFound } from '../errors';
import * as repo from './saved-replies.repository';

export const SAVED_REPLY_NOT_FOUND = 'Réponse enregistrée introuvable';

export const listSavedReplies = (ctx: AppContext) => repo.listSavedReplies(ctx.db);

export function createSavedReply(ctx: AppContext, input: SavedReplyInput): Promise<SavedReplyRow> {
  const at = nowIso();
  return repo.insertSavedReply(ctx.db, { title: input.title, content: input.content, created_at: at, updated_at: at });
}

export async function updateSavedReply(ctx: AppContext, id: number, input: SavedReplyInput): Promise<SavedReplyRow> {
  const row = await repo.updateSavedReply(ctx.db, id, { title: input.title, content: input.content, updated_at: nowIso() });
  if (!row) throw notFound(SAVED_REPLY_NOT_FOUND);
  return row;
}

export async function deleteSavedReply(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteSavedReply(ctx.db, id))) throw notFound(SAVED_REPLY_NOT_FOUND);
}
