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
      for await (const records of recordBatchesStartingWith(space, keyPrefix)) {
        for (const [fullKey, meta] of records) if (isLive(meta, now)) keys.push(fullKey.toString('utf8').slice(space.prefix.length));
      }
      // The other adapters sort as JavaScript does (UTF-16), not by UTF-8 bytes as LMDB keeps them.
      return keys.sort();
    },
    async deleteByPrefix(keyPrefix) {
      if (space.prefix + keyPrefix === '') throw new Error('deleteByPrefix refuses to delete every key of the root view');
      assertOpen(store);
      const now = Date.now();
      let deleted = 0;
      // One write transaction per batch, not one for all: a dataset version holds hundreds of
      // thousands of keys, and a transaction's callback holds the event loop. Like SCAN and DEL
      // on Redis, a key written meanwhile under the prefix may stay.
      for await (const records of recordBatchesStartingWith(space, keyPrefix)) {
        deleted += await writeTransaction(store, () => {
          let removed = 0;
          for (const [fullKey, meta] of records) {
            removeKey(store, fullKey, meta);
            if (isLive(meta, now)) removed++; // an expired key was already gone
          }
          return removed;
        });
      }
      return deleted;
    },
  };
}

/** Records read per turn of the event loop by a scan over a prefix. */
const SCAN_BATCH = 5_000;

/**
 * Every record (expired ones too) of keys of the view starting with `keyPrefix`, in byte order,
 * SCAN_BATCH at a time with a turn of the event loop between batches, so a scan over a national
 * dataset's keys never holds it for long. Each batch is read whole before it is handed out, so a
 * caller may remove its records.
 */
async function* recordBatchesStartingWith(space: LmdbKeyspace, keyPrefix: string): AsyncGenerator<Array<[Buffer, KeyMeta]>> {
  // A UTF-8 string starts with another exactly when its bytes start with the other's bytes.
  const prefix = keyBytes(space.prefix + keyPrefix);
  let start = prefix;
  let exclusive = false;
  for (;;) {
    assertOpen(space.store);
    const batch: Array<[Buffer, KeyMeta]> = [];
    for (const { key, value } of space.store.meta.getRange({ start, limit: SCAN_BATCH + 1 })) {
      const fullKey = key as Buffer;
      if (!startsWith(fullKey, prefix)) break;
      if (exclusive && fullKey.equals(start)) continue;
      batch.push([fullKey, decodeMeta(value)]);
      if (batch.length === SCAN_BATCH) break;
    }
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < SCAN_BATCH) return;
    start = batch[batch.length - 1]![0];
    exclusive = true;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
