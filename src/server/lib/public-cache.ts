import type { PublicCache } from '../context';

// Public reads (posts, gallery, categories) are cached in memory; every write that changes
// them drops the matching keys, so a reader never sees stale data from this instance.
export function createPublicCache(maxEntries = 500): PublicCache {
  const map = new Map<string, unknown>();
  return {
    get: <T>(key: string) => map.get(key) as T | undefined,
    set(key, value) {
      if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
      map.set(key, value);
    },
    invalidate(prefix) {
      if (!prefix) return map.clear();
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    },
  };
}
