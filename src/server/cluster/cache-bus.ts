import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type PgModule from 'pg';
import type { CacheDomain, PublicCache } from '../context';
import type { Db } from '../db/database';
import { STALES } from '../lib/public-cache';
import { CACHE_CHANNEL, listenForInvalidations, notifyInvalidation, pingListener } from './cache-bus.repository';

// Instances sharing one PostgreSQL database keep their public cache in step: every local
// invalidate() is also sent with pg_notify, and every instance LISTENs on a connection of its
// own (not one of the pool's: a pooled connection goes back to requests and stops listening)
// and applies the others' invalidations. While that connection is down nothing can tell this
// instance of a write, so it caches nothing; the cache is cleared when the connection goes and
// again once it listens anew, since a notification may have been missed in between.

export interface CacheBusOptions {
  /** This instance's own cache; the bus hands back a wrapper of it (CacheBus.cache). */
  cache: PublicCache;
  /** Notifications are sent through the pool: a write never waits for the listening connection. */
  db: Db;
  databaseUrl: string;
  /** Instances of other sites on the same database (another schema) are ignored. */
  schema?: string;
  log: FastifyBaseLogger;
  /** Told after another instance's invalidation is applied (undefined: everything). */
  onRemote?: (domain: CacheDomain | undefined) => void;
  /** How often the listening connection is checked with a round trip (default 5 s). */
  heartbeatMs?: number;
  /** Reconnect delays double from 100 ms up to this (default 5 s). */
  maxBackoffMs?: number;
}

export interface CacheBus {
  /** The cache services use: invalidations go to every instance; nothing is kept while not listening. */
  cache: PublicCache;
  instanceId: string;
  /** Connects and listens; a failure is retried in the background (never rejects). */
  start(): Promise<void>;
  /** Closes the listening connection and waits for notifications being sent. */
  stop(): Promise<void>;
  listening(): boolean;
  /** The listening connection's backend pid (diagnostics, tests). */
  listenerPid(): number | undefined;
  /** Resolves when every notification sent so far has been tried. */
  idle(): Promise<void>;
}

interface Message {
  /** Sending instance. */
  i: string;
  /** Its schema ('' for the default). */
  s: string;
  /** Its domain, or null for everything. */
  d: CacheDomain | null;
}

const isDomain = (d: unknown): d is CacheDomain => typeof d === 'string' && Object.hasOwn(STALES, d);

// pg is only loaded on PostgreSQL (as in db/database.ts).
const require = createRequire(import.meta.url);

export function createCacheBus(opts: CacheBusOptions): CacheBus {
  const { cache: local, log } = opts;
  const instanceId = randomBytes(8).toString('hex');
  const schema = opts.schema ?? '';
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 5_000;
  let client: PgModule.Client | undefined;
  let pid: number | undefined;
  let listening = false;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const sending = new Set<Promise<void>>();

  function publish(domain: CacheDomain | undefined) {
    if (stopped) return;
    const message: Message = { i: instanceId, s: schema, d: domain ?? null };
    const sent: Promise<void> = notifyInvalidation(opts.db, JSON.stringify(message))
      .catch((err: unknown) =>
        log.error({ err, domain }, 'public cache invalidation not sent to the other instances: they show the change when their entries expire'),
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  function receive(payload: string | undefined) {
    let message: Partial<Message>;
    try {
      message = JSON.parse(payload ?? '') as Partial<Message>;
    } catch {
      return;
    }
    if (message.i === instanceId || message.s !== schema) return;
    // A domain this version does not know (a newer instance): drop everything.
    const domain = isDomain(message.d) ? message.d : undefined;
    local.invalidate(domain);
    opts.onRemote?.(domain);
  }

  function dropped(c: PgModule.Client, err: unknown) {
    if (c !== client) return;
    client = undefined;
    pid = undefined;
    listening = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    c.end().catch(() => {});
    // What is cached may already be stale, and nothing would say so until reconnected.
    local.invalidate();
    if (stopped) return;
    log.warn({ err }, 'public cache listener lost: caching stops until it reconnects');
    const delay = Math.min(100 * 2 ** attempt, maxBackoffMs);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const pg = require('pg') as typeof PgModule;
    const c = new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = c;
    c.on('error', (err) => dropped(c, err));
    c.on('end', () => dropped(c, new Error('listening connection closed')));
    c.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL) receive(n.payload);
    });
    try {
      await c.connect();
      const backendPid = await listenForInvalidations(c);
      if (client !== c) return;
      pid = backendPid;
      attempt = 0;
      // After LISTEN: whatever was written while not listening is dropped now; an answer
      // begun before this point is not stored (the generation moves on).
      local.invalidate();
      listening = true;
      heartbeat = setInterval(() => {
        const late = setTimeout(() => dropped(c, new Error('listening connection does not answer')), Math.max(heartbeatMs, 1_000));
        pingListener(c).then(
          () => clearTimeout(late),
          (err: unknown) => {
            clearTimeout(late);
            dropped(c, err);
          },
        );
      }, heartbeatMs);
      heartbeat.unref();
    } catch (err) {
      dropped(c, err);
    }
  }

  const cache: PublicCache = {
    get: (key) => local.get(key),
    set(key, value) {
      if (listening) local.set(key, value);
    },
    invalidate(domain) {
      local.invalidate(domain);
      publish(domain);
    },
    generation: () => local.generation(),
    getResponse: (key) => local.getResponse(key),
    setResponse(key, value, generation) {
      if (listening) local.setResponse(key, value, generation);
    },
    grewResponse: (key, bytes) => local.grewResponse(key, bytes),
  };

  return {
    cache,
    instanceId,
    start: () => connect(),
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = undefined;
      listening = false;
      await Promise.allSettled([...sending]);
      await c?.end().catch(() => {});
    },
    listening: () => listening,
    listenerPid: () => pid,
    idle: async () => {
      await Promise.allSettled([...sending]);
    },
  };
}
