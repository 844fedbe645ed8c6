/** Keys themselves on the LMDB cache: DEL, listing by prefix, and deleting by prefix, as range scans. */
import type { Cache } from '../ports/cache.js';
import { isLive, type LmdbKeyspace } from './lmdb-keyspace.js';
import { assertOpen, decodeMeta, keyBytes, removeKey, startsWith, writeTransaction, type KeyMeta } from './lmdb-store.js';

export type KeyOperations = Pick<Cache, 'del' | 'keys' | 'deleteByPrefix'>;

export function keyOperations(space: LmdbKeyspace): KeyOperations {
  const { store } = space;
  return {
    async del(...keys) {
      assertOpen(store);
      if (keys.length === 0) return 0;
      return writeTransaction(store, () => {
        let deleted = 0;
        for (const key of new Set(keys)) {
          const fullKey = space.fullKey(key);
          const meta = space.liveForWrite(fullKey);
          if (meta === undefined) continue;
          removeKey(store, fullKey, meta);
          deleted++;
        }
        return deleted;
      });
    },
    async keys(keyPrefix) {
      assertOpen(store);
      const now = Date.now();
      const keys: string[] = [];
      for (const [fullKey, meta] of recordsStartingWith(space, keyPrefix)) {
        if (isLive(meta, now)) keys.push(fullKey.toString('utf8').slice(space.prefix.length));
      }
      // The other adapters sort as JavaScript does (UTF-16), not by UTF-8 bytes as LMDB keeps them.
      return keys.sort();
    },
    async deleteByPrefix(keyPrefix) {
      if (space.prefix + keyPrefix === '') throw new Error('deleteByPrefix refuses to delete every key of the root view');
      return writeTransaction(store, () => {
        const now = Date.now();
        let deleted = 0;
        // Collected first: LMDB's cursor must not walk records this loop is removing.
        for (const [fullKey, meta] of [...recordsStartingWith(space, keyPrefix)]) {
          removeKey(store, fullKey, meta);
          if (isLive(meta, now)) deleted++; // an expired key was already gone
        }
        return deleted;
      });
    },
  };
}

/** Every record (expired ones too) of keys of the view starting with `keyPrefix`, in byte order. */
function* recordsStartingWith(space: LmdbKeyspace, keyPrefix: string): Generator<[Buffer, KeyMeta]> {
  // A UTF-8 string starts with another exactly when its bytes start with the other's bytes.
  const start = keyBytes(space.prefix + keyPrefix);
  for (const { key, value } of space.store.meta.getRange({ start })) {
    const fullKey = key as Buffer;
    if (!startsWith(fullKey, start)) return;
    yield [fullKey, decodeMeta(value)];
  }
}
