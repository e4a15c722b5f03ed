import type { Db } from '../db/database';
import type { PushSubscriptionRow } from '../db/schema';
import { listStaffSubscriptions } from './push.repository';

// Whether any staff member subscribed to push, remembered per database handle: subscribing
// (push.service.ts) marks it changed, notifying (push-notifier.ts) reads it. Its own module so
// that neither of the two imports the other for it.

/** How long "no subscription at all" is trusted; bounds what another instance's subscribe waits. */
export const NO_SUBSCRIPTION_TTL_MS = 2_000;

// Per database handle: when the table was last seen empty, and a counter bumped on every
// subscribe. Only the empty state is kept, so within this process a stale entry can cost one
// extra query, never a lost notification.
const state = new WeakMap<object, { gen: number; emptyAt?: number }>();
const stateOf = (db: Db) => {
  let s = state.get(db);
  if (!s) state.set(db, (s = { gen: 0 }));
  return s;
};

/** Call after a subscription is stored: the next notifyStaff reads the table again. */
export function subscriptionsChanged(db: Db): void {
  const s = stateOf(db);
  s.gen += 1;
  s.emptyAt = undefined;
}

/** The staff subscriptions; no query while the table is known to be empty. */
export async function staffSubscriptions(db: Db): Promise<PushSubscriptionRow[]> {
  const s = stateOf(db);
  if (s.emptyAt !== undefined && Date.now() - s.emptyAt < NO_SUBSCRIPTION_TTL_MS) return [];
  const gen = s.gen;
  const checkedAt = Date.now();
  const any = await db.selectFrom('push_subscriptions').select('id').limit(1).executeTakeFirst();
  if (any) return listStaffSubscriptions(db);
  // Not if a subscribe was stored while we looked.
  if (s.gen === gen) s.emptyAt = checkedAt;
  return [];
}
