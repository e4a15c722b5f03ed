import { pageOf, type ContactListQuery } from '../../shared/schemas/lists';
import type { ContactStatus } from '../../shared/constants';
import type { ContactPayload } from '../../shared/schemas/contact';
import type { AppContext } from '../context';
import { insertConversation, insertMessage } from '../conversations/conversations.repository';
import { findOrCreateForVisitor } from '../customers/customers.repository';
import { fromBool, nowIso } from '../db/database';
import type { ContactSubmissionRow } from '../db/schema';
import { notFound } from '../errors';
import { newMessageId } from '../mail/delivery/mail-queue';
import { contactAckMail, contactNotificationMail } from '../mail/templates/site-mails';
import { conversationReplyTo, replyTagKey } from '../conversations/conversation-mail';
import * as repo from './contact.repository';
import { mailConfig } from '../site-settings/site-settings.service';
import { textSearch } from '../db/search';

export const SUBMISSION_NOT_FOUND = 'Contact submission not found';

/**
 * A contact message is stored as a submission and opens a conversation whose first message is
 * the customer's, linked to their customer record (found by e-mail, made when new, never
 * rewritten by what was typed: decision 173); the rows
 * (and the gym's notification e-mail) commit together.
 */
export async function submitContact(ctx: AppContext, input: ContactPayload): Promise<{ id: number; conversationId: number }> {
  const at = nowIso();
  const tagKey = await replyTagKey(ctx);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const submission = await repo.insertSubmission(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      status: 'new',
      created_at: at,
      language: input.language,
    });
    const customer = await findOrCreateForVisitor(trx, { name: input.name, email: input.email, phone: input.phone, language: input.language });
    const conversation = await insertConversation(trx, {
      customer_id: customer?.id ?? null,
      user_name: input.name,
      user_email: input.email,
      subject: input.subject,
      status: 'new',
      contact_submission_id: submission.id,
      language: input.language,
      created_at: at,
      last_message_at: at,
    });
    // The message's own Message-ID, also the gym's notice's: the staff replies then thread
    // with that notice in the gym's inbox and start the thread in the customer's.
    const messageId = newMessageId(ctx.config);
    await insertMessage(trx, {
      conversation_id: conversation.id,
      sender_type: 'customer',
      sender_name: input.name,
      content: input.message,
      is_read: fromBool(false),
      created_at: at,
      message_id: messageId,
    });
    if (ctx.config.notifyEmail) {
      await ctx.mail.enqueue(trx, {
        ...contactNotificationMail(mailConfig(ctx), ctx.config.notifyEmail, { conversationId: conversation.id, ...input }),
        messageId,
      });
    }
    // The customer's acknowledgement (issue 22): a reply to it joins this conversation by its
    // tagged Reply-To, and by References naming the customer's message.
    await ctx.mail.enqueue(
      trx,
      contactAckMail(mailConfig(ctx), {
        to: input.email,
        language: input.language,
        messageId: newMessageId(ctx.config),
        inReplyTo: messageId,
        replyTo: conversationReplyTo(ctx, tagKey, conversation.id),
      }),
    );
    return { id: submission.id, conversationId: conversation.id };
  });

  ctx.mail.kick();
  // The message is saved; increment() never rejects, so a failing counter cannot fail the answer.
  await ctx.stats.increment('contact_form');
  ctx.push.notifyStaff({
    title: 'Nouveau message',
    body: `${input.name}: ${input.subject}`,
    url: `/admin/messages/${result.conversationId}`,
    tag: 'contact',
  });
  return result;
}

export const listSubmissions = (ctx: AppContext) => repo.listSubmissions(ctx.db);

export async function searchSubmissions(ctx: AppContext, q: ContactListQuery) {
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await repo.searchSubmissions(ctx.db, { like: q.q ? textSearch(ctx.dialect, q.q) : undefined, status: q.status }, pageSize, offset);
  return { rows, total, page, pageSize };
}

export async function setSubmissionStatus(ctx: AppContext, id: number, status: ContactStatus): Promise<ContactSubmissionRow> {
  const row = await repo.updateSubmissionStatus(ctx.db, id, status);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}

/** POST /api/contact-submissions/bulk/status: one status for every selected message ('read' marks read, 'new' unread), in one transaction. */
export const setSubmissionStatuses = (ctx: AppContext, ids: number[], status: ContactStatus): Promise<number[]> =>
  ctx.db.transaction().execute((trx) => repo.updateSubmissionStatuses(trx, ids, status));
