// The mailbox reader's bookkeeping (inbound_mailboxes): which UIDs of which UIDVALIDITY were read,
// and the last read and last error shown in the back office.
import { sql } from 'kysely';
import { nowIso, type Db } from '../db/database';
import type { InboundMailboxRow } from '../db/schema';

export const findMailbox = (db: Db, mailbox: string): Promise<InboundMailboxRow | undefined> =>
  db.selectFrom('inbound_mailboxes').selectAll().where('mailbox', '=', mailbox).executeTakeFirst();

export const listMailboxes = (db: Db): Promise<InboundMailboxRow[]> => db.selectFrom('inbound_mailboxes').selectAll().orderBy('mailbox').execute();

/**
 * The UID to read after, for this UIDVALIDITY. A mailbox seen for the first time, or renumbered
 * by the server (another UIDVALIDITY), is read from its first UID; message keys keep each mail once.
 */
export async function startingUid(db: Db, mailbox: string, uidValidity: string): Promise<number> {
  const now = nowIso();
  await db
    .insertInto('inbound_mailboxes')
    .values({ mailbox, uid_validity: uidValidity, last_uid: 0, updated_at: now })
    .onConflict((oc) => oc.column('mailbox').doNothing())
    .execute();
  await db
    .updateTable('inbound_mailboxes')
    .set({ uid_validity: uidValidity, last_uid: 0, updated_at: now })
    .where('mailbox', '=', mailbox)
    .where((eb) => eb.or([eb('uid_validity', 'is', null), eb('uid_validity', '!=', uidValidity)]))
    .execute();
  const row = await findMailbox(db, mailbox);
  return Number(row?.last_uid ?? 0);
}

/** Records a mail as read: last_uid only ever grows, and only within the same UIDVALIDITY. */
export async function recordUidRead(db: Db, mailbox: string, uidValidity: string, uid: number): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('inbound_mailboxes')
    .set({
      last_uid: sql<number>`case when last_uid < ${uid} then ${uid} else last_uid end`,
      last_read_at: now,
      updated_at: now,
    })
    .where('mailbox', '=', mailbox)
    .where('uid_validity', '=', uidValidity)
    .execute();
}

/** A pass over the mailbox finished: the status shows when it was last read. */
export async function recordPass(db: Db, mailbox: string): Promise<void> {
  const now = nowIso();
  await db.updateTable('inbound_mailboxes').set({ last_read_at: now, updated_at: now }).where('mailbox', '=', mailbox).execute();
}

/** Keeps the last error (connection, login, database) with its time; a row is made if none exists yet. */
export async function recordMailboxError(db: Db, mailbox: string, message: string): Promise<void> {
  const now = nowIso();
  const text = message.slice(0, 500);
  await db
    .insertInto('inbound_mailboxes')
    .values({ mailbox, uid_validity: null, last_uid: 0, last_error: text, last_error_at: now, updated_at: now })
    .onConflict((oc) => oc.column('mailbox').doUpdateSet({ last_error: text, last_error_at: now, updated_at: now }))
    .execute();
}
