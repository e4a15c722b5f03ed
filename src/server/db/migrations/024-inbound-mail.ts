import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Inbound e-mail (issue 22): customers' replies read from the gym's mailbox over IMAP join their
// conversation. Each mail read is recorded once under its key (the Message-ID, or a digest of the
// raw message without one), in the same transaction as its effect, so a restart, a retry or a
// second instance never imports it twice. Per mailbox, the last UID read (with its UIDVALIDITY)
// and the connection's last success and error. Messages remember whether they came by e-mail,
// their sanitised HTML and their attachments; bouncing addresses are kept apart so the outbox,
// the conversation and the subscriber list all read one answer. Independent of every other
// migration but 001 and 014.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('inbound_mails'))
    // '<message-id>' lower-cased without angle brackets, or 'sha256:<hex>' of the raw mail.
    .addColumn('message_key', 'text', (c: any) => c.notNull().unique())
    .addColumn('mailbox', 'text', (c: any) => c.notNull())
    .addColumn('uid', 'integer')
    .addColumn('from_address', 'text')
    .addColumn('subject', 'text')
    // What became of it: joined a thread, opened one, or was set aside as not a customer's.
    .addColumn('outcome', 'text', (c: any) => c.notNull().check(sql`outcome in ('threaded', 'opened', 'auto-reply', 'bounce', 'own', 'rejected')`))
    .addColumn('conversation_id', 'integer', (c: any) => c.references('conversations.id').onDelete('set null'))
    .addColumn('conversation_message_id', 'integer', (c: any) => c.references('conversation_messages.id').onDelete('set null'))
    // Why it was set aside (too large, a bounce's status), for the mailbox status screen.
    .addColumn('detail', 'text')
    // The mail's Date header (when the customer sent it), if any.
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('inbound_mails_created').on('inbound_mails').column('created_at').execute();

  await db.schema
    .createTable('inbound_mailboxes')
    .addColumn('mailbox', 'text', (c: any) => c.primaryKey())
    // A new UIDVALIDITY means the server renumbered the mailbox: read it again (keys keep it once).
    .addColumn('uid_validity', 'text')
    .addColumn('last_uid', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('last_read_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'text')
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();

  // 'web': typed in the contact form or the back office; 'email': read from the mailbox.
  await db.schema
    .alterTable('conversation_messages')
    .addColumn('channel', 'text', (c: any) =>
      c
        .notNull()
        .defaultTo('web')
        .check(sql`channel in ('web', 'email')`),
    )
    .execute();
  // The mail's HTML after sanitising (remote images not loaded until a click); null for plain text.
  await db.schema.alterTable('conversation_messages').addColumn('html_content', 'text').execute();
  // The address the mail came from (may differ from the conversation's).
  await db.schema.alterTable('conversation_messages').addColumn('email_from', 'text').execute();

  await id(db.schema.createTable('message_attachments'))
    .addColumn('conversation_message_id', 'integer', (c: any) => c.notNull().references('conversation_messages.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c: any) => c.notNull())
    .addColumn('content_type', 'text', (c: any) => c.notNull())
    .addColumn('size_bytes', 'integer', (c: any) => c.notNull())
    // Where the file is stored (images and PDFs up to 10 MB); null: listed, not stored.
    .addColumn('storage_key', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('message_attachments_message').on('message_attachments').column('conversation_message_id').execute();

  // Addresses that bounced, by lower-cased e-mail: one answer for the outbox, the conversation
  // and the subscriber list. A later mail from the address (it works again) removes the row.
  await db.schema
    .createTable('email_bounces')
    .addColumn('email_key', 'text', (c: any) => c.primaryKey())
    .addColumn('reason', 'text')
    .addColumn('bounced_at', 'text', (c: any) => c.notNull())
    .execute();
}
