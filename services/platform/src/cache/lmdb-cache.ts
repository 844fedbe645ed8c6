/**
 * The LMDB Cache adapter: an on-disk, memory-mapped store with Redis semantics (types, TTLs,
 * integer increments, WRONGTYPE errors), whose data survives restarts without a snapshot to
 * write: every change is committed to the directory as it happens. The operations live by data
 * type in lmdb-strings.ts, lmdb-hashes.ts, lmdb-expiry.ts and lmdb-keys.ts, the layout on disk
 * in lmdb-store.ts; a view only puts them together over its share of the keys.
 */
import type { Cache } from '../ports/cache.js';
import { expiryOperations } from './lmdb-expiry.js';
import { hashOperations } from './lmdb-hashes.js';
import { LmdbKeyspace } from './lmdb-keyspace.js';
import { keepSegments, type SegmentUpkeep } from './lmdb-segment-upkeep.js';
import { keyOperations } from './lmdb-keys.js';
import { closeLmdbStore, openLmdbStore, type LmdbStore } from './lmdb-store.js';
import { stringOperations } from './lmdb-strings.js';

export interface LmdbCacheOptions {
  /** The environment's directory, created (readable by its owner only) when missing. */
  path: string;
  /**
   * Whether this cache keeps the directory's segment files (lmdb-segment-upkeep.ts): the
   * platform's own cache does, the caches its threads open on the same directory do not.
   */
  upkeep?: SegmentUpkeep;
  /** How much a writer appends to a segment before it starts the next; tests make it small. */
  segmentBytes?: number;
}

export function createLmdbCache({ path, upkeep, segmentBytes }: LmdbCacheOptions): Cache {
  const store = openLmdbStore(path, segmentBytes);
  const stopUpkeep = upkeep === undefined ? async () => {} : startUpkeep(store, upkeep);
  return createView(store, '', stopUpkeep);
}

/** Runs upkeep rounds one after another; answers a function that stops them once the current round ends. */
function startUpkeep(store: LmdbStore, upkeep: SegmentUpkeep): () => Promise<void> {
  let round: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (round !== undefined || store.closed) return; // one round at a time, however long it takes
    round = keepSegments(store, upkeep)
      .catch((error: unknown) => {
        process.emitWarning(`Keeping the cache's segment files in ${store.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        round = undefined;
      });
  }, upkeep.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}

function createView(store: LmdbStore, prefix: string, stopUpkeep: () => Promise<void>): Cache {
  const space = new LmdbKeyspace(store, prefix);
  return {
    adapter: 'lmdb',
    target: store.path,
    prefix,
    // Every read copies out of the map: a stored value can move once its transaction ends.
    sharesStoredBytes: false,
    ...stringOperations(space),
    ...hashOperations(space),
    ...expiryOperations(space),
    ...keyOperations(space),
    withPrefix(childPrefix) {
      return createView(store, prefix + childPrefix, stopUpkeep);
    },
    async ping() {
      return !store.closed;
    },
    // Each write resolves once committed, which already survives this process crashing; this
    // waits for the commits to reach the disk too, so they survive the machine going down.
    async persist() {
      if (store.closed) return;
      await store.env.flushed;
    },
    async close() {
      if (prefix !== '') return; // views share the root's environment
      await stopUpkeep();
      await closeLmdbStore(store);
    },
  };
}
