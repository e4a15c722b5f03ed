import type { CacheDomain, CachedResponse, PublicCache } from '../context';

// Public reads are cached in memory: data (posts, gallery, categories) and whole answers
// (JSON and server-rendered pages, see response-cache.ts). Every write that changes what the
// public sees calls invalidate(domain) with its own domain; the two tables below are the one
// place that says what that makes stale.

/**
 * What a write to each domain makes stale: its own data and that of the domains that show it.
 * Posts embed their category and their author's name; categories carry their post count; the
 * public author list shows who wrote a published post.
 */
export const STALES: Record<CacheDomain, readonly CacheDomain[]> = {
  blog: ['blog', 'categories', 'users'],
  categories: ['categories', 'blog'],
  users: ['users', 'blog'],
  gallery: ['gallery'],
  // The timetable is read uncached (seats change with every booking); pages show class times.
  timetable: ['timetable'],
  // The gym's facts (site settings): every page, the feed and the sitemap show them ('all' below).
  settings: ['settings'],
  // Trainers (issue 37): the landing page and /booking show them.
  trainers: ['trainers'],
};

/**
 * The domains a cached answer shows, from its URL. Data entries are keyed `${domain}:...`.
 * Pages, the feed and the sitemap may combine anything (the home page shows posts and the
 * gallery): every domain's write drops them.
 */
export function answerDomains(url: string): readonly CacheDomain[] | 'all' {
  const path = url.split('?')[0];
  if (path === '/api/users') return ['users'];
  if (path === '/api/gallery') return ['gallery'];
  if (path === '/api/site-settings') return ['settings'];
  // The passes are the price table's cells.
  if (path === '/api/passes') return ['settings'];
  if (path === '/api/trainers') return ['trainers'];
  if (path === '/api/blog-categories') return ['categories'];
  if (path === '/api/blog-posts' || path.startsWith('/api/blog-posts/')) return ['blog'];
  return 'all';
}
// With several instances on one PostgreSQL database every invalidation also reaches the others
// (cluster/cache-bus.ts); every entry there also expires after `ttlMs` (0: never), a safety net.
export function createPublicCache(opts: { maxEntries?: number; maxResponses?: number; maxResponseBytes?: number; ttlMs?: number } = {}): PublicCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxResponses = opts.maxResponses ?? 2_000;
  const ttlMs = opts.ttlMs ?? 0;
  const born = new Map<string, number>();
  const fresh = (key: string) => ttlMs === 0 || Date.now() - (born.get(key) ?? 0) < ttlMs;
  const maxResponseBytes = opts.maxResponseBytes ?? 32 * 1024 * 1024;
  const data = new Map<string, unknown>();
  const responses = new Map<string, CachedResponse>();
  const shows = new Map<string, readonly CacheDomain[] | 'all'>();
  let responseBytes = 0;
  let generation = 0;

  // Everything an entry holds counts: its key (in three maps), its headers (kept again in each
  // ready copy) and a fixed share for the objects themselves, not just the bodies.
  const ENTRY_OVERHEAD = 1024;
  const headerBytes = (r: CachedResponse) => Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
  const sizes = new Map<string, number>();
  const sizeOf = (key: string, r: CachedResponse) =>
    ENTRY_OVERHEAD + 3 * key.length + 3 * headerBytes(r) + r.body.length + (r.br?.length ?? 0) + (r.gzip?.length ?? 0);
  const dropResponse = (key: string) => {
    const r = responses.get(key);
    if (!r) return;
    responseBytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
    responses.delete(key);
    shows.delete(key);
    born.delete(`r:${key}`);
  };
  const dropData = (key: string) => {
    data.delete(key);
    born.delete(`d:${key}`);
  };

  return {
    get: <T>(key: string) => (fresh(`d:${key}`) ? (data.get(key) as T | undefined) : undefined),
    set(key, value) {
      if (data.size >= maxEntries) {
        dropData(data.keys().next().value as string);
      }
      data.set(key, value);
      if (ttlMs) born.set(`d:${key}`, Date.now());
    },
    invalidate(domain) {
      generation += 1;
      if (!domain) {
        born.clear();
        responses.clear();
        shows.clear();
        sizes.clear();
        responseBytes = 0;
        return data.clear();
      }
      const stale = STALES[domain];
      for (const key of [...data.keys()]) if (stale.some((d) => key.startsWith(`${d}:`))) dropData(key);
      for (const [key, domains] of [...shows]) if (domains === 'all' || domains.some((d) => stale.includes(d))) dropResponse(key);
    },
    generation: () => generation,
    getResponse(key) {
      if (ttlMs !== 0 && !fresh(`r:${key}`)) {
        dropResponse(key);
        return undefined;
      }
      const r = responses.get(key);
      if (r) {
        // Least recently used goes first: re-insert on every hit.
        responses.delete(key);
        responses.set(key, r);
      }
      return r;
    },
    setResponse(key, value, gen) {
      // A write that happened while this answer was being made has made it stale.
      if (gen !== generation) return;
      dropResponse(key);
      responses.set(key, value);
      shows.set(key, answerDomains(key));
      if (ttlMs) born.set(`r:${key}`, Date.now());
      const size = sizeOf(key, value);
      sizes.set(key, size);
      responseBytes += size;
      while ((responseBytes > maxResponseBytes || responses.size > maxResponses) && responses.size > 0) dropResponse(responses.keys().next().value as string);
    },
    grewResponse(key, bytes) {
      const size = sizes.get(key);
      if (size === undefined) return;
      sizes.set(key, size + bytes);
      responseBytes += bytes;
    },
  };
}
