import type { CachedResponse, PublicCache } from '../context';

// Public reads are cached in memory: data (posts, gallery, categories) and whole answers
// (JSON and server-rendered pages, see response-cache.ts). Every write that changes what the
// public sees calls invalidate(), which drops the matching data and every cached answer (an
// answer may combine several domains: a post names its category and author).
// With several instances on one PostgreSQL database a write on one instance does not reach the
// others' memory, so there every entry also expires after `ttlMs` (0: never).
export function createPublicCache(opts: { maxEntries?: number; maxResponseBytes?: number; ttlMs?: number } = {}): PublicCache {
  const maxEntries = opts.maxEntries ?? 500;
  const ttlMs = opts.ttlMs ?? 0;
  const born = new Map<string, number>();
  const fresh = (key: string) => ttlMs === 0 || Date.now() - (born.get(key) ?? 0) < ttlMs;
  const maxResponseBytes = opts.maxResponseBytes ?? 32 * 1024 * 1024;
  const data = new Map<string, unknown>();
  const responses = new Map<string, CachedResponse>();
  let responseBytes = 0;
  let generation = 0;

  const sizeOf = (r: CachedResponse) => r.body.length + (r.br?.length ?? 0) + (r.gzip?.length ?? 0);
  const dropResponse = (key: string) => {
    const r = responses.get(key);
    if (!r) return;
    responseBytes -= sizeOf(r);
    responses.delete(key);
    born.delete(`r:${key}`);
  };

  return {
    get: <T>(key: string) => (fresh(`d:${key}`) ? (data.get(key) as T | undefined) : undefined),
    set(key, value) {
      if (data.size >= maxEntries) {
        const oldest = data.keys().next().value as string;
        data.delete(oldest);
        born.delete(`d:${oldest}`);
      }
      data.set(key, value);
      if (ttlMs) born.set(`d:${key}`, Date.now());
    },
    invalidate(prefix) {
      generation += 1;
      born.clear();
      responses.clear();
      responseBytes = 0;
      if (!prefix) return data.clear();
      for (const key of [...data.keys()]) if (key.startsWith(prefix)) data.delete(key);
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
      if (ttlMs) born.set(`r:${key}`, Date.now());
      responseBytes += sizeOf(value);
      while (responseBytes > maxResponseBytes && responses.size > 0) dropResponse(responses.keys().next().value as string);
    },
    grewResponse(key, bytes) {
      if (responses.has(key)) responseBytes += bytes;
    },
  };
}
