// The JSON shapes the API answers (SPEC.md §3, §7): the server's presenters build them and the
// public site and the back office read them. camelCase, integer ids, true/false, ISO 8601 text.
// Each is a zod schema (the routes' response schemas: nothing unlisted leaves the server) and
// its type; the browser imports the types only, so zod stays out of its bundles.
import { z } from 'zod';
import { RESERVATION_STATUSES, type ContactStatus, type ConversationStatus, type Role } from './constants';

export interface UserDto {
  id: number;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
}

/** GET /api/auth/me and the login answer's user: the role flags the client reads. */
export interface SessionUserDto extends UserDto {
  admin: boolean;
  staff: boolean;
}

export interface BlogCategoryRefDto {
  id: number;
  name: string;
  slug: string;
}

export interface BlogPostDto {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  categoryId: number | null;
  authorId: number | null;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  category: BlogCategoryRefDto | null;
  author: { id: number; name: string } | null;
}

export interface BlogCategoryDto extends BlogCategoryRefDto {
  description: string | null;
  createdAt: string;
  postCount: number;
}

export interface GalleryVariantDto {
  width: number;
  url: string;
}

export interface GalleryItemDto {
  id: number;
  title: string;
  description: string | null;
  category: string;
  imageUrl: string | null;
  instagramUrl: string | null;
  filename: string | null;
  width: number | null;
  height: number | null;
  /** WebP variants for srcset, smallest first; empty for Instagram items. */
  variants: GalleryVariantDto[];
  createdAt: string;
}

export interface NewsletterSubscriberDto {
  id: number;
  email: string;
  name: string | null;
  isActive: boolean;
  subscribedAt: string;
}

export interface ContactSubmissionDto {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactStatus;
  createdAt: string;
}

export interface ConversationDto {
  id: number;
  userName: string;
  userEmail: string;
  subject: string;
  status: ConversationStatus;
  createdAt: string;
  lastMessageAt: string;
  messageCount: number;
  unreadCount: number;
}

export interface ConversationMessageDto {
  id: number;
  conversationId: number;
  senderType: 'admin' | 'customer';
  senderName: string;
  content: string;
  isRead: boolean;
  createdAt: string;
}

export const reservationDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  course: z.string(),
  dateTime: z.string(),
  message: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  createdAt: z.string(),
});
export type ReservationDto = z.infer<typeof reservationDtoSchema>;

export interface StatEntryDto {
  id: number;
  metric: string;
  value: number;
  createdAt: string;
}

export interface WeeklyPointDto {
  weekStart: string;
  reservations: number;
  contacts: number;
}

export interface DashboardStatsDto {
  totalUsers: number;
  totalBlogPosts: number;
  totalGalleryImages: number;
  totalContactSubmissions: number;
  totalNewsletterSubscribers: number;
  totalReservations: number;
  unreadReservations: number;
  reservationsThisMonth: number;
  recentStats: StatEntryDto[];
  weekly: WeeklyPointDto[];
}
