import { z } from 'zod';
import { CONTACT_STATUSES, CONVERSATION_STATUSES, RESERVATION_STATUSES } from '../constants';
import { isIsoDate } from '../gym-time';
import { LIMITS } from './common';

/**
 * Back-office list queries (issue 13): search, filters, sort and paging as query parameters of
 * the existing list endpoints. The same schemas build the screens' URLs and parse the routes'
 * query strings. Without any of these parameters an endpoint answers its SPEC.md §7 array.
 */

export const LIST_PAGE_SIZE = 25;
export const LIST_MAX_PAGE_SIZE = 100;

const gymDate = z.string().refine(isIsoDate, 'Date invalide (AAAA-MM-JJ)').optional();

// Every field optional (no defaults): a query that names nothing is the legacy list. Shared by
// lists that answer a page only (customers).
export const paging = {
  q: z.string().trim().max(LIMITS.name, 'Recherche trop longue').optional(),
  page: z.coerce.number().int('page doit être un entier').min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int('pageSize doit être un entier').min(1).max(LIST_MAX_PAGE_SIZE).optional(),
};

export const RESERVATION_SORTS = ['date', '-date', 'created', '-created'] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];

/** GET /api/reservations?q=&course=&status=&when=&from=&to=&sort=&page=&pageSize= */
export const reservationListQuerySchema = z.object({
  ...paging,
  course: z.string().trim().max(LIMITS.title).optional(),
  /** One status, or `active`: every booking but the archived ones (what the screen shows by default). */
  status: z.enum([...RESERVATION_STATUSES, 'active'], 'Statut inconnu').optional(),
  /** The class is still to come, or has started. */
  when: z.enum(['upcoming', 'past'], 'when doit valoir upcoming ou past').optional(),
  /** Gym dates of the class, both inclusive. */
  from: gymDate,
  to: gymDate,
  /** Class date or arrival (created), ascending, or descending with a leading minus. Default -created. */
  sort: z.enum(RESERVATION_SORTS, 'Tri inconnu').optional(),
});
export type ReservationListQuery = z.infer<typeof reservationListQuerySchema>;

/** GET /api/conversations?q=&status=&page=&pageSize= (q: name, e-mail or subject). */
export const conversationListQuerySchema = z.object({ ...paging, status: z.enum(CONVERSATION_STATUSES, 'Statut inconnu').optional() });
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** GET /api/contact-submissions?q=&status=&page=&pageSize= (q: name, e-mail, phone or message). */
export const contactListQuerySchema = z.object({ ...paging, status: z.enum(CONTACT_STATUSES, 'Statut inconnu').optional() });
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;

/** GET /api/newsletter-subscribers?q=&status=&page=&pageSize= (q: e-mail or name). */
export const subscriberListQuerySchema = z.object({ ...paging, status: z.enum(SUBSCRIBER_STATUSES, 'Statut inconnu').optional() });
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

/** The paging/search part of GET /api/blog-posts for staff (q: title, slug or excerpt). */
export const blogPostPagingQuerySchema = z.object(paging);

/** Whether a parsed query names any list parameter (then the answer is a page, else the legacy array). */
export const isListQuery = (query: object, keys: readonly string[]): boolean => keys.some((k) => (query as Record<string, unknown>)[k] !== undefined);

export const pageOf = (query: { page?: number; pageSize?: number }) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? LIST_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** A LIKE pattern matching `text` anywhere, lowercased, with % _ and \ taken literally (ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query string of a list URL: only the parameters that are set, in a stable order. */
export function listSearch(params: Record<string, string | number | undefined>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out.set(k, String(v));
  return out.toString();
}
