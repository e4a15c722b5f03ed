import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RateLimits } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { tooManyRequests } from '../errors';
import { errorAnswer } from '../http/responses';
import { addressKey } from './address-key';
import { hit, purgeExpired } from './counters.repository';

/** The sign-in form's refusal, French like the back office (auth/auth.service.ts says it too). */
export const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a few minutes.';

/**
 * A route's per-address limit, declared in its own config as its access is (`config.limit`): the
 * name of one of the RATE_LIMIT_* settings, or 'none'. Every public write must declare one (the
 * app refuses to start otherwise), so a renamed or new route can never lose its limit silently.
 */
export type RouteLimit = keyof RateLimits | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: RouteLimit;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Expired windows are dropped at most once a minute per database, off the request's path.
const lastPurge = new WeakMap<object, number>();
export function purgeCountersNow(ctx: Pick<AppContext, 'db' | 'log'>, now = Date.now()): void {
  if (now - (lastPurge.get(ctx.db) ?? 0) < 60_000) return;
  lastPurge.set(ctx.db, now);
  purgeExpired(ctx.db, now).catch((err: unknown) => ctx.log.error({ err }, 'rate limits: purge failed'));
}

/**
 * @fastify/rate-limit's store over the `rate_limits` table: one atomic upsert per request, so
 * every instance on one PostgreSQL counts the same window. Each route counts on its own.
 */
function databaseStore(ctx: Pick<AppContext, 'db' | 'log'>) {
  const make = (db: Db, prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const now = Date.now();
      purgeCountersNow(ctx, now);
      hit(db, `${prefix}${key}`, timeWindow, now).then(
        (c) => callback(null, { current: c.hits, ttl: Math.max(0, c.resetAt - now) }),
        (err: Error) => callback(err),
      );
    },
    child(routeOptions) {
      // mergeParams hands the route over as `routeInfo` (see the plugin's onRoute).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return make(db, `rl:${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}:`);
    },
  });
  // The plugin calls `new store(options)`.
  return function Store() {
    return make(ctx.db, 'rl::');
  } as unknown as new () => FastifyRateLimitStore;
}

/** Addresses remembered per route in memory; the least recently seen go first beyond it. */
const MEMORY_KEYS = 10_000;

/**
 * The same fixed windows in memory (SQLite: one instance). Not the plugin's LocalStore, which
 * hands back its live counter: requests that arrive in one tick all read the last count, and
 * the first of them were refused too.
 */
function memoryStore() {
  const make = (): FastifyRateLimitStore => {
    const windows = new Map<string, { hits: number; resetAt: number }>();
    return {
      incr(key, callback, timeWindow) {
        const now = Date.now();
        let w = windows.get(key);
        if (!w || w.resetAt <= now) w = { hits: 0, resetAt: now + timeWindow };
        w.hits += 1;
        windows.delete(key);
        windows.set(key, w);
        if (windows.size > MEMORY_KEYS) windows.delete(windows.keys().next().value!);
        callback(null, { current: w.hits, ttl: w.resetAt - now });
      },
      child: () => make(),
    };
  };
  return function Store() {
    return make();
  } as unknown as new () => FastifyRateLimitStore;
}

/** True for a route anyone may call that can change something: it must declare its limit. */
export function isPublicWrite(route: { method: string | string[]; config?: { access?: string } }): boolean {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  return route.config?.access === 'public' && methods.some((m) => !READS.has(m));
}

/**
 * Per-address limits read from each route's own declaration (`config.limit`). A public write
 * that declares neither a limit nor 'none' stops the app at registration. Counted in memory on
 * SQLite (one instance by design), in the database on PostgreSQL (instances share it). A refused
 * request is a plain 429 `{ error, code: 'rate_limited' }`; a failing store lets the request
 * through rather than answer 5xx.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.rateLimits;
  // Runs before the plugin's own onRoute hook (registered below), which reads config.rateLimit.
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.limit;
    if (declared === undefined) {
      if (isPublicWrite(route)) {
        throw new Error(`${String(route.method)} ${route.url} is open to anyone and declares no rate limit (config.limit: a RATE_LIMIT_* name, or 'none')`);
      }
      return;
    }
    if (declared === 'none') return;
    const limit = limits[declared];
    if (!limit) throw new Error(`${String(route.method)} ${route.url} declares an unknown rate limit "${String(declared)}"`);
    const message = declared === 'login' ? TOO_MANY_LOGINS : TOO_MANY_REQUESTS;
    route.config = {
      ...route.config,
      rateLimit: { max: limit.max, timeWindow: limit.windowMs, errorResponseBuilder: () => tooManyRequests(message, 'rate_limited') },
    };
    // The API document lists the 429.
    const schema = route.schema as { response?: Record<string | number, unknown> } | undefined;
    if (schema?.response && !(429 in schema.response)) {
      route.schema = { ...route.schema, response: { ...schema.response, 429: errorAnswer('Too many requests from this address') } };
    }
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => addressKey(req.ip),
    store: ctx.dialect === 'postgres' ? databaseStore(ctx) : memoryStore(),
    skipOnError: true,
    errorResponseBuilder: () => tooManyRequests(TOO_MANY_REQUESTS, 'rate_limited'),
  });
}
