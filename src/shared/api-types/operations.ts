// Statistics, push, plain confirmations, the audit log and people's data.
import { z } from 'zod';
import { CONTACT_STATUSES, CONVERSATION_STATUSES, RESERVATION_STATUSES } from '../constants';
import { PAYMENT_METHODS } from '../ledger';
import { id, timestamp } from './common';

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

/**
 * One gym month's counts (issue 34 §6). One more figure is one more key here, and its counter in
 * dashboard.service.ts (MONTHLY_COUNTERS, typed by these keys).
 */
export const monthlyCountsDtoSchema = z.object({
  /** Occurrences of active weekly sessions called off that month (a cancellation or a closure). */
  gymCancelledClasses: z.number().int(),
  /** Seats of classes that month filled from the waiting list (an offer accepted). */
  seatsFromWaitlist: z.number().int(),
  /** Bookings of classes that month marked no-show (not cancelled). */
  noShows: z.number().int(),
  /** Late cancels and no-shows forgiven that month (PUT /api/reservations/{id}/waive). */
  waivers: z.number().int(),
});
export type MonthlyCountsDto = z.infer<typeof monthlyCountsDtoSchema>;

/** One gym month of rooms (issue 36 §7, decision 161). */
export const stayMonthDtoSchema = z.object({
  month: z.string(),
  /** Room nights taken by stays (held or sold) that month. */
  roomNightsSold: z.number().int(),
  /** The rooms' nights that month, less those closed for repairs. */
  roomNightsAvailable: z.number().int(),
  /** roomNightsSold / roomNightsAvailable; null without rooms. */
  occupancy: z.number().nullable(),
  /** Money in less money out that month (the ledger), split by the order's lines in proportion to their prices. */
  roomsSatang: z.number().int(),
  pickupsSatang: z.number().int(),
  trainingSatang: z.number().int(),
});
export type StayMonthDto = z.infer<typeof stayMonthDtoSchema>;

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
  /** This month in gym time: payments minus refunds per payment method, in satang (every method, 0 when none). */
  takingsThisMonth: z.array(z.object({ method: z.enum(PAYMENT_METHODS), satang: z.number().int() })),
  /** Orders created this gym month whose payments exceed their refunds. */
  passesSoldThisMonth: z.number().int(),
  /** The last 6 gym months, oldest first, the current one last ('YYYY-MM'). */
  monthly: z.array(monthlyCountsDtoSchema.extend({ month: z.string() })),
  /** The same months' occupancy and takings from rooms and pickups apart from training. */
  stays: z.array(stayMonthDtoSchema),
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
  /** Customer records of the person (merged-away ones too). */
  customers: z.array(
    z.object({ id, name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), language: z.string(), createdAt: timestamp }),
  ),
  /** Their orders with the ledger (satang) and the credits used; never the page's token or its hash. */
  orders: z.array(
    z.object({
      id,
      reference: z.string(),
      customerId: id,
      /** The name and phone typed with the order (null before migration 042). */
      buyerName: z.string().nullable(),
      buyerPhone: z.string().nullable(),
      passName: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      amountSatang: z.number().int(),
      depositSatang: z.number().int(),
      method: z.string(),
      createdAt: timestamp,
      cancelledAt: timestamp.nullable(),
      /** A transfer slip's file is kept for this order. */
      transferSlip: z.boolean(),
      ledger: z.array(
        z.object({ id, kind: z.string(), method: z.string(), amountSatang: z.number().int(), note: z.string().nullable(), createdAt: timestamp }),
      ),
      passUses: z.array(z.object({ id, reservationId: id, sessionDate: z.string(), returnedAt: timestamp.nullable(), createdAt: timestamp })),
    }),
  ),
  /** Mails read from the gym's mailbox: from the address, in its conversations, or naming it (a bounce report). */
  inboundMails: z.array(
    z.object({
      id,
      fromAddress: z.string().nullable(),
      subject: z.string().nullable(),
      outcome: z.string(),
      detail: z.string().nullable(),
      conversationId: id.nullable(),
      sentAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  /** Mails from the address held for staff (sender not verified), with their text. */
  heldMails: z.array(
    z.object({
      id,
      fromAddress: z.string().nullable(),
      fromName: z.string().nullable(),
      subject: z.string().nullable(),
      content: z.string(),
      reason: z.string(),
      createdAt: timestamp,
      dismissedAt: timestamp.nullable(),
    }),
  ),
  /** Files attached to the messages of its conversations (listed; their bytes stay in private storage). */
  attachments: z.array(
    z.object({ id, messageId: id, filename: z.string(), contentType: z.string(), sizeBytes: z.number().int(), stored: z.boolean(), createdAt: timestamp }),
  ),
  /** The address's bounce record: mail to it is not sent. */
  bounces: z.array(z.object({ email: z.string(), reason: z.string().nullable(), bouncedAt: timestamp })),
  /** Visa letter requests and letters of its orders, with the passport data given (issue 35). */
  visaLetters: z.array(
    z.object({
      id,
      orderId: id,
      status: z.string(),
      fullName: z.string().nullable(),
      nationality: z.string().nullable(),
      passportNumber: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      embassy: z.string().nullable(),
      reference: z.string().nullable(),
      issuedAt: timestamp.nullable(),
      revokedAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
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
  customers: z.number().int(),
  orders: z.number().int(),
  transferSlips: z.number().int(),
  /** Mails read from the mailbox (their record, held copy), attachment files and bounce records. */
  inboundMails: z.number().int(),
  heldMails: z.number().int(),
  attachments: z.number().int(),
  bounces: z.number().int(),
  /** Visa letters revoked and their passport data blanked. */
  visaLetters: z.number().int(),
});
export type PersonalDataErasedDto = z.infer<typeof personalDataErasedDtoSchema>;
