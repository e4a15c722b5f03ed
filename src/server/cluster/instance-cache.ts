import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppContext, CacheDomain, PublicCache } from '../context';
import type { DatabaseHandle } from '../db/database';
import { createPublicCache } from '../lib/public-cache';
import { getSiteSettings } from '../site-settings/site-settings.service';
import { createCacheBus, type CacheBus } from './cache-bus';

/**
 * The public cache of this instance. One SQLite process sees every write: no TTL. Instances
 * sharing PostgreSQL tell each other of theirs (cache-bus.ts); the TTL is only a safety net.
 * `bus: false` leaves the TTL alone (bench/cache-invalidation.ts measures the difference).
 */
export function createInstanceCache(opts: {
  handle: DatabaseHandle;
  config: Config;
  log: FastifyBaseLogger;
  bus: boolean;
  onRemote: (domain: CacheDomain | undefined) => void;
}): { cache: PublicCache; bus?: CacheBus } {
  const { handle, config } = opts;
  const local = createPublicCache({ ttlMs: handle.dialect === 'postgres' ? config.publicCacheTtlMs : 0 });
  if (handle.dialect !== 'postgres' || !config.databaseUrl || !opts.bus) return { cache: local };
  const bus = createCacheBus({
    cache: local,
    db: handle.db,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    log: opts.log,
    onRemote: opts.onRemote,
  });
  return { cache: bus.cache, bus };
}

/** Another instance's write, beyond the cache: a post it scheduled, the settings e-mails read. */
export function followRemoteWrite(ctx: AppContext, domain: CacheDomain | undefined): void {
  if (domain === undefined || domain === 'blog') void ctx.blogSchedule?.rearm();
  if (domain === undefined || domain === 'settings')
    getSiteSettings(ctx).catch((err: unknown) => ctx.log.error({ err }, 'site settings not reloaded after another instance saved them'));
}
