/**
 * A small LRU cache with a time to live for the gateway's reads of other services (page heads, sitemaps):
 * answers are kept (found and not-found for their own times), failures (undefined) are not, and one read per
 * key is in flight however many requests ask for it at once.
 */
export interface LookupCacheOptions<T> {
  /** How long an answer is reused (ms). */
  ttlMs: number | ((value: T) => number);
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
}

export type CachedLookup<T> = (key: string, load: () => Promise<T | undefined>) => Promise<T | undefined>;

export function createLookupCache<T>(options: LookupCacheOptions<T>): CachedLookup<T> {
  const now = options.now ?? Date.now;
  const maxEntries = Math.max(1, options.maxEntries);
  const ttlOf = typeof options.ttlMs === 'number' ? () => options.ttlMs as number : options.ttlMs;
  const cache = new Map<string, { expires: number; value: T }>();
  const inFlight = new Map<string, Promise<T | undefined>>();
  return async (key, load) => {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(key);
      cache.set(key, hit);
      return hit.value;
    }
    if (hit) cache.delete(key);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load()
        .catch(() => undefined)
        .then((value) => {
          if (value !== undefined) {
            cache.set(key, { expires: now() + ttlOf(value), value });
            while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
          }
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
