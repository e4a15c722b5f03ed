// Web Push for travellers (migration 049, issue 47 point 6, decision 188).
import type { Generated } from 'kysely';
import type { OutboxStatus } from '../../../shared/constants';

/** A browser a traveller turned notifications on in, from My page. */
export interface CustomerPushSubscriptionsTable {
  id: Generated<number>;
  customer_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
}

/** One notification to one person: written with the event's e-mail, delivered by the push worker. */
export interface PushOutboxTable {
  id: Generated<number>;
  /** The notification and its recipient ('balance:12:c7'): unique, so it is queued once. */
  dedupe_key: string;
  customer_id: number;
  title: string;
  body: string;
  url: string;
  tag: string | null;
  /** pending → sending → sent, or failed after the last attempt. */
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}
