import { sql } from 'kysely';
import type { Db } from '../db/database';

// The campaigns' throttle (decision 192): sends per window, every instance together. A send takes
// its place by a conditional write before its claim and gives it back if nothing went out.

// ---- throttle --------------------------------------------------------------------------------

/** Takes one send of the window if fewer than `limit` were taken (every instance together). */
export async function takeSlot(db: Db, window: string, limit: number): Promise<boolean> {
  for (let i = 0; i < 2; i++) {
    const up = await db
      .updateTable('campaign_send_windows')
      .set({ sent: sql<number>`sent + 1` })
      .where('window_key', '=', window)
      .where('sent', '<', limit)
      .executeTakeFirst();
    if (Number(up.numUpdatedRows) > 0) return true;
    const exists = await db.selectFrom('campaign_send_windows').select('sent').where('window_key', '=', window).executeTakeFirst();
    if (exists) return false;
    const ins = await db
      .insertInto('campaign_send_windows')
      .values({ window_key: window, sent: 1 })
      .onConflict((oc) => oc.column('window_key').doNothing())
      .returning('window_key')
      .executeTakeFirst();
    if (ins) {
      // Old windows are of no more use.
      await db.deleteFrom('campaign_send_windows').where('window_key', '<', window).execute();
      return true;
    }
  }
  return false;
}

/** A send taken but not made (nothing to claim, or the recipient was skipped) goes back. */
export const giveSlotBack = (db: Db, window: string) =>
  db
    .updateTable('campaign_send_windows')
    .set({ sent: sql<number>`sent - 1` })
    .where('window_key', '=', window)
    .where('sent', '>', 0)
    .execute();
