/** Expiry on the LMDB cache: TTL, EXPIRE, and counting in a window that expires. */
import type { Cache } from '../ports/cache.js';
import { assertWindowMs } from './cache-arguments.js';
import type { LmdbKeyspace } from './lmdb-keyspace.js';
import { removeKey, writeMeta, writeTransaction } from './lmdb-store.js';
import { incrementInTransaction } from './lmdb-strings.js';

export type ExpiryOperations = Pick<Cache, 'ttl' | 'expire' | 'countInWindow'>;

export function expiryOperations(space: LmdbKeyspace): ExpiryOperations {
  const { store } = space;
  return {
    async countInWindow(key, windowMs) {
      assertWindowMs(windowMs);
      return writeTransaction(store, () => {
        const fullKey = space.fullKey(key);
        const { value: count, meta } = incrementInTransaction(space, fullKey, 1);
        const now = Date.now();
        // As the Redis script: the first event (or a counter that lost its expiry) opens the window.
        if (count === 1 || meta.expiresAt === undefined) {
          writeMeta(store, fullKey, { kind: 'string', expiresAt: now + windowMs }, meta);
          return { count, remainingMs: windowMs };
        }
        return { count, remainingMs: meta.expiresAt - now };
      });
    },
    async ttl(key) {
      const meta = space.live(space.fullKey(key));
      if (meta === undefined) return -2;
      if (meta.expiresAt === undefined) return -1;
      // Redis rounds the remaining milliseconds to the nearest second.
      return Math.floor((meta.expiresAt - Date.now() + 500) / 1000);
    },
    async expire(key, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds)) throw new Error('ERR value is not an integer or out of range');
      return writeTransaction(store, () => {
        const fullKey = space.fullKey(key);
        const meta = space.liveForWrite(fullKey);
        if (meta === undefined) return false;
        // Like EXPIRE, a time in the past deletes the key.
        if (ttlSeconds <= 0) removeKey(store, fullKey, meta);
        else writeMeta(store, fullKey, { kind: meta.kind, expiresAt: Date.now() + ttlSeconds * 1000 }, meta);
        return true;
      });
    },
  };
}
