// Values both the server and the browser rely on (SPEC.md §9).
// A trainer (issue 37) signs in to see their own schedule only.
export const ROLES = ['staff', 'admin', 'trainer'] as const;
export type Role = (typeof ROLES)[number];

export const CONTACT_STATUSES = ['new', 'read', 'responded'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONVERSATION_STATUSES = ['new', 'open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

// 'cancelled' (by the customer or the staff) comes with the timetable (DESIGN.md §5); the
// database already accepts it (migration 003).
export const RESERVATION_STATUSES = ['unread', 'read', 'archived', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Who cancelled a booking: its holder, the gym calling off the class (or closing), staff in the back office. */
export const CANCELLED_BY = ['customer', 'gym', 'staff'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
/** Which change of the gym cancelled a booking (decision 184): a session called off, a closure, a session moved. */
export const GYM_CAUSES = ['session', 'closure', 'moved'] as const;
export type GymCause = (typeof GYM_CAUSES)[number];

/** A waiting-list entry (issue 34): in line, offered a seat, booked, or out (left, offer expired, session over or cancelled). */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'left', 'expired', 'ended'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Who wrote a conversation message: the visitor (contact form) or a staff member's reply. */
export const MESSAGE_SENDER_TYPES = ['customer', 'admin'] as const;
export type MessageSenderType = (typeof MESSAGE_SENDER_TYPES)[number];

/** How a message reached the conversation: typed on the site or in the back office, or read from the mailbox (issue 22). */
export const MESSAGE_CHANNELS = ['web', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What became of a mail read from the mailbox (server only; migration 024). */
export const INBOUND_OUTCOMES = ['threaded', 'opened', 'auto-reply', 'bounce', 'own', 'rejected'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];
/** A mail whose import failed: tried again (failing), set aside (quarantined), retried or dismissed by staff. */
export const INBOUND_FAILURE_STATUSES = ['failing', 'quarantined', 'retry', 'dismissed'] as const;
export type InboundFailureStatus = (typeof INBOUND_FAILURE_STATUSES)[number];

/** An outgoing e-mail: pending → sending → sent, or failed after the last attempt (server only). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A booking's attendance mark, set at the desk (not a status: DESIGN.md §5). */
export const ATTENDANCE_MARKS = ['present', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_MARKS)[number];

/** Where a booking came from: the public form, or staff at the desk (walk-in, WhatsApp). */
export const RESERVATION_SOURCES = ['web', 'walk_in', 'whatsapp'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export const STAT_METRICS = ['page_view', 'contact_form', 'newsletter_signup', 'blog_post_created', 'user_created', 'gallery_image_uploaded'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

export const GALLERY_MAX_BYTES = 10 * 1024 * 1024;
export const GALLERY_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const GALLERY_DEFAULT_CATEGORY = 'general';
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
export const GALLERY_MAX_PIXELS = 40_000_000;
/** Widths of the WebP variants written for responsive images. */
export const GALLERY_VARIANT_WIDTHS = [400, 800, 1600] as const;

export const BLOG_TEASER_COUNT = 3;
export const BLOG_PAGE_SIZE = 6;
export const DEFAULT_CONTACT_SUBJECT = 'General Inquiry';

/**
 * The honeypot field of the public forms (contact, booking, newsletter): hidden from people and
 * out of the tab order; a request that fills it is answered as a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';
