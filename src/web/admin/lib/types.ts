// API shapes the back office reads: the ones the server's presenters build (src/shared/api-types/).
import type { PaymentMethod } from '../../../shared/ledger';
export type {
  SessionUserDto as SessionUser,
  UserDto as User,
  WeeklyPointDto as WeeklyPoint,
  DashboardStatsDto as DashboardStats,
  BlogPostDto as BlogPost,
  BlogCategoryDto as BlogCategory,
  GalleryItemDto as GalleryItem,
  NewsletterSubscriberDto as NewsletterSubscriber,
  ContactSubmissionDto as ContactSubmission,
  ConversationDto as Conversation,
  ConversationMessageDto as ConversationMessage,
  ReservationDto as Reservation,
  SavedReplyDto as SavedReply,
} from '../../../shared/api-types';

/** A day of the coming week on the dashboard: seats booked and offered (gym date). */
export interface SeatsDay {
  date: string;
  booked: number;
  capacity: number;
  fillRate: number;
}

/**
 * The desk's additions to GET /api/dashboard-stats (seats of the coming 7 days, no-shows of the
 * last 30). Optional: a server without them still shows SPEC's totals.
 */
export interface DeskStats {
  seatsNext7Days?: SeatsDay[];
  noShowRate30Days?: number | null;
  attendance30Days?: { present: number; noShow: number };
  /** This gym month: payments minus refunds per method (satang), and passes sold. */
  takingsThisMonth?: { method: PaymentMethod; satang: number }[];
  passesSoldThisMonth?: number;
}
