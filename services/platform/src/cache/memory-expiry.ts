/** Expiry on the embedded cache: TTL, EXPIRE, and counting in a window that expires. */
import type { Cache } from '../ports/cache.js';
import { assertWindowMs } from './cache-arguments.js';
import type { MemoryKeyspace } from './memory-keyspace.js';
import { incrementBy } from './memory-strings.js';

export type ExpiryOperations = Pick<Cache, 'ttl' | 'expire' | 'countInWindow'>;

export function expiryOperations(space: MemoryKeyspace): ExpiryOperations {
  return {
    async countInWindow(key, windowMs) {
      assertWindowMs(windowMs);
      const count = incrementBy(space, key, 1);
      const entry = space.storedEntry(key)!;
      const now = Date.now();
      if (count === 1 || entry.expiresAt === undefined) {
        entry.expiresAt = now + windowMs;
        space.watchExpiry(key);
      }
      return { count, remainingMs: entry.expiresAt - now };
    },
    async ttl(key) {
      const entry = space.live(key);
      if (!entry) return -2;
      if (entry.expiresAt === undefined) return -1;
      // Redis rounds the remaining milliseconds to the nearest second.
      return Math.floor((entry.expiresAt - Date.now() + 500) / 1000);
    },
    async expire(key, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds)) throw new Error('ERR value is not an integer or out of range');
      const entry = space.live(key);
      if (!entry) return false;
      // Like EXPIRE, a time in the past deletes the key.
      if (ttlSeconds <= 0) space.delete(key);
      else {
        entry.expiresAt = Date.now() + ttlSeconds * 1000;
        space.watchExpiry(key);
      }
      return true;
    },
  };
}
