import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PushNotifier, PushPayload } from '../context';
import type { Db } from '../db/database';
import type { PushSubscriptionRow } from '../db/schema';
import { listStaffSubscriptions } from './push.repository';
import { deliver } from './push.service';

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
async function staffSubscriptions(db: Db): Promise<PushSubscriptionRow[]> {
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

export interface PushNotifierDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Per-request timeout and parallel sends (defaults in push.service.ts). */
  timeoutMs?: number;
  concurrency?: number;
}

/**
 * Web push to the staff. notifyStaff returns at once: the booking or contact answer never
 * waits for a push service; idle() lets tests and shutdown wait for what was started.
 */
export function createPushNotifier(deps: PushNotifierDeps): PushNotifier {
  const inFlight = new Set<Promise<void>>();

  return {
    notifyStaff(payload: PushPayload) {
      try {
        const job = (async () => {
          const subs = await staffSubscriptions(deps.db);
          await deliver(deps, subs, payload);
        })().catch((err) => deps.log.warn({ err }, 'push notifications could not be sent'));
        inFlight.add(job);
        void job.finally(() => inFlight.delete(job));
      } catch (err) {
        deps.log.warn({ err }, 'push notifications could not be started');
      }
    },
    async idle() {
      // A send may finish while another is started: wait until none is left.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
