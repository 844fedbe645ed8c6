/**
 * Answers of per-user queries kept in the cache for a few seconds: chDB runs one statement at a
 * time, so a client reloading a page in a loop would otherwise queue a statement per reload in
 * front of everyone else's. Calls for one key at once share one query in this process.
 */
import type { Cache } from '@ust/platform';

export function cachedBriefly<T>(cache: Cache, ttlSeconds: number): (key: string, load: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return async (key, load) => {
    const stored = await cache.get(key);
    if (stored !== null) return JSON.parse(stored) as T;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const value = await load();
        await cache.set(key, JSON.stringify(value), { ttlSeconds });
        return value;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
