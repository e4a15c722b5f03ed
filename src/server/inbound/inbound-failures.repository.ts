// Mails whose import failed (inbound_failures, migration 026): each try counted before it starts,
// the error of the last one, and the staff's retry or dismissal.
import { sql } from 'kysely';
import type { InboundFailureStatus } from '../../shared/constants';
import { nowIso, type Db } from '../db/database';
import type { InboundFailureRow } from '../db/schema';

export interface MailRef {
  mailbox: string;
  uidValidity: string;
  uid: number;
}

const of = (db: Db, ref: MailRef) =>
  db.selectFrom('inbound_failures').selectAll().where('mailbox', '=', ref.mailbox).where('uid_validity', '=', ref.uidValidity).where('uid', '=', ref.uid);

/**
 * Counts a try of this mail before it starts and answers its row: a mail already quarantined or
 * dismissed is answered as it is (not counted), so the reader skips it.
 */
export async function beginAttempt(db: Db, ref: MailRef, facts: { messageId: string | null; size: number }): Promise<InboundFailureRow> {
  const now = nowIso();
  await db
    .insertInto('inbound_failures')
    .values({
      mailbox: ref.mailbox,
      uid_validity: ref.uidValidity,
      uid: ref.uid,
      message_id: facts.messageId ? facts.messageId.replaceAll('\u0000', '').slice(0, 300) : null,
      size_bytes: facts.size,
      attempts: 1,
      status: 'failing',
      first_failed_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['mailbox', 'uid_validity', 'uid'])
        .doUpdateSet({ attempts: sql<number>`inbound_failures.attempts + 1`, updated_at: now })
        .where('inbound_failures.status', 'in', ['failing', 'retry']),
    )
    .execute();
  return of(db, ref).executeTakeFirstOrThrow();
}

/** The try went through: nothing is kept. */
export async function attemptSucceeded(db: Db, ref: MailRef): Promise<void> {
  await db.deleteFrom('inbound_failures').where('mailbox', '=', ref.mailbox).where('uid_validity', '=', ref.uidValidity).where('uid', '=', ref.uid).execute();
}

/** Records the try's error: the mail stays `failing` (tried again), or is quarantined. */
export async function attemptFailed(db: Db, ref: MailRef, error: string, quarantine: boolean): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('inbound_failures')
    .set({
      last_error: error.replaceAll('\u0000', '').slice(0, 1000),
      last_failed_at: now,
      updated_at: now,
      ...(quarantine ? { status: 'quarantined' as const, quarantined_at: now } : { status: 'failing' as const }),
    })
    .where('mailbox', '=', ref.mailbox)
    .where('uid_validity', '=', ref.uidValidity)
    .where('uid', '=', ref.uid)
    .execute();
}

/** Mails of this mailbox to try again at the next read: failing ones and those staff asked for. */
export const retryable = (db: Db, mailbox: string, uidValidity: string): Promise<InboundFailureRow[]> =>
  db
    .selectFrom('inbound_failures')
    .selectAll()
    .where('mailbox', '=', mailbox)
    .where('uid_validity', '=', uidValidity)
    .where('status', 'in', ['failing', 'retry'])
    .orderBy('uid')
    .limit(50)
    .execute();

/** The mailbox no longer has the mail (expunged, moved by someone): nothing to try. */
export async function forget(db: Db, id: number): Promise<void> {
  await db.deleteFrom('inbound_failures').where('id', '=', id).execute();
}

/** What the status screen shows: every mail not imported yet and not dismissed, newest first. */
export const listOpenFailures = (db: Db): Promise<InboundFailureRow[]> =>
  db.selectFrom('inbound_failures').selectAll().where('status', '!=', 'dismissed').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute();

export const findFailure = (db: Db, id: number): Promise<InboundFailureRow | undefined> =>
  db.selectFrom('inbound_failures').selectAll().where('id', '=', id).executeTakeFirst();

/** Staff action: another try from zero (retry), or set aside for good (dismissed). */
export async function setFailureStatus(db: Db, id: number, status: Extract<InboundFailureStatus, 'retry' | 'dismissed'>): Promise<void> {
  await db
    .updateTable('inbound_failures')
    .set({ status, updated_at: nowIso(), ...(status === 'retry' ? { attempts: 0 } : {}) })
    .where('id', '=', id)
    .execute();
}
