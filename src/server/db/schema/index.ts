// The database's tables as Kysely sees them, one file per area; every importer keeps importing
// from 'db/schema'. Migrations never import this (they are frozen; see src/server/db/migrations).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  UsersTable,
  SessionsTable,
  PasswordResetsTable,
  TwoFactorTable,
  RecoveryCodesTable,
  LoginChallengesTable,
  AttemptCountersTable,
  AuditLogTable,
} from './accounts';
import type {
  BlogCategoriesTable,
  BlogPostsTable,
  GalleryItemsTable,
  NewsletterSubscribersTable,
  ContactSubmissionsTable,
  ConversationsTable,
  ConversationMessagesTable,
  SavedRepliesTable,
  SiteSettingsTable,
  SiteSettingsHistoryTable,
} from './content';
import type {
  ReservationsTable,
  ClassesTable,
  WeeklySessionsTable,
  SessionCancellationsTable,
  ClosuresTable,
  SeatsTable,
  IdempotencyKeysTable,
  WaitlistEntriesTable,
} from './bookings';
import type {
  CheckoutSessionsTable,
  CustomersTable,
  DisputesTable,
  OrdersTable,
  OrderPaymentsTable,
  OrderReceiptsTable,
  ReceiptCountersTable,
  PaymentEventsTable,
  PassUsesTable,
  RefundRequestsTable,
} from './payments';
import type {
  InboundMailsTable,
  InboundMailboxesTable,
  InboundFailuresTable,
  InboundHeldMailsTable,
  MessageAttachmentsTable,
  EmailBouncesTable,
} from './inbound';
import type { DocumentSequencesTable, VisaLettersTable } from './visa-letters';
import type {
  OrderPageLinksTable,
  OrderPickupsTable,
  OrderStaysTable,
  RoomClosuresTable,
  RoomStayNightsTable,
  RoomNightsTable,
  RoomsTable,
  RoomTypesTable,
  StayTermsVersionsTable,
} from './stays';
import type { PrivateLessonsTable, TrainerCellsTable, TrainerExceptionsTable, TrainersTable, TrainerWindowsTable } from './trainers';
import type { RateLimitsTable, OutboxTable, PushSubscriptionsTable, SettingsTable, DailyStatsTable, DemoRecordsTable } from './operations';
import type { MeSessionsTable, MeSignInsTable, PassPausesTable } from './me';
import type { CheckInKeysTable, WaiverSignaturesTable, WaiverVersionsTable } from './waivers';
import type { RetiredLinksTable } from './links';
import type { CustomerPushSubscriptionsTable, PushOutboxTable } from './traveller-push';
import type { DiscountCodePeopleTable, DiscountCodesTable, OrderDiscountsTable } from './discount-codes';
import type { CampaignClicksTable, CampaignLinksTable, CampaignRecipientsTable, CampaignSendWindowsTable, CampaignsTable } from './campaigns';
import type { ReviewRequestsTable } from './review-requests';

export type * from './columns';
export type * from './accounts';
export type * from './content';
export type * from './bookings';
export type * from './operations';
export type * from './payments';
export type * from './inbound';
export type * from './visa-letters';
export type * from './stays';
export type * from './trainers';
export type * from './links';
export type * from './waivers';
export type * from './traveller-push';
export type * from './discount-codes';
export type * from './campaigns';
export type * from './review-requests';

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
  waitlist_entries: WaitlistEntriesTable;
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
  customers: CustomersTable;
  orders: OrdersTable;
  order_payments: OrderPaymentsTable;
  order_receipts: OrderReceiptsTable;
  receipt_counters: ReceiptCountersTable;
  payment_events: PaymentEventsTable;
  checkout_sessions: CheckoutSessionsTable;
  refund_requests: RefundRequestsTable;
  disputes: DisputesTable;
  pass_uses: PassUsesTable;
  inbound_mails: InboundMailsTable;
  inbound_mailboxes: InboundMailboxesTable;
  inbound_failures: InboundFailuresTable;
  inbound_held_mails: InboundHeldMailsTable;
  message_attachments: MessageAttachmentsTable;
  email_bounces: EmailBouncesTable;
  visa_letters: VisaLettersTable;
  document_sequences: DocumentSequencesTable;
  room_types: RoomTypesTable;
  rooms: RoomsTable;
  room_nights: RoomNightsTable;
  order_stays: OrderStaysTable;
  order_pickups: OrderPickupsTable;
  stay_terms_versions: StayTermsVersionsTable;
  room_closures: RoomClosuresTable;
  room_stay_nights: RoomStayNightsTable;
  order_page_links: OrderPageLinksTable;
  trainers: TrainersTable;
  trainer_windows: TrainerWindowsTable;
  trainer_exceptions: TrainerExceptionsTable;
  private_lessons: PrivateLessonsTable;
  trainer_cells: TrainerCellsTable;
  demo_records: DemoRecordsTable;
  me_sign_ins: MeSignInsTable;
  me_sessions: MeSessionsTable;
  pass_pauses: PassPausesTable;
  waiver_versions: WaiverVersionsTable;
  waiver_signatures: WaiverSignaturesTable;
  check_in_keys: CheckInKeysTable;
  retired_links: RetiredLinksTable;
  customer_push_subscriptions: CustomerPushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  discount_codes: DiscountCodesTable;
  discount_code_people: DiscountCodePeopleTable;
  order_discounts: OrderDiscountsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_links: CampaignLinksTable;
  campaign_clicks: CampaignClicksTable;
  campaign_send_windows: CampaignSendWindowsTable;
  review_requests: ReviewRequestsTable;
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
export type CustomerPushSubscriptionRow = Selectable<CustomerPushSubscriptionsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type OrderDiscountRow = Selectable<OrderDiscountsTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignRecipientRow = Selectable<CampaignRecipientsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type WeeklySessionRow = Selectable<WeeklySessionsTable>;
export type ClosureRow = Selectable<ClosuresTable>;
export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type PassUseRow = Selectable<PassUsesTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderPaymentRow = Selectable<OrderPaymentsTable>;
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;
export type RefundRequestRow = Selectable<RefundRequestsTable>;
export type DisputeRow = Selectable<DisputesTable>;
export type InboundMailboxRow = Selectable<InboundMailboxesTable>;
export type InboundFailureRow = Selectable<InboundFailuresTable>;
export type MessageAttachmentRow = Selectable<MessageAttachmentsTable>;
export type VisaLetterRow = Selectable<VisaLettersTable>;
