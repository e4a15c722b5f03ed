import { toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';

export interface NewsletterSubscriberDto {
  id: number;
  email: string;
  name: string | null;
  isActive: boolean;
  subscribedAt: string;
}

/** Never includes the unsubscribe token: it is the subscriber's secret. */
export const presentSubscriber = (r: NewsletterSubscriberRow): NewsletterSubscriberDto => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isActive: toBool(r.is_active),
  subscribedAt: r.subscribed_at,
});
