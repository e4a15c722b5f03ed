import type { Language } from '../../shared/i18n/languages';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  Attendance,
  ContactStatus,
  ConversationStatus,
  MessageSenderType,
  OutboxStatus,
  ReservationSource,
  ReservationStatus,
  Role,
  StatMetric,
} from '../../shared/constants';

// Column types as both databases hand them back. Booleans are written as 1/0 (SQLite cannot
// bind JS booleans; PostgreSQL reads '1'/'0' as boolean input) and read back through
// `toBool`. Timestamps are ISO 8601 UTC strings in both databases, so they sort as text.
// Roles, statuses, sender types and metrics are the shared unions of src/shared/constants.ts;
// the database itself refuses any other role, status or sender type (CHECK, migration 003).
export type DbBool = number | boolean;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  is_active: DbBool;
  created_at: string;
  /** Bumped by every edit; a save naming an older one is refused (migration 013). */
  version: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

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
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_type: MessageSenderType;
  sender_name: string;
  content: string;
  is_read: DbBool;
  created_at: string;
  /** The Message-ID of the e-mail this message went out as (migration 014); null before. */
  message_id: string | null;
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

export interface ReservationsTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  date_time: string;
  message: string | null;
  status: ReservationStatus;
  created_at: string;
  // Migration 004: set for bookings of a timetable session; null on SPEC's older rows.
  weekly_session_id: number | null;
  /** The session's gym date, 'YYYY-MM-DD' (GYM_TIMEZONE). */
  session_date: string | null;
  /** SHA-256 of the manage link's token; unique. */
  manage_token_hash: string | null;
  attendance: Attendance | null;
  source: Generated<ReservationSource>;
  cancelled_at: string | null;
  reminder_queued_at: string | null;
  /** Migration 006: the calendar SEQUENCE of the booking's event (0, then +1 per change). */
  calendar_sequence: Generated<number>;
  /** Migration 017: what an archived booking was (unread or read), so unarchiving restores it. */
  status_before_archive: ReservationStatus | null;
  /** The customer's language (migration 018): one of shared/i18n/languages.ts's codes. */
  language: Generated<Language>;
}

export type ClassLevel = 'Beginner' | 'All Levels';

export interface ClassesTable {
  id: Generated<number>;
  name: string;
  description: string;
  level: ClassLevel;
  /** JSON { ru?: string, … } (migration 020): the description in the other languages. */
  description_translations: string;
  duration_minutes: number;
  by_appointment: DbBool;
  sort_order: number;
  active: DbBool;
  created_at: string;
  updated_at: string;
}

export interface WeeklySessionsTable {
  id: Generated<number>;
  class_id: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Gym time, 'HH:MM'. */
  start_time: string;
  capacity: number;
  coach: string | null;
  active: DbBool;
  created_at: string;
  updated_at: string;
}

export interface SessionCancellationsTable {
  id: Generated<number>;
  weekly_session_id: number;
  session_date: string;
  reason: string | null;
  created_at: string;
}

export interface ClosuresTable {
  id: Generated<number>;
  /** Gym dates, both inclusive. */
  start_date: string;
  end_date: string;
  reason: string | null;
  created_at: string;
}

export interface SeatsTable {
  weekly_session_id: number;
  session_date: string;
  taken: Generated<number>;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  key: string;
  request_hash: string;
  status_code: number | null;
  answer_body: string | null;
  created_at: string;
}

/** A fixed-window counter (login attempts, per-address limits); reset_at in epoch ms. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  /** Stable Message-ID so a retried delivery is recognisable as the same e-mail. */
  message_id: string;
  /** pending → sending → sent, or failed after the last attempt. */
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** JSON: the invitation part { method, content | event, filename? } (mail.calendar), or null. */
  calendar: string | null;
  /** JSON: [{ filename, content, encoding?, contentType }] (mail.attachments), or null. */
  attachments: string | null;
  /** JSON: extra header lines { name: value } (mail.headers), or null. */
  headers: string | null;
  /** The booking the e-mail is about (migration 007), or null. */
  reservation_id: number | null;
  /** JSON: { name, data } of an e-mail written when it is sent (mail/templates-deferred), or null (migration 015). */
  template: string | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TwoFactorTable {
  user_id: number;
  /** Base32 TOTP secret once enrolled. */
  secret: string | null;
  /** Shown at enrolment, kept until a code confirms it. */
  pending_secret: string | null;
  enabled_at: string | null;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface AttemptCountersTable {
  key: string;
  count: number;
  window_start: string;
}

export interface DailyStatsTable {
  id: Generated<number>;
  metric: StatMetric;
  day: string;
  value: number;
  created_at: string;
}

/** Migration 010: one back-office write, sign-in or sign-out (never a value of the payload). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: string;
  /** The signed-in account, or the account a sign-in named when it succeeded. */
  user_id: number | null;
  /** The account's e-mail at the time, or the address a failed sign-in tried. */
  user_email: string | null;
  method: string;
  /** The route pattern (/api/blog-posts/:id), never the URL with its query. */
  route: string;
  entity_type: string | null;
  entity_id: string | null;
  status: number;
  ip: string | null;
  /** Names of the fields sent, never their values. */
  summary: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  gallery_items: GalleryItemsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  contact_submissions: ContactSubmissionsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  reservations: ReservationsTable;
  outbox: OutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  settings: SettingsTable;
  daily_stats: DailyStatsTable;
  classes: ClassesTable;
  weekly_sessions: WeeklySessionsTable;
  session_cancellations: SessionCancellationsTable;
  closures: ClosuresTable;
  seats: SeatsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  password_resets: PasswordResetsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  attempt_counters: AttemptCountersTable;
  audit_log: AuditLogTable;
  saved_replies: SavedRepliesTable;
  site_settings: SiteSettingsTable;
  site_settings_history: SiteSettingsHistoryTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type BlogCategoryRow = Selectable<BlogCategoriesTable>;
export type GalleryItemRow = Selectable<GalleryItemsTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
export type ContactSubmissionRow = Selectable<ContactSubmissionsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;
export type SavedReplyRow = Selectable<SavedRepliesTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type SiteSettingsHistoryRow = Selectable<SiteSettingsHistoryTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type WeeklySessionRow = Selectable<WeeklySessionsTable>;
export type ClosureRow = Selectable<ClosuresTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
