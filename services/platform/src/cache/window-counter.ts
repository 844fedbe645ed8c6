/**
 * Where rate limits count calls (docs/decisions/0124-rate-limit-counts.md). On Redis, in the
 * shared cache, so the gateways behind one load balancer spend one budget. On an embedded cache
 * the platform's process is the data directory's only owner (data-dir-lock.ts), so one gateway
 * counts, and it counts in its own memory: a count in LMDB is a write transaction committed to
 * disk, which waits behind whatever the rebuild thread is writing, and every API call waited for
 * one. A restart forgives at most one window of calls.
 */
import type { Cache } from '../ports/cache.js';
import { createMemoryCache } from './memory-cache.js';

export interface WindowCounter extends Pick<Cache, 'countInWindow'> {
  /** Where the counts are kept: `shared` in the cache given, `process` in this process's memory. */
  readonly counts: 'shared' | 'process';
  /** Stops what a process counter runs (its sweep of ended windows); a shared one leaves the cache open. */
  close(): Promise<void>;
}

export function windowCounterFor(cache: Cache): WindowCounter {
  if (cache.adapter === 'redis') {
    return { counts: 'shared', countInWindow: (key, windowMs) => cache.countInWindow(key, windowMs), close: async () => undefined };
  }
  const counts = createMemoryCache();
  return { counts: 'process', countInWindow: (key, windowMs) => counts.countInWindow(key, windowMs), close: () => counts.close() };
}
