// The site's content and messages: blog, gallery, newsletter, contact, conversations, settings.
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { ContactStatus, ConversationStatus, MessageChannel, MessageSenderType } from '../../../shared/constants';
import type { DbBool } from './columns';

export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  created_at: string;
  /** Bumped by every edit (migration 013). */
  version: Generated<number>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  category_id: number | null;
  author_id: number | null;
  published: DbBool;
  /** A future instant on a published post: scheduled, public only from then. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped by every edit (migration 013). */
  version: Generated<number>;
  featured_image_alt: string | null;
  /** The post's language (migration 019): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
}

export interface GalleryItemsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  category: string;
  image_url: string | null;
  instagram_url: string | null;
  filename: string | null;
  width: number | null;
  height: number | null;
  /** JSON array of { width, url } WebP variants, smallest first. */
  variants: string | null;
  created_at: string;
  /** Bumped by every edit (migration 013). */
  version: Generated<number>;
  /** Migration 017: set by a delete (restorable); the purge removes the row and files later. */
  deleted_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  is_active: DbBool;
  unsubscribe_token: string;
  subscribed_at: string;
  /** Double opt-in (migration 011): null until the address is confirmed. */
  confirmed_at: string | null;
  /** SHA-256 (hex) of the confirmation link's token; null once unsubscribed. */
  confirm_token_hash: string | null;
  /** When the last confirmation e-mail was queued. */
  confirm_sent_at: string | null;
  /** The customer's language (migration 018): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactStatus;
  created_at: string;
  /** The customer's language (migration 018): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
}

export interface ConversationsTable {
  id: Generated<number>;
  user_name: string;
  user_email: string;
  subject: string;
  status: ConversationStatus;
  contact_submission_id: number | null;
  created_at: string;
  last_message_at: string;
  /** The customer's language (migration 018): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
  /** The customer record (migration 021); null on rows before it. */
  customer_id: number | null;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_type: MessageSenderType;
  sender_name: string;
  content: string;
  is_read: DbBool;
  created_at: string;
  /** The Message-ID of the e-mail this message went out as (migration 014), or came in as (024). */
  message_id: string | null;
  /** Typed on the site or in the back office, or read from the mailbox (migration 024). */
  channel: Generated<MessageChannel>;
  /** A mail's HTML, sanitised, remote images not loaded (migration 024); null for plain text. */
  html_content: string | null;
  /** The address a mail came from (migration 024); null for messages typed on the site. */
  email_from: string | null;
}

export interface SavedRepliesTable {
  id: Generated<number>;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** The gym's editable facts: one row, id 1 (migration 016). */
export interface SiteSettingsTable {
  id: number;
  /** JSON of SiteSettings (shared/schemas/site-settings.ts). */
  data: string;
  /** Bumped by every save; a save naming an older one is refused. */
  version: number;
  updated_at: string;
  updated_by: number | null;
}

/** Every saved version of the settings (migration 016). */
export interface SiteSettingsHistoryTable {
  id: Generated<number>;
  version: number;
  data: string;
  /** JSON array of the top-level fields that differ from the version before. */
  changes: string;
  changed_at: string;
  /** The account that saved (not a foreign key: a deleted account leaves its changes). */
  changed_by: number | null;
}
