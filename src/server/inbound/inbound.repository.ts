// Every SQL statement of the mail import: the record of mails read, thread look-ups,
// attachments and bouncing addresses.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { ConversationStatus } from '../../shared/constants';
import type { Db } from '../db/database';
import type { ConversationRow, InboundHeldMailsTable, InboundMailsTable, MessageAttachmentsTable } from '../db/schema';

export const findInboundMail = (db: Db, messageKey: string) =>
  db.selectFrom('inbound_mails').select(['id', 'outcome', 'conversation_id']).where('message_key', '=', messageKey).executeTakeFirst();

/** Throws a unique violation when the key is already recorded (the mail was imported). */
export const insertInboundMail = (db: Db, row: Insertable<InboundMailsTable>): Promise<{ id: number }> =>
  db.insertInto('inbound_mails').values(row).returning('id').executeTakeFirstOrThrow();

/** Keeps a mail from an unverified sender for staff, beside its record in inbound_mails. */
export async function insertHeldMail(db: Db, messageKey: string, row: Omit<Insertable<InboundHeldMailsTable>, 'inbound_mail_id'>): Promise<void> {
  const record = await findInboundMail(db, messageKey);
  if (!record) throw new Error('held mail without its record');
  await db
    .insertInto('inbound_held_mails')
    .values({ ...row, inbound_mail_id: record.id })
    .execute();
}

/** The held mails staff have not dismissed, newest first. */
export const listHeldMails = (db: Db) =>
  db.selectFrom('inbound_held_mails').selectAll().where('dismissed_at', 'is', null).orderBy('id', 'desc').limit(50).execute();

export async function dismissHeldMail(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('inbound_held_mails').set({ dismissed_at: at }).where('id', '=', id).where('dismissed_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setInboundDetail(db: Db, messageKey: string, detail: string): Promise<void> {
  await db.updateTable('inbound_mails').set({ detail }).where('message_key', '=', messageKey).execute();
}

export async function updateInboundMail(db: Db, id: number, patch: Updateable<InboundMailsTable>): Promise<void> {
  await db.updateTable('inbound_mails').set(patch).where('id', '=', id).execute();
}

export const conversationById = (db: Db, id: number): Promise<ConversationRow | undefined> =>
  db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The conversations holding a message with one of these Message-IDs (normalised: lower-case, no
 * brackets), as conversation id per normalised id. Stored ids keep their brackets: '<…>'.
 */
export async function conversationsByMessageIds(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['conversation_id', 'message_id'])
    .where(
      sql<string>`lower(message_id)`,
      'in',
      ids.map((id) => `<${id}>`),
    )
    .execute();
  return new Map(rows.map((r) => [(r.message_id ?? '').slice(1, -1).toLowerCase(), r.conversation_id]));
}

/** The latest conversation still open (new or open) of this address or customer. */
export function latestOpenConversation(db: Db, emailKey: string, customerId: number | null): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('status', 'in', ['new', 'open'])
    .where((eb) => {
      const byEmail = eb(sql<string>`lower(user_email)`, '=', emailKey);
      return customerId === null ? byEmail : eb.or([byEmail, eb('customer_id', '=', customerId)]);
    })
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function touchConversation(db: Db, id: number, at: string, status: ConversationStatus): Promise<void> {
  await db.updateTable('conversations').set({ last_message_at: at, status }).where('id', '=', id).execute();
}

export async function insertAttachments(db: Db, rows: Insertable<MessageAttachmentsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('message_attachments').values(rows).execute();
}

/** Bytes of the attachments kept (with a stored file), for the total quota. */
export async function keptAttachmentBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('message_attachments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('size_bytes'), eb.lit(0)).as('total'))
    .where('storage_key', 'is not', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** True when a staff account (active or not) has this address: a bounce never marks it. */
export async function isStaffAddress(db: Db, emailKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', emailKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The bare address of an outbox recipient ('Ana <A@x>' → 'a@x'). */
const outboxRecipient = (to: string): string => {
  const open = to.lastIndexOf('<');
  const close = to.indexOf('>', open + 1);
  return (open >= 0 && close > open ? to.slice(open + 1, close) : to).trim().toLowerCase();
};

/** True when one of these Message-IDs (normalised) is of a mail the outbox sent to this address. */
export async function sentTo(db: Db, emailKey: string, messageIds: readonly string[]): Promise<boolean> {
  if (messageIds.length === 0) return false;
  const rows = await db
    .selectFrom('outbox')
    .select('to_address')
    .where(
      sql<string>`lower(message_id)`,
      'in',
      messageIds.map((id) => `<${id}>`),
    )
    .execute();
  return rows.some((r) => outboxRecipient(r.to_address) === emailKey);
}

/** Records (or refreshes) a bouncing address, and marks its customer record. */
export async function markBouncing(db: Db, emailKey: string, reason: string, at: string): Promise<void> {
  await db
    .insertInto('email_bounces')
    .values({ email_key: emailKey, reason, bounced_at: at })
    .onConflict((oc) => oc.column('email_key').doUpdateSet({ reason, bounced_at: at }))
    .execute();
  await db.updateTable('customers').set({ bouncing_at: at, updated_at: at }).where('email_key', '=', emailKey).execute();
}

/** The address works again (its owner wrote to us): no longer bouncing. */
export async function clearBouncing(db: Db, emailKey: string, at: string): Promise<void> {
  await db.deleteFrom('email_bounces').where('email_key', '=', emailKey).execute();
  await db.updateTable('customers').set({ bouncing_at: null, updated_at: at }).where('email_key', '=', emailKey).where('bouncing_at', 'is not', null).execute();
}
