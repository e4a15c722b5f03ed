// Blog, gallery, newsletter, contact messages, conversations and saved replies.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { CONTACT_STATUSES, CONVERSATION_STATUSES, INBOUND_FAILURE_STATUSES, MESSAGE_CHANNELS } from '../constants';
import { id, languageDto, timestamp } from './common';

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
  /** The staff's list only: the address bounced (a delivery report read from the mailbox); nothing more is sent to it. */
  bouncing: z.boolean().optional(),
});
export type NewsletterSubscriberDto = z.infer<typeof newsletterSubscriberDtoSchema>;

/**
 * POST /api/newsletter-subscribers → 201: the same answer for a new, a pending and a confirmed
 * address (decision 174): what happens next is in the e-mail, which only the address's owner reads.
 */
export const newsletterSignUpAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type NewsletterSignUpAnswer = z.infer<typeof newsletterSignUpAnswerSchema>;

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
  /** The customer's address bounced (issue 22): replies will not be delivered. */
  emailBounce: z.object({ at: timestamp, reason: z.string().nullable() }).nullable(),
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
  /** 'email': read from the gym's mailbox (issue 22); 'web': the contact form or the back office. */
  channel: z.enum(MESSAGE_CHANNELS),
  /** The address the mail came from, for e-mail messages. */
  emailFrom: z.string().nullable(),
  /** The mail's HTML, sanitised again on the way out (remote images as data-remote-src); null for plain text. */
  html: z.string().nullable(),
  attachments: z
    .object({
      id,
      filename: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int(),
      /** Null: listed in the mail, not kept. */
      url: z.string().nullable(),
    })
    .array(),
});
export type ConversationMessageDto = z.infer<typeof conversationMessageDtoSchema>;

/** A mail whose import failed: being tried again (failing), set aside (quarantined) or to retry (retry). */
export const inboundFailureDtoSchema = z.object({
  id,
  mailbox: z.string(),
  uid: z.number().int(),
  messageId: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  attempts: z.number().int(),
  status: z.enum(INBOUND_FAILURE_STATUSES),
  lastError: z.string().nullable(),
  firstFailedAt: timestamp,
  lastFailedAt: timestamp.nullable(),
  quarantinedAt: timestamp.nullable(),
});
export type InboundFailureDto = z.infer<typeof inboundFailureDtoSchema>;

/** A mail from a sender the receiving server could not verify: shown to staff with a warning, never threaded. */
export const heldMailDtoSchema = z.object({
  id,
  fromAddress: z.string().nullable(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  content: z.string(),
  reason: z.string(),
  receivedAt: timestamp,
});
export type HeldMailDto = z.infer<typeof heldMailDtoSchema>;

/** GET /api/inbound/status: whether the mailbox is read, each mailbox's last read and error, and the mails held back. */
export const inboundStatusDtoSchema = z.object({
  configured: z.boolean(),
  address: z.string().nullable(),
  mailboxes: z.object({ mailbox: z.string(), lastReadAt: timestamp.nullable(), lastError: z.string().nullable(), lastErrorAt: timestamp.nullable() }).array(),
  failures: inboundFailureDtoSchema.array(),
  held: heldMailDtoSchema.array(),
  /** Bytes of the files kept from mail, and the quota (INBOUND_ATTACHMENTS_MAX_MB): past it, new files are listed only. */
  attachments: z.object({ keptBytes: z.number().int(), maxBytes: z.number().int() }),
});
export type InboundStatusDto = z.infer<typeof inboundStatusDtoSchema>;

/** A text the staff insert in a conversation's reply box (/api/saved-replies). */
export const savedReplyDtoSchema = z.object({ id, title: z.string(), content: z.string(), createdAt: timestamp, updatedAt: timestamp });
export type SavedReplyDto = z.infer<typeof savedReplyDtoSchema>;

/** PUT /api/conversations/{id}/mark-read: how many customer messages became read. */
export const markReadAnswerSchema = z.object({ success: z.literal(true), updated: z.number().int() });
