import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter } from 'kysely';
import type { Config } from '../config';
import type { Db, Dialect } from '../db/database';
import type { PushOutboxRow } from '../db/schema';
import { deliver } from './push.service';
import * as repo from './traveller-push.repository';

// The push outbox's worker (decision 188): claims due rows as the mail queue does (one statement;
// SKIP LOCKED on PostgreSQL, so two instances never take the same row), sends each to the
// person's browsers at that moment, and records the outcome. A push service that fails is tried
// again later, a few times; a browser that dropped its subscription (404/410) loses its row.

const LEASE_MS = 2 * 60_000;
const BATCH = 20;
const POLL_MS = 30_000;
/** A queued push waits this long before the claim, past the queuing transaction's commit. */
const KICK_DELAY_MS = 50;
export const PUSH_ATTEMPTS = 5;
const RETRY_MS = 60_000;

export interface TravellerPushQueue {
  start(): void;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now (tests); answers how many rows it handled. */
  runOnce(): Promise<number>;
  kick(): void;
}

// Started workers of this process: a queued push wakes them (an app in tests, one in production).
const started = new Set<TravellerPushQueue>();

/** Wakes the started workers; the argument only says where the push was written. */
export function kickTravellerPush(_db: Db): void {
  for (const q of started) q.kick();
}

export function createTravellerPushQueue(deps: { db: Db; config: Config; log: FastifyBaseLogger; dialect?: Dialect; timeoutMs?: number }): TravellerPushQueue {
  const dialect: Dialect = deps.dialect ?? (deps.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function sendRow(row: PushOutboxRow): Promise<void> {
    const at = new Date();
    const subs = await repo.subscriptionsOf(deps.db, row.customer_id);
    const r = await deliver(deps, subs, { title: row.title, body: row.body, url: row.url, ...(row.tag ? { tag: row.tag } : {}) }, (id) =>
      repo.deleteById(deps.db, id),
    );
    // Sent to one browser, or none left to send to: done. Otherwise again later, up to PUSH_ATTEMPTS.
    if (r.sent > 0 || r.failed === 0) return repo.finish(deps.db, row, { status: 'sent', at: at.toISOString() });
    if (row.attempts >= PUSH_ATTEMPTS) return repo.finish(deps.db, row, { status: 'failed', at: at.toISOString(), error: 'push services refused it' });
    await repo.finish(deps.db, row, {
      status: 'pending',
      at: at.toISOString(),
      error: 'push services refused it',
      nextAttemptAt: new Date(at.getTime() + RETRY_MS * row.attempts).toISOString(),
    });
  }

  async function run(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = Date.now();
      const rows = await repo.claimDue(deps.db, dialect, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString(), BATCH);
      for (const row of rows) {
        try {
          await sendRow(row);
        } catch (err) {
          deps.log.warn({ err, pushId: row.id }, 'traveller push could not be sent; tried again after its lease');
        }
      }
      handled += rows.length;
      if (rows.length < BATCH) return handled;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((err) => {
        deps.log.error({ err }, 'traveller push worker failed; will try again');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const queue: TravellerPushQueue = {
    start() {
      if (timer) return;
      started.add(queue);
      void runOnce();
      timer = setInterval(() => void runOnce(), POLL_MS);
      timer.unref();
    },
    async stop() {
      started.delete(queue);
      if (timer) clearInterval(timer);
      timer = undefined;
      again = false;
      await running;
    },
    runOnce,
    kick() {
      if (!timer) return;
      setTimeout(() => void runOnce(), KICK_DELAY_MS).unref();
    },
  };
  return queue;
}
