import { attachmentStorage } from '../../src/server/inbound/attachments';
import type { AppContext } from '../../src/server/context';
import { fromBool } from '../../src/server/db/database';
import { documentName, newMediaStem } from '../../src/server/media/storage';

// A customer's e-mail as the mail import leaves it (issue 22), written straight into the
// database and the private attachment folder: the back office's side is tested without IMAP.

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export interface SeededMail {
  conversationId: number;
  messageId: number;
  storedId: number;
  listedId: number;
}

/** A conversation with a web message, then an e-mail (HTML with a remote image, a kept PDF, a listed file), and optionally a bounce. */
export async function seedEmailConversation(
  ctx: Pick<AppContext, 'db' | 'config'>,
  o: { email: string; name: string; from?: string; remoteImage: string; bounce?: boolean },
): Promise<SeededMail> {
  const at = new Date(Date.now() - 60_000).toISOString();
  const later = new Date().toISOString();
  const conversation = await ctx.db
    .insertInto('conversations')
    .values({
      user_name: o.name,
      user_email: o.email,
      subject: 'Gloves for the trial class',
      status: 'open',
      created_at: at,
      last_message_at: later,
      language: 'en',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('conversation_messages')
    .values({
      conversation_id: conversation.id,
      sender_type: 'customer',
      sender_name: o.name,
      content: 'Do you lend gloves?',
      is_read: fromBool(true),
      created_at: at,
    })
    .execute();
  const html =
    '<p>Here is the <b>photo</b> of my gloves.</p>' +
    `<img alt="gloves" data-remote-src="${o.remoteImage}">` +
    // What a stored row must never bring back: a script and a handler (sanitised on output).
    '<script>window.parent.hacked = 1</script><p onclick="alert(1)">Thanks</p>';
  const message = await ctx.db
    .insertInto('conversation_messages')
    .values({
      conversation_id: conversation.id,
      sender_type: 'customer',
      sender_name: o.name,
      content: 'Here is the photo of my gloves.\nThanks',
      is_read: fromBool(false),
      created_at: later,
      channel: 'email',
      email_from: o.from ?? o.email,
      html_content: html,
      message_id: `<mail-${conversation.id}@client.example>`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = documentName(newMediaStem());
  await attachmentStorage(ctx).save(key, PDF_BYTES);
  const stored = await ctx.db
    .insertInto('message_attachments')
    .values({
      conversation_message_id: message.id,
      filename: 'receipt.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF_BYTES.length,
      storage_key: key,
      created_at: later,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const listed = await ctx.db
    .insertInto('message_attachments')
    .values({
      conversation_message_id: message.id,
      filename: 'notes.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size_bytes: 48_213,
      storage_key: null,
      created_at: later,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.bounce) {
    await ctx.db.insertInto('email_bounces').values({ email_key: o.email.toLowerCase(), reason: '550 5.1.1 mailbox unavailable', bounced_at: later }).execute();
  }
  return { conversationId: conversation.id, messageId: message.id, storedId: stored.id, listedId: listed.id };
}
