import { toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Confirmed = active; pending = signed up, link not used yet; unsubscribed = the rest. */
export function subscriberStatus(r: Pick<NewsletterSubscriberRow, 'is_active' | 'confirm_token_hash'>): SubscriberStatus {
  if (toBool(r.is_active)) return 'confirmed';
  return r.confirm_token_hash ? 'pending' : 'unsubscribed';
}
