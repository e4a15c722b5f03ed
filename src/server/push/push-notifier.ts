import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PushNotifier, PushPayload } from '../context';
import type { Db } from '../db/database';
import { deliver } from './push.service';
import { staffSubscriptions } from './subscription-cache';
import { activeUserSubscriptions } from './push.repository';

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

  const send = (subscriptions: () => Promise<Parameters<typeof deliver>[1]>, payload: PushPayload) => {
    try {
      const job = (async () => {
        await deliver(deps, await subscriptions(), payload);
      })().catch((err) => deps.log.warn({ err }, 'push notifications could not be sent'));
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    } catch (err) {
      deps.log.warn({ err }, 'push notifications could not be started');
    }
  };

  return {
    notifyStaff(payload: PushPayload) {
      send(() => staffSubscriptions(deps.db), payload);
    },
    notifyUser(userId: number, payload: PushPayload) {
      send(() => activeUserSubscriptions(deps.db, userId), payload);
    },
    async idle() {
      // A send may finish while another is started: wait until none is left.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
