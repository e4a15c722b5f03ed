// Values both the server and the browser rely on (SPEC.md §9).
export const ROLES = ['staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const CONTACT_STATUSES = ['new', 'read', 'responded'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONVERSATION_STATUSES = ['new', 'open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const RESERVATION_STATUSES = ['unread', 'read', 'archived'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const STAT_METRICS = ['page_view', 'contact_form', 'newsletter_signup', 'blog_post_created', 'user_created', 'gallery_image_uploaded'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

export const GALLERY_MAX_BYTES = 10 * 1024 * 1024;
export const GALLERY_DEFAULT_CATEGORY = 'general';
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
export const GALLERY_MAX_PIXELS = 40_000_000;
/** Widths of the WebP variants written for responsive images. */
export const GALLERY_VARIANT_WIDTHS = [400, 800, 1600] as const;

export const BLOG_TEASER_COUNT = 3;
export const BLOG_PAGE_SIZE = 6;
export const DEFAULT_CONTACT_SUBJECT = 'General Inquiry';
