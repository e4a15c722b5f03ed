import { toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';
import type { NewsletterSubscriberDto } from '../../shared/api-types';
export type { NewsletterSubscriberDto };

/** Never includes the unsubscribe token: it is the subscriber's secret. */
export const presentSubscriber = (r: NewsletterSubscriberRow): NewsletterSubscriberDto => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isActive: toBool(r.is_active),
  subscribedAt: r.subscribed_at,
});
