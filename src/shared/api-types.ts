// The JSON shapes the API answers (SPEC.md §3, §7): the server's presenters build them and the
// public site and the back office read them. camelCase, integer ids, true/false, ISO 8601 text.
// Each is a zod schema (the routes' response schemas: an answer is encoded through it, so
// nothing unlisted leaves the server) and its type. The browser imports the types only
// (`import type`), so zod stays out of its bundles. No transforms here: answers are encoded.
import { z } from 'zod';
import { LANGUAGES } from './i18n/languages';
import { CLASS_LEVELS } from './schemas/timetable';
import { ATTENDANCE_MARKS, CONTACT_STATUSES, CONVERSATION_STATUSES, RESERVATION_SOURCES, RESERVATION_STATUSES, ROLES } from './constants';

const id = z.number().int();
/**
 * The customer's language (issue 15): their e-mails speak it. In the back office's reads (paged
 * lists, one item) only: the answers SPEC.md §7 shows keep their exact shape.
 */
const languageDto = z.enum(LANGUAGES).optional().describe("The customer's language (paged lists and single reads only)");
/** ISO 8601 text (toISOString()). */
const timestamp = z.string().describe('ISO 8601 date-time');

export const userDtoSchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: timestamp,
  version: z.number().int(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** GET /api/users without an admin token: authors' ids and names only. */
export const userNameDtoSchema = z.object({ id, name: z.string() });
export type UserNameDto = z.infer<typeof userNameDtoSchema>;

/** GET /api/auth/me and the login answer's user: the role flags the client reads. */
export const sessionUserDtoSchema = userDtoSchema.extend({
  admin: z.boolean(),
  staff: z.boolean(),
  /** TOTP two-factor is on for this account. */
  twoFactorEnabled: z.boolean().optional(),
  /** An admin requires two-factor and this account has none: only enrolment is open to it. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type SessionUserDto = z.infer<typeof sessionUserDtoSchema>;

/** POST /api/auth/login. */
export const loginAnswerSchema = z.object({ token: z.string(), user: sessionUserDtoSchema });

/** POST /api/auth/login for a two-factor account: the password held, a code is needed next. */
export const twoFactorChallengeDtoSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Short-lived, single use: sent back with the code to POST /api/auth/login/two-factor. */
  challenge: z.string(),
});

/** GET /api/auth/two-factor: the signed-in account's two-factor state. */
export const twoFactorStatusDtoSchema = z.object({
  enabled: z.boolean(),
  /** An admin requires two-factor for every account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusDtoSchema>;

/** POST /api/auth/two-factor/setup: what the authenticator app needs; the secret is confirmed by a code. */
export const twoFactorSetupDtoSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG image as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupDtoSchema>;

/** POST /api/auth/two-factor/enable: recovery codes, shown once. */
export const recoveryCodesDtoSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesDtoSchema>;

/** GET and PUT /api/settings/security. */
export const securitySettingsDtoSchema = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettingsDto = z.infer<typeof securitySettingsDtoSchema>;

export const blogCategoryRefDtoSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
});

export const blogPostDtoSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  featuredImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  categoryId: id.nullable(),
  authorId: id.nullable(),
  published: z.boolean(),
  publishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Alt text of the featured image. */
  featuredImageAlt: z.string().nullable(),
  /** What an edit sends back as `version` (409 when someone saved in between). */
  version: z.number().int(),
  /** The post's language (issue 15): the blog of that language lists it. */
  language: z.enum(LANGUAGES),
  category: blogCategoryRefDtoSchema.nullable(),
  author: z.object({ id, name: z.string() }).nullable(),
});
export type BlogPostDto = z.infer<typeof blogPostDtoSchema>;

export const blogCategoryDtoSchema = blogCategoryRefDtoSchema.extend({
  description: z.string().nullable(),
  createdAt: timestamp,
  postCount: z.number().int(),
  version: z.number().int(),
});
export type BlogCategoryDto = z.infer<typeof blogCategoryDtoSchema>;

export const galleryVariantDtoSchema = z.object({
  width: z.number().int(),
  url: z.string(),
});

export const galleryItemDtoSchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  filename: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** WebP variants for srcset, smallest first; empty for Instagram items. */
  variants: z.array(galleryVariantDtoSchema).describe('WebP variants for srcset, smallest first; empty for Instagram items'),
  createdAt: timestamp,
  version: z.number().int(),
});
export type GalleryItemDto = z.infer<typeof galleryItemDtoSchema>;

export const newsletterSubscriberDtoSchema = z.object({
  id,
  email: z.string(),
  name: z.string().nullable(),
  /** True for confirmed addresses only: the ones counted, exported and mailed. */
  isActive: z.boolean(),
  /** Double opt-in: pending until the e-mailed link is confirmed; unsubscribed afterwards. */
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  subscribedAt: timestamp,
  confirmedAt: timestamp.nullable(),
  language: languageDto,
});
export type NewsletterSubscriberDto = z.infer<typeof newsletterSubscriberDtoSchema>;

export const contactSubmissionDtoSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: timestamp,
  /** The conversation the message opened (null for one whose conversation is gone). */
  conversationId: id.nullable().optional(),
  language: languageDto,
});
export type ContactSubmissionDto = z.infer<typeof contactSubmissionDtoSchema>;

/** POST /api/contact → 201: the stored submission and the conversation it opened. */
export const contactReceiptSchema = z.object({ success: z.literal(true), id, conversationId: id });

export const conversationDtoSchema = z.object({
  id,
  userName: z.string(),
  userEmail: z.string(),
  subject: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  createdAt: timestamp,
  lastMessageAt: timestamp,
  messageCount: z.number().int(),
  unreadCount: z.number().int(),
  language: languageDto,
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

export const conversationMessageDtoSchema = z.object({
  id,
  conversationId: id,
  senderType: z.enum(['admin', 'customer']),
  senderName: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
});
export type ConversationMessageDto = z.infer<typeof conversationMessageDtoSchema>;

/** A text the staff insert in a conversation's reply box (/api/saved-replies). */
export const savedReplyDtoSchema = z.object({ id, title: z.string(), content: z.string(), createdAt: timestamp, updatedAt: timestamp });
export type SavedReplyDto = z.infer<typeof savedReplyDtoSchema>;

/** PUT /api/conversations/{id}/mark-read: how many customer messages became read. */
export const markReadAnswerSchema = z.object({ success: z.literal(true), updated: z.number().int() });

export const reservationDtoSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  course: z.string(),
  dateTime: z.string(),
  message: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  createdAt: timestamp,
  /** The timetable session booked (null: a request, e.g. Private Training, or an older booking). */
  weeklySessionId: z.number().int().nullable(),
  /** The session's date in gym time, YYYY-MM-DD. */
  sessionDate: z.string().nullable(),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  source: z.enum(RESERVATION_SOURCES),
  cancelledAt: z.string().nullable(),
  language: languageDto,
});
export type ReservationDto = z.infer<typeof reservationDtoSchema>;

/**
 * GET /api/bookings/manage/{token} and the answers of its cancel and move: what the customer's
 * manage page shows. Times are the booking's start (and end) as instants, and in gym time.
 */
export const manageBookingDtoSchema = z.object({
  id,
  name: z.string(),
  course: z.string(),
  state: z.enum(['booked', 'cancelled']),
  startsAt: timestamp,
  /** Null when the booking's length is not known (no class of that name any more). */
  endsAt: timestamp.nullable(),
  /** The start in gym time: YYYY-MM-DD and HH:MM (24 h). */
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int().nullable(),
  /** 'Krabi time (UTC+7)': the zone as of the booking's start. */
  zoneLabel: z.string(),
  /** GYM_TIMEZONE, an IANA name. */
  timezone: z.string(),
  /** The class has begun (or is over): nothing can be changed any more. */
  started: z.boolean(),
  canCancel: z.boolean(),
  /** Only a booking of a timetable session can move (not a request by appointment). */
  canMove: z.boolean(),
  /** The timetable session booked; null for a request by appointment (Private Training). */
  weeklySessionId: z.number().int().nullable(),
});
export type ManageBookingDto = z.infer<typeof manageBookingDtoSchema>;
/** One occurrence on the desk: the session, its seats and every booking linked to it. */
export const deskSessionDtoSchema = z.object({
  /** '<weeklySessionId>:<date>', as in GET /api/sessions. */
  id: z.string(),
  weeklySessionId: id,
  course: z.string(),
  level: z.enum(CLASS_LEVELS),
  coach: z.string().nullable(),
  /** Gym wall time 'HH:MM'. */
  time: z.string(),
  startsAt: timestamp,
  endsAt: timestamp,
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  /** The seat counter: bookings of the occurrence that are not cancelled. */
  taken: z.number().int(),
  /** Never below 0. */
  spotsLeft: z.number().int(),
  /** Called off for that date, or the gym is closed that day. */
  cancelled: z.boolean(),
  /** Every booking of the occurrence, cancelled ones included, oldest first. */
  roster: z.array(reservationDtoSchema),
});
export type DeskSessionDto = z.infer<typeof deskSessionDtoSchema>;

/** GET /api/desk/day: one gym day at the front desk. */
export const deskDayDtoSchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the gym’s time zone'),
  timezone: z.string(),
  /** "Krabi time (UTC+7)" */
  zoneLabel: z.string(),
  /** Sunday, or a closure covers the day. */
  closed: z.boolean(),
  sessions: z.array(deskSessionDtoSchema),
});
export type DeskDayDto = z.infer<typeof deskDayDtoSchema>;

export const statEntryDtoSchema = z.object({
  id,
  metric: z.string(),
  value: z.number(),
  createdAt: timestamp,
});

export const weeklyPointDtoSchema = z.object({
  weekStart: z.string().describe('YYYY-MM-DD, a Monday in the gym’s time zone'),
  reservations: z.number().int(),
  contacts: z.number().int(),
});
export type WeeklyPointDto = z.infer<typeof weeklyPointDtoSchema>;

export const seatDayDtoSchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the gym’s time zone'),
  /** Seats taken in the day's sessions that take place. */
  booked: z.number().int(),
  /** Places in those sessions; 0 on Sunday or a closed day. */
  capacity: z.number().int(),
  /** booked / capacity (0 to 1, above 1 if a capacity was lowered under its bookings); null with no places. */
  fillRate: z.number().nullable(),
});

export const dashboardStatsDtoSchema = z.object({
  totalUsers: z.number().int(),
  totalBlogPosts: z.number().int(),
  totalGalleryImages: z.number().int(),
  totalContactSubmissions: z.number().int(),
  totalNewsletterSubscribers: z.number().int(),
  totalReservations: z.number().int(),
  unreadReservations: z.number().int(),
  reservationsThisMonth: z.number().int(),
  recentStats: z.array(statEntryDtoSchema),
  weekly: z.array(weeklyPointDtoSchema),
  /** Today and the next 6 gym days. */
  seatsNext7Days: z.array(seatDayDtoSchema),
  /** noShow / (present + noShow) over the last 30 gym days; null when nothing is marked. */
  noShowRate30Days: z.number().nullable(),
  /** Attendance marks of sessions in the last 30 gym days, today included. */
  attendance30Days: z.object({ present: z.number().int(), noShow: z.number().int() }),
});
export type DashboardStatsDto = z.infer<typeof dashboardStatsDtoSchema>;

/** GET /api/push/public-key: the VAPID application server key (base64url). */
export const pushPublicKeyDtoSchema = z.object({ publicKey: z.string() });

/** POST /api/push/subscribe → 201. The keys stay on the server. */
export const pushSubscriptionDtoSchema = z.object({ id, endpoint: z.string(), createdAt: timestamp });
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionDtoSchema>;

/** POST /api/push/test: devices reached, subscriptions the push service said are gone, other failures. */
export const pushTestResultDtoSchema = z.object({ sent: z.number().int(), removed: z.number().int(), failed: z.number().int() });

/** Answers that only confirm: { success: true } or { ok: true }. */
export const successAnswerSchema = z.object({ success: z.literal(true) });
export const okAnswerSchema = z.object({ ok: z.literal(true) });

/** GET /api/newsletter/unsubscribe as JSON (a browser asking for HTML gets a page). */
export const unsubscribeAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** One entry of the audit log (GET /api/audit-log): who, what, when, from where; never a value sent. */
export const auditEntryDtoSchema = z.object({
  id,
  createdAt: timestamp,
  userId: id.nullable(),
  userEmail: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  status: z.number().int(),
  ip: z.string().nullable(),
  /** Names of the fields sent ("title, content"), never their values. */
  summary: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDtoSchema>;

/** GET /api/audit-log: a page of entries (newest first) and the choices of the user and action filters. */
export const auditLogPageDtoSchema = z.object({
  items: z.array(auditEntryDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  users: z.array(z.object({ id, email: z.string() })),
  /** "METHOD /api/route" of every entry kept. */
  actions: z.array(z.string()),
});
export type AuditLogPageDto = z.infer<typeof auditLogPageDtoSchema>;

/** GET /api/personal-data: every record of an e-mail address or phone number. */
export const personalDataDtoSchema = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  reservations: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      course: z.string(),
      dateTime: timestamp,
      message: z.string().nullable(),
      status: z.enum(RESERVATION_STATUSES),
      createdAt: timestamp,
    }),
  ),
  conversations: z.array(
    z.object({
      id,
      userName: z.string(),
      userEmail: z.string(),
      subject: z.string(),
      status: z.enum(CONVERSATION_STATUSES),
      createdAt: timestamp,
      messages: z.array(z.object({ id, senderType: z.string(), senderName: z.string(), content: z.string(), createdAt: timestamp })),
    }),
  ),
  contactSubmissions: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      subject: z.string(),
      message: z.string(),
      status: z.enum(CONTACT_STATUSES),
      createdAt: timestamp,
    }),
  ),
  newsletterSubscriptions: z.array(z.object({ id, email: z.string(), name: z.string().nullable(), isActive: z.boolean(), subscribedAt: timestamp })),
  outbox: z.array(
    z.object({
      id,
      toAddress: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
      textBody: z.string(),
    }),
  ),
  /** Copies of sent e-mails kept as files (DATA_DIR/outbox/*.eml when no SMTP_URL is set). */
  emlFiles: z.array(z.object({ name: z.string(), size: z.number().int(), modifiedAt: timestamp })),
});
export type PersonalDataDto = z.infer<typeof personalDataDtoSchema>;

/** POST /api/personal-data/erase: how many records of each kind were anonymised or removed. */
export const personalDataErasedDtoSchema = z.object({
  reservations: z.number().int(),
  conversations: z.number().int(),
  messages: z.number().int(),
  contactSubmissions: z.number().int(),
  newsletterSubscriptions: z.number().int(),
  outbox: z.number().int(),
  emlFiles: z.number().int(),
  idempotencyKeys: z.number().int(),
});
export type PersonalDataErasedDto = z.infer<typeof personalDataErasedDtoSchema>;

/**
 * A page of a back-office list (issue 13), answered by the list endpoints when a search, filter,
 * sort or paging parameter is given (src/shared/schemas/lists.ts); without one they answer the array.
 */
const pageOf = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  /** Rows matching the search and filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The reservations page also carries the summary tiles' counts (every booking, whatever the filters). */
export const reservationPageDtoSchema = z.object({
  ...pageOf(reservationDtoSchema),
  counts: z.object({ all: z.number().int(), unread: z.number().int(), treated: z.number().int() }),
});
export type ReservationPageDto = z.infer<typeof reservationPageDtoSchema>;

export const conversationPageDtoSchema = z.object(pageOf(conversationDtoSchema));
export type ConversationPageDto = z.infer<typeof conversationPageDtoSchema>;

export const contactSubmissionPageDtoSchema = z.object(pageOf(contactSubmissionDtoSchema));
export type ContactSubmissionPageDto = z.infer<typeof contactSubmissionPageDtoSchema>;

/** `confirmed`: the tab's count (confirmed addresses, whatever the search). */
export const newsletterSubscriberPageDtoSchema = z.object({ ...pageOf(newsletterSubscriberDtoSchema), confirmed: z.number().int() });
export type NewsletterSubscriberPageDto = z.infer<typeof newsletterSubscriberPageDtoSchema>;

export const blogPostPageDtoSchema = z.object(pageOf(blogPostDtoSchema));
export type BlogPostPageDto = z.infer<typeof blogPostPageDtoSchema>;
