import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// `serial` on PostgreSQL and `integer primary key autoincrement` on SQLite give both
// databases plain integer ids.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  const bool = 'boolean';

  await id(db.schema.createTable('users'))
    .addColumn('email', 'text', (c: any) => c.notNull().unique())
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('password_hash', 'text', (c: any) => c.notNull())
    .addColumn('role', 'text', (c: any) => c.notNull())
    .addColumn('is_active', bool, (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await id(db.schema.createTable('blog_categories'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('slug', 'text', (c: any) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('blog_posts'))
    .addColumn('slug', 'text', (c: any) => c.notNull().unique())
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('content', 'text', (c: any) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('featured_image', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('category_id', 'integer', (c: any) => c.references('blog_categories.id').onDelete('set null'))
    .addColumn('author_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('published', bool, (c: any) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_published').on('blog_posts').columns(['published', 'published_at']).execute();

  await id(db.schema.createTable('gallery_items'))
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c: any) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('instagram_url', 'text')
    .addColumn('filename', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variants', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('newsletter_subscribers'))
    .addColumn('email', 'text', (c: any) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('is_active', bool, (c: any) => c.notNull())
    .addColumn('unsubscribe_token', 'text', (c: any) => c.notNull().unique())
    .addColumn('subscribed_at', 'text', (c: any) => c.notNull())
    .execute();
  // One subscription per address whatever its case.
  await db.schema
    .createIndex('newsletter_subscribers_email_lower')
    .on('newsletter_subscribers')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await id(db.schema.createTable('contact_submissions'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('email', 'text', (c: any) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('subject', 'text', (c: any) => c.notNull())
    .addColumn('message', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('conversations'))
    .addColumn('user_name', 'text', (c: any) => c.notNull())
    .addColumn('user_email', 'text', (c: any) => c.notNull())
    .addColumn('subject', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('contact_submission_id', 'integer', (c: any) => c.references('contact_submissions.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('last_message_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('conversation_messages'))
    .addColumn('conversation_id', 'integer', (c: any) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_type', 'text', (c: any) => c.notNull())
    .addColumn('sender_name', 'text', (c: any) => c.notNull())
    .addColumn('content', 'text', (c: any) => c.notNull())
    .addColumn('is_read', bool, (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('conversation_messages_conversation').on('conversation_messages').column('conversation_id').execute();

  await id(db.schema.createTable('reservations'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('course', 'text', (c: any) => c.notNull())
    .addColumn('date_time', 'text', (c: any) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('reservations_created_at').on('reservations').column('created_at').execute();

  await id(db.schema.createTable('outbox'))
    .addColumn('to_address', 'text', (c: any) => c.notNull())
    .addColumn('subject', 'text', (c: any) => c.notNull())
    .addColumn('text_body', 'text', (c: any) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('message_id', 'text', (c: any) => c.notNull().unique())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('attempts', 'integer', (c: any) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c: any) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await id(db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c: any) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c: any) => c.notNull())
    .addColumn('auth', 'text', (c: any) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c: any) => c.primaryKey())
    .addColumn('value', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('daily_stats'))
    .addColumn('metric', 'text', (c: any) => c.notNull())
    .addColumn('day', 'text', (c: any) => c.notNull())
    .addColumn('value', 'integer', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('daily_stats_metric_day', ['metric', 'day'])
    .execute();
}
