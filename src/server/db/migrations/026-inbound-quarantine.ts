import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Hostile mail (issue 33): a mail whose import fails is tried again a few times and then set
// aside (quarantined) with its error, so that it never blocks the mail after it. One row per mail
// of a mailbox (its UID under the mailbox's UIDVALIDITY), written before each try: a try that
// never ends (the process froze or died) is still counted. Staff retry or dismiss a quarantined
// mail from the mailbox status. Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('inbound_failures');
  const withId =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await withId
    .addColumn('mailbox', 'text', (c: any) => c.notNull())
    .addColumn('uid_validity', 'text', (c: any) => c.notNull())
    .addColumn('uid', 'integer', (c: any) => c.notNull())
    // What the mailbox said of it before download (for the status screen), cut and without NUL.
    .addColumn('message_id', 'text')
    .addColumn('size_bytes', 'integer')
    // Tries started (a try is counted before it starts).
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    // failing: tried again at the next reads; quarantined: skipped until staff retry it;
    // retry: staff asked for another try; dismissed: staff set it aside for good.
    .addColumn('status', 'text', (c: any) => c.notNull().check(sql`status in ('failing', 'quarantined', 'retry', 'dismissed')`))
    .addColumn('last_error', 'text')
    .addColumn('first_failed_at', 'text', (c: any) => c.notNull())
    .addColumn('last_failed_at', 'text')
    .addColumn('quarantined_at', 'text')
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('inbound_failures_mail', ['mailbox', 'uid_validity', 'uid'])
    .execute();
  await db.schema.createIndex('inbound_failures_status').on('inbound_failures').column('status').execute();

  // A mail whose sender the receiving server could not verify (its Authentication-Results under
  // INBOUND_TRUSTED_AUTHSERV: dmarc=fail, or SPF and DKIM both failing). Recorded in inbound_mails
  // as rejected; kept here for staff, with a warning, never in a customer's thread.
  const held = db.schema.createTable('inbound_held_mails');
  const heldWithId =
    dialect === 'postgres'
      ? held.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : held.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await heldWithId
    .addColumn('inbound_mail_id', 'integer', (c: any) => c.notNull().unique().references('inbound_mails.id').onDelete('cascade'))
    .addColumn('from_address', 'text')
    .addColumn('from_name', 'text')
    .addColumn('subject', 'text')
    .addColumn('content', 'text', (c: any) => c.notNull())
    // The verdict read, e.g. 'dmarc=fail' or 'spf=fail, dkim=fail'.
    .addColumn('reason', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('dismissed_at', 'text')
    .execute();
}
