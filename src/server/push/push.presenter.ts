import type { PushSubscriptionDto } from '../../shared/api-types';
import type { PushSubscriptionRow } from '../db/schema';

/** The keys stay on the server: the client only needs to know its endpoint is stored. */
export const presentSubscription = (s: PushSubscriptionRow): PushSubscriptionDto => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: s.created_at,
});
