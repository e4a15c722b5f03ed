import type { Insertable } from 'kysely';
import type { ConversationStatus } from '../../shared/constants';
import { fromBool, type Db } from '../db/database';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { ConversationMessageRow, ConversationMessagesTable, ConversationRow, ConversationsTable, MessageAttachmentRow } from '../db/schema';

export type ConversationWithCounts = ConversationRow & {
  message_count: number;
  unread_count: number;
  /** When the customer's address bounced (email_bounces), else null. */
  bounced_at: string | null;
  bounce_reason: string | null;
};

export const insertConversation = (db: Db, row: Insertable<ConversationsTable>): Promise<ConversationRow> =>
  db.insertInto('conversations').values(row).returningAll().executeTakeFirstOrThrow();

export const insertMessage = (db: Db, row: Insertable<ConversationMessagesTable>): Promise<ConversationMessageRow> =>
  db.insertInto('conversation_messages').values(row).returningAll().executeTakeFirstOrThrow();

// Counts come from correlated sub-queries: one statement, and an index on conversation_id.
function withCounts(db: Db) {
  return db
    .selectFrom('conversations as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('conversation_messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .as('message_count'),
      eb
        .selectFrom('conversation_messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.sender_type', '=', 'customer')
        .where('m.is_read', '=', fromBool(false))
        .as('unread_count'),
      // By the bounce table's key (the lower-cased address): one index look-up per row.
      eb
        .selectFrom('email_bounces as b')
        .select('b.bounced_at')
        .where('b.email_key', '=', eb.fn<string>('lower', ['c.user_email']))
        .as('bounced_at'),
      eb
        .selectFrom('email_bounces as b')
        .select('b.reason')
        .where('b.email_key', '=', eb.fn<string>('lower', ['c.user_email']))
        .as('bounce_reason'),
    ]);
}

type CountedRow = ConversationRow & {
  message_count: number | string | null;
  unread_count: number | string | null;
  bounced_at: string | null;
  bounce_reason: string | null;
};

const normalise = (r: CountedRow): ConversationWithCounts => ({
  ...r,
  message_count: Number(r.message_count ?? 0),
  unread_count: Number(r.unread_count ?? 0),
  bounced_at: r.bounced_at ?? null,
  bounce_reason: r.bounce_reason ?? null,
});

export async function listConversations(db: Db): Promise<ConversationWithCounts[]> {
  const rows = await withCounts(db).orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').execute();
  return rows.map(normalise);
}

export async function findConversationWithCounts(db: Db, id: number): Promise<ConversationWithCounts | undefined> {
  const row = await withCounts(db).where('c.id', '=', id).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export const findConversation = (db: Db, id: number): Promise<ConversationRow | undefined> =>
  db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();

export const listMessages = (db: Db, conversationId: number): Promise<ConversationMessageRow[]> =>
  db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();

/** The attachments of the named messages, in the order they came. */
export const attachmentsOf = (db: Db, messageIds: readonly number[]): Promise<MessageAttachmentRow[]> =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('message_attachments').selectAll().where('conversation_message_id', 'in', messageIds).orderBy('id', 'asc').execute();

/** An attachment, only if it belongs to a message of that conversation. */
export const findAttachment = (db: Db, conversationId: number, attachmentId: number): Promise<MessageAttachmentRow | undefined> =>
  db
    .selectFrom('message_attachments as a')
    .innerJoin('conversation_messages as m', 'm.id', 'a.conversation_message_id')
    .selectAll('a')
    .where('a.id', '=', attachmentId)
    .where('m.conversation_id', '=', conversationId)
    .executeTakeFirst();

export const firstCustomerMessage = (db: Db, conversationId: number): Promise<ConversationMessageRow | undefined> =>
  db
    .selectFrom('conversation_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('sender_type', '=', 'customer')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();

/** The Message-IDs of a conversation's messages that have one, oldest first. */
export async function threadMessageIds(db: Db, conversationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_messages')
    .select('message_id')
    .where('conversation_id', '=', conversationId)
    .where('message_id', 'is not', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.message_id).filter((m): m is string => m != null);
}

/** A message was posted: bump the last-message time. */
export async function touchLastMessage(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('conversations').set({ last_message_at: at }).where('id', '=', id).execute();
}

/** Moves a conversation from `from` to `to` only if it still is `from` (compare-and-set). */
export async function changeStatusIf(db: Db, id: number, from: ConversationStatus, to: ConversationStatus): Promise<boolean> {
  const r = await db.updateTable('conversations').set({ status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const updateConversationStatus = (db: Db, id: number, status: ConversationStatus) =>
  db.updateTable('conversations').set({ status }).where('id', '=', id).executeTakeFirst();

export async function markCustomerMessagesRead(db: Db, conversationId: number): Promise<number> {
  const r = await db
    .updateTable('conversation_messages')
    .set({ is_read: fromBool(true) })
    .where('conversation_id', '=', conversationId)
    .where('sender_type', '=', 'customer')
    .where('is_read', '=', fromBool(false))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Bulk: the customer's messages of every named conversation become read; answers the conversations that had unread ones. */
export async function markCustomerMessagesReadIn(db: Db, conversationIds: number[]): Promise<number[]> {
  const rows = await db
    .updateTable('conversation_messages')
    .set({ is_read: fromBool(true) })
    .where('conversation_id', 'in', conversationIds)
    .where('sender_type', '=', 'customer')
    .where('is_read', '=', fromBool(false))
    .returning('conversation_id')
    .execute();
  return [...new Set(rows.map((r) => r.conversation_id))].sort((a, b) => a - b);
}

/** "Mark as unread": the customer's latest message becomes unread again (0 when the customer never wrote). */
export async function markLatestCustomerMessageUnread(db: Db, conversationId: number): Promise<number> {
  const latest = await db
    .selectFrom('conversation_messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('sender_type', '=', 'customer')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return 0;
  const r = await db
    .updateTable('conversation_messages')
    .set({ is_read: fromBool(false) })
    .where('id', '=', latest.id)
    .where('is_read', '=', fromBool(true))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface ConversationSearch {
  like?: TextSearch;
  status?: ConversationStatus;
}

/** A page of the back office's list (latest message first) and the matching total. */
export async function searchConversations(
  db: Db,
  f: ConversationSearch,
  limit: number,
  offset: number,
): Promise<{ rows: ConversationWithCounts[]; total: number }> {
  let rowsQ = withCounts(db);
  let countQ = db.selectFrom('conversations as c').select((eb) => eb.fn.countAll<number>().as('n'));
  if (f.like) {
    rowsQ = rowsQ.where(anyColumnLike(['c.user_name', 'c.user_email', 'c.subject'], f.like));
    countQ = countQ.where(anyColumnLike(['c.user_name', 'c.user_email', 'c.subject'], f.like));
  }
  if (f.status) {
    rowsQ = rowsQ.where('c.status', '=', f.status);
    countQ = countQ.where('c.status', '=', f.status);
  }
  const [rows, count] = await Promise.all([
    rowsQ.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
    countQ.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(count.n) };
}
