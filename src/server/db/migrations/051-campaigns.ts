import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Newsletter campaigns (issue 48 points 1-4, decision 192). `campaigns`: what staff wrote (JSON
// per language), the audience (JSON), the status and its dates; `recipients_ready` is set once the
// audience has been written out into `campaign_recipients`, `resolve_lease_until` keeps a second
// instance from writing it at the same time. `campaign_recipients`: one row per campaign and
// address (UNIQUE campaign_id, email_key), claimed by a conditional UPDATE before its send, its
// Message-ID written then and kept for a retry; `send_window` is the throttle window it was
// sent in. `campaign_links`: the links of a campaign's bodies, which the signed click redirect
// names by id; `campaign_clicks`: one row per (recipient, link), the first click only.
// `campaign_send_windows`: sends per throttle window, taken one at a time by a conditional
// UPDATE, shared by every instance. Needs newsletter_subscribers (001) and blog_posts (001).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await withId('campaigns')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('subject', 'text', (c: any) => c.notNull())
    .addColumn('preheader', 'text', (c: any) => c.notNull())
    .addColumn('body_markdown', 'text', (c: any) => c.notNull())
    .addColumn('audience', 'text', (c: any) => c.notNull())
    .addColumn('post_id', 'integer', (c: any) => c.references('blog_posts.id').onDelete('set null'))
    .addColumn('send_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('recipients_ready', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('resolve_lease_until', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_status').on('campaigns').columns(['status', 'send_at']).execute();

  await withId('campaign_recipients')
    .addColumn('campaign_id', 'integer', (c: any) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'integer', (c: any) => c.references('newsletter_subscribers.id').onDelete('set null'))
    .addColumn('email', 'text', (c: any) => c.notNull())
    .addColumn('email_key', 'text', (c: any) => c.notNull())
    .addColumn('language', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c: any) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('send_window', 'text')
    .addColumn('reason', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('campaign_recipients_once', ['campaign_id', 'email_key'])
    .execute();
  await db.schema.createIndex('campaign_recipients_due').on('campaign_recipients').columns(['campaign_id', 'status', 'id']).execute();
  await db.schema.createIndex('campaign_recipients_email').on('campaign_recipients').column('email_key').execute();
  await db.schema.createIndex('campaign_recipients_message').on('campaign_recipients').column('message_id').execute();

  await withId('campaign_links')
    .addColumn('campaign_id', 'integer', (c: any) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('campaign_links_once', ['campaign_id', 'url'])
    .execute();

  await db.schema
    .createTable('campaign_clicks')
    .addColumn('recipient_id', 'integer', (c: any) => c.notNull().references('campaign_recipients.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (c: any) => c.notNull().references('campaign_links.id').onDelete('cascade'))
    .addColumn('clicked_at', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('campaign_clicks_pk', ['recipient_id', 'link_id'])
    .execute();
  await db.schema.createIndex('campaign_clicks_link').on('campaign_clicks').column('link_id').execute();

  await db.schema
    .createTable('campaign_send_windows')
    .addColumn('window_key', 'text', (c: any) => c.primaryKey())
    .addColumn('sent', 'integer', (c: any) => c.notNull())
    .execute();
}
