// API shapes the back office reads: the ones the server's presenters build (src/shared/api-types.ts).
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
} from '../../../shared/api-types';
