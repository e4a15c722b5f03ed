// The back-office lists' pages (a search, filter, sort or page parameter was given).
import { z } from 'zod';
import { reservationDtoSchema } from './bookings';
import { pageOf } from './common';
import { blogPostDtoSchema, contactSubmissionDtoSchema, conversationDtoSchema, newsletterSubscriberDtoSchema } from './content';

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
