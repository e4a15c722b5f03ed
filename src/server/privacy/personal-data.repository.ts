import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** A LIKE pattern matching `text` anywhere, with % _ and \ taken literally (ESCAPE '\'). */
const contains = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** lower(column) LIKE '%text%' for any of the texts. */
function mentions(column: string, texts: string[]) {
  return texts.map((t) => sql<boolean>`lower(${sql.ref(column)}) like ${contains(t)} escape '\\'`);
}

export interface Lookup {
  email?: string;
  /** Whether to bring every row with a phone number (the service compares the digits). */
  withPhones: boolean;
}

/** Rows of the address, or with any phone number when the lookup asks (bookings, contact forms, waiting lists). */
const ofLookup =
  (k: Lookup) =>
  <TB extends 'reservations' | 'contact_submissions' | 'waitlist_entries'>(eb: ExpressionBuilder<Database, TB>) => {
    const or = [];
    if (k.email) or.push(eb(eb.fn('lower', [eb.ref('email')]), '=', k.email));
    if (k.withPhones) or.push(eb(eb.ref('phone'), 'is not', null));
    return eb.or(or);
  };

export const findReservations = (db: Db, k: Lookup) => db.selectFrom('reservations').selectAll().where(ofLookup(k)).orderBy('id').execute();

export const findContactSubmissions = (db: Db, k: Lookup) => db.selectFrom('contact_submissions').selectAll().where(ofLookup(k)).orderBy('id').execute();

/** Conversations of the address, and those started from the given contact submissions. */
export const findConversations = (db: Db, email: string | undefined, contactIds: number[]) =>
  email || contactIds.length > 0
    ? db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => {
          const or = [];
          if (email) or.push(eb(eb.fn('lower', ['user_email']), '=', email));
          if (contactIds.length > 0) or.push(eb('contact_submission_id', 'in', contactIds));
          return eb.or(or);
        })
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

export const findMessages = (db: Db, conversationIds: number[]) =>
  conversationIds.length > 0
    ? db.selectFrom('conversation_messages').selectAll().where('conversation_id', 'in', conversationIds).orderBy('conversation_id').orderBy('id').execute()
    : Promise.resolve([]);

export const findSubscriptions = (db: Db, email: string | undefined) =>
  email
    ? db
        .selectFrom('newsletter_subscribers')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** E-mails to or from the address, about one of its bookings, or whose text names it or one of the phone numbers. */
export const findOutbox = (db: Db, email: string | undefined, texts: string[], reservationIds: number[]) =>
  email || texts.length > 0 || reservationIds.length > 0
    ? db
        .selectFrom('outbox')
        .selectAll()
        .where((eb) => {
          const or = [...mentions('text_body', texts)];
          if (reservationIds.length > 0) or.push(sql<boolean>`reservation_id in (${sql.join(reservationIds)})`);
          if (email) {
            // A recipient may be written with a name ('Ana <ana@example.com>').
            const named = `%<${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}>`;
            or.push(sql<boolean>`lower(to_address) = ${email}`, sql<boolean>`lower(to_address) like ${named} escape '\\'`);
            or.push(sql<boolean>`lower(coalesce(reply_to, '')) = ${email}`);
          }
          return eb.or(or);
        })
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** Remembered booking answers (Idempotency-Key) that carry the address or a phone number. */
export const findIdempotencyKeys = (db: Db, texts: string[]) =>
  texts.length > 0
    ? db
        .selectFrom('idempotency_keys')
        .select('id')
        .where((eb) => eb.or(mentions('answer_body', texts)))
        .execute()
    : Promise.resolve([]);

/**
 * Records of mails read from the mailbox: sent from the address, threaded into one of the
 * conversations, or whose subject or detail names the address or a phone number (a bounce's
 * detail names the address that bounced).
 */
export const findInboundMails = (db: Db, email: string | undefined, conversationIds: number[], texts: string[]) =>
  email || conversationIds.length > 0 || texts.length > 0
    ? db
        .selectFrom('inbound_mails')
        .select(['id', 'from_address', 'subject', 'outcome', 'detail', 'conversation_id', 'sent_at', 'created_at'])
        .where((eb) => {
          const or = [...mentions('subject', texts), ...mentions('detail', texts)];
          if (email) or.push(sql<boolean>`lower(from_address) = ${email}`);
          if (conversationIds.length > 0) or.push(sql<boolean>`conversation_id in (${sql.join(conversationIds)})`);
          return eb.or(or);
        })
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** Mails held for staff (unverified sender, migration 026): from the address, or kept beside one of the records. */
export const findHeldMails = (db: Db, email: string | undefined, inboundMailIds: number[]) =>
  email || inboundMailIds.length > 0
    ? db
        .selectFrom('inbound_held_mails')
        .select(['id', 'from_address', 'from_name', 'subject', 'content', 'reason', 'created_at', 'dismissed_at'])
        .where((eb) => {
          const or = [];
          if (email) or.push(eb(sql<string>`lower(from_address)`, '=', email));
          if (inboundMailIds.length > 0) or.push(eb('inbound_mail_id', 'in', inboundMailIds));
          return eb.or(or);
        })
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** Files attached to the messages of these conversations (a stored one has a storage key). */
export const findAttachments = (db: Db, conversationIds: number[]) =>
  conversationIds.length > 0
    ? db
        .selectFrom('message_attachments as a')
        .innerJoin('conversation_messages as m', 'm.id', 'a.conversation_message_id')
        .select(['a.id', 'a.storage_key', 'a.conversation_message_id', 'a.filename', 'a.content_type', 'a.size_bytes', 'a.created_at'])
        .where('m.conversation_id', 'in', conversationIds)
        .orderBy('a.id')
        .execute()
    : Promise.resolve([]);

/** The address's bounce record (at most one: the key is unique). */
export const findBounces = (db: Db, key: string | null) =>
  key ? db.selectFrom('email_bounces').selectAll().where('email_key', '=', key).execute() : Promise.resolve([]);

// ---------------------------------------------------------------------------------------------
// Erasing: the rows stay (counts and dates add up), what names a person goes.

export const ERASED_NAME = 'Anonymisé';
export const ERASED_TEXT = '[effacé]';
/** RFC 2606's .invalid: never a deliverable address. */
export const ERASED_EMAIL = 'anonyme@invalid';

export interface EraseIds {
  reservations: number[];
  contactSubmissions: number[];
  conversations: number[];
  newsletterSubscriptions: number[];
  outbox: number[];
  idempotencyKeys: number[];
  inboundMails: number[];
  heldMails: number[];
  attachments: number[];
  bounces: string[];
}

/** Anonymises every listed row; in the caller's transaction. Answers how many messages changed. */
export async function eraseRows(db: Db, ids: EraseIds, newToken: () => string): Promise<{ messages: number }> {
  if (ids.reservations.length > 0) {
    await db
      .updateTable('reservations')
      .set({ name: ERASED_NAME, email: null, phone: null, message: null, manage_token_hash: null })
      .where('id', 'in', ids.reservations)
      .execute();
  }
  if (ids.contactSubmissions.length > 0) {
    await db
      .updateTable('contact_submissions')
      .set({ name: ERASED_NAME, email: ERASED_EMAIL, phone: null, subject: ERASED_NAME, message: ERASED_TEXT })
      .where('id', 'in', ids.contactSubmissions)
      .execute();
  }
  let messages = 0;
  if (ids.conversations.length > 0) {
    await db
      .updateTable('conversations')
      .set({ user_name: ERASED_NAME, user_email: ERASED_EMAIL, subject: ERASED_NAME })
      .where('id', 'in', ids.conversations)
      .execute();
    // A mail's text, its HTML and its sender's address go; the Message-ID stays (threading).
    const r = await db
      .updateTable('conversation_messages')
      .set({ content: ERASED_TEXT, html_content: null, email_from: null })
      .where('conversation_id', 'in', ids.conversations)
      .executeTakeFirst();
    messages = Number(r.numUpdatedRows);
    await db
      .updateTable('conversation_messages')
      .set({ sender_name: ERASED_NAME })
      .where('conversation_id', 'in', ids.conversations)
      .where('sender_type', '=', 'customer')
      .execute();
  }
  // One address per subscription whatever its case (unique index): each row its own placeholder.
  for (const id of ids.newsletterSubscriptions) {
    await db
      .updateTable('newsletter_subscribers')
      .set({ email: `anonyme-${id}@invalid`, name: null, is_active: 0, unsubscribe_token: newToken() })
      .where('id', '=', id)
      .execute();
  }
  // Their campaign e-mails' log (issue 48): the address goes; one not yet sent never will be.
  if (ids.newsletterSubscriptions.length > 0) {
    await db
      .updateTable('campaign_recipients')
      .set({ email: ERASED_EMAIL, email_key: sql<string>`${'erased-'} || cast(id as text)` })
      .where('subscriber_id', 'in', ids.newsletterSubscriptions)
      .execute();
    await db
      .updateTable('campaign_recipients')
      .set({ status: 'skipped', reason: 'erased', locked_until: null })
      .where('subscriber_id', 'in', ids.newsletterSubscriptions)
      .where('status', '=', 'queued')
      .execute();
  }
  if (ids.outbox.length > 0) {
    const blank = {
      to_address: ERASED_EMAIL,
      subject: ERASED_TEXT,
      text_body: '',
      html_body: null,
      reply_to: null,
      calendar: null,
      attachments: null,
      headers: null,
      // A deferred e-mail's facts (a booking confirmation written when sent) name the person too.
      template: null,
    };
    await db.updateTable('outbox').set(blank).where('id', 'in', ids.outbox).where('status', '=', 'sent').execute();
    // Not yet sent: it never will be (the worker only claims pending rows, and marks sent only 'sending' ones).
    await db
      .updateTable('outbox')
      .set({ ...blank, status: 'failed', locked_until: null, last_error: 'Effacé (données personnelles)' })
      .where('id', 'in', ids.outbox)
      .where('status', '<>', 'sent')
      .execute();
  }
  if (ids.idempotencyKeys.length > 0) await db.deleteFrom('idempotency_keys').where('id', 'in', ids.idempotencyKeys).execute();
  // The files' rows (their names may name the person); the service removes the files after commit.
  if (ids.attachments.length > 0) await db.deleteFrom('message_attachments').where('id', 'in', ids.attachments).execute();
  // Held mails are copies of a mail for staff to read: nothing to count, they go.
  if (ids.heldMails.length > 0) await db.deleteFrom('inbound_held_mails').where('id', 'in', ids.heldMails).execute();
  // The record of a mail read stays (its key keeps the mail from being imported again): who sent it, its subject and detail go.
  if (ids.inboundMails.length > 0) {
    await db.updateTable('inbound_mails').set({ from_address: null, subject: null, detail: null }).where('id', 'in', ids.inboundMails).execute();
  }
  if (ids.bounces.length > 0) await db.deleteFrom('email_bounces').where('email_key', 'in', ids.bounces).execute();
  return { messages };
}

/** Waiting-list places (issue 34) of the address, and every one with a phone (the service compares the digits). */
export const findWaitlistEntries = (db: Db, k: Lookup) =>
  db.selectFrom('waitlist_entries').select(['id', 'email', 'phone', 'status', 'offer_held', 'weekly_session_id', 'session_date']).where(ofLookup(k)).execute();

/**
 * Anonymises waiting-list places: no name, address, phone, pass or working link is left, and a
 * place still in line leaves it (answers those whose offer held a seat: the caller gives it back).
 */
export async function eraseWaitlistEntries(db: Db, ids: number[], newHash: () => string): Promise<{ weekly_session_id: number; session_date: string }[]> {
  const held = [];
  for (const id of ids) {
    const before = await db
      .selectFrom('waitlist_entries')
      .select(['status', 'offer_held', 'weekly_session_id', 'session_date'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) continue;
    const inLine = before.status === 'waiting' || before.status === 'offered';
    await db
      .updateTable('waitlist_entries')
      .set({
        name: ERASED_NAME,
        email: `anonyme-${id}@invalid`,
        phone: null,
        pass_token: null,
        token_hash: newHash(),
        offer_token_hash: null,
        ...(inLine ? { status: 'left' as const, left_at: new Date().toISOString() } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (before.status === 'offered' && Number(before.offer_held) === 1) held.push(before);
  }
  return held;
}

// ---------------------------------------------------------------------------------------------
// A deleted booking's e-mails

/** E-mails still waiting in the outbox that may be about booking `id` (the service checks each). */
export const findPendingMailsMentioning = (db: Db, id: number) =>
  db
    .selectFrom('outbox')
    .select(['id', 'text_body', 'calendar', 'reservation_id'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('reservation_id', '=', id), eb('text_body', 'like', `%#${id}%`), eb('calendar', 'like', `%reservation-${id}@%`)]))
    .execute();

export async function deleteOutboxRows(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.deleteFrom('outbox').where('id', 'in', ids).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numDeletedRows);
}
