import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { SavedRepliesTable, SavedReplyRow } from '../db/schema';

export const listSavedReplies = (db: Db): Promise<SavedReplyRow[]> => db.selectFrom('saved_replies').selectAll().orderBy('title').orderBy('id').execute();

export const insertSavedReply = (db: Db, row: Insertable<SavedRepliesTable>): Promise<SavedReplyRow> =>
  db.insertInto('saved_replies').values(row).returningAll().executeTakeFirstOrThrow();

export const updateSavedReply = (db: Db, id: number, set: Updateable<SavedRepliesTable>): Promise<SavedReplyRow | undefined> =>
  db.updateTable('saved_replies').set(set).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteSavedReply(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
