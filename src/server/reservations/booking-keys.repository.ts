import type { Db } from '../db/database';

// A booking's manage key replaced by a newer one (a move from My page mails a new link: decision 187).

export async function setManageTokenHash(db: Db, id: number, hash: string): Promise<void> {
  await db.updateTable('reservations').set({ manage_token_hash: hash }).where('id', '=', id).execute();
}
