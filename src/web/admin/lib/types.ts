// API shapes the back office reads (SPEC.md §3, §7; the server's presenters).
import type { ContactStatus, ConversationStatus, ReservationStatus, Role } from '../../../shared/constants';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
  admin: boolean;
  staff: boolean;
}

export interface User {
  id: number;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
}

export interface StatEntry {
  id: number;
  metric: string;
  value: number;
  createdAt: string;
}

export interface WeeklyPoint {
  weekStart: string;
  reservations: number;
  contacts: number;
}

export interface DashboardStats {
  totalUsers: number;
  totalBlogPosts: number;
  totalGalleryImages: number;
  totalContactSubmissions: number;
  totalNewsletterSubscribers: number;
  reservationsThisMonth: number;
  totalReservations?: number;
  unreadReservations?: number;
  recentStats: StatEntry[];
  weekly?: WeeklyPoint[];
}

export interface BlogPost {
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
}

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  createdAt: string;
  postCount?: number;
}

export interface GalleryItem {
  id: number;
  title: string;
  description: string | null;
  category: string;
  imageUrl: string | null;
  instagramUrl: string | null;
  filename: string | null;
  width?: number | null;
  height?: number | null;
  variants?: { width: number; url: string }[];
  createdAt: string;
}

export interface NewsletterSubscriber {
  id: number;
  email: string;
  name: string | null;
  isActive: boolean;
  subscribedAt: string;
}

export interface ContactSubmission {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject?: string;
  message: string;
  status: ContactStatus;
  createdAt: string;
}

export interface Conversation {
  id: number;
  userName: string;
  userEmail: string;
  subject: string;
  status: ConversationStatus;
  createdAt: string;
  lastMessageAt: string;
  messageCount?: number;
  unreadCount?: number;
}

export interface ConversationMessage {
  id: number;
  conversationId: number;
  senderType: 'admin' | 'customer';
  senderName: string;
  content: string;
  isRead: boolean;
  createdAt: string;
}

export interface Reservation {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  dateTime: string;
  message: string | null;
  status: ReservationStatus;
  createdAt: string;
}
