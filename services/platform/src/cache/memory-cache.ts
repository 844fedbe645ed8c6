/**
 * The embedded Cache adapter: an in-memory store with Redis semantics (types, TTLs, integer
 * increments, WRONGTYPE errors), so code tested against it behaves the same on Redis. The
 * operations live by data type in memory-strings.ts, memory-hashes.ts, memory-expiry.ts and
 * memory-keys.ts; a view only puts them together over its share of the store.
 */
import type { Cache } from '../ports/cache.js';
import { expiryOperations } from './memory-expiry.js';
import { hashOperations } from './memory-hashes.js';
import { MemoryKeyspace } from './memory-keyspace.js';
import { keyOperations } from './memory-keys.js';
import { closeMemoryStore, openMemoryStore, persistMemoryStore, type MemoryStore } from './memory-store.js';
import { stringOperations } from './memory-strings.js';

export interface MemoryCacheOptions {
  /**
   * Loaded at creation, written by `persist()` and on close, so the embedded platform keeps its
   * derived data across restarts; the changes since it are saved beside it every
   * `changesSaveIntervalMs` too. @defaultValue none: nothing survives the process
   */
  snapshotFile?: string;
  /** @defaultValue 10 s */
  changesSaveIntervalMs?: number;
}

export function createMemoryCache(options: MemoryCacheOptions = {}): Cache {
  return createView(openMemoryStore(options.snapshotFile, options.changesSaveIntervalMs), '');
}

function createView(store: MemoryStore, prefix: string): Cache {
  const space = new MemoryKeyspace(store, prefix);
  const view: Cache = {
    adapter: 'memory',
    target: 'memory',
    prefix,
    sharesStoredBytes: true,
    ...stringOperations(space),
    ...hashOperations(space),
    ...expiryOperations(space),
    ...keyOperations(space),
    withPrefix(childPrefix) {
      return createView(store, prefix + childPrefix);
    },
    async ping() {
      return !store.closed;
    },
    persist() {
      return persistMemoryStore(store);
    },
    async close() {
      if (prefix !== '') return;
      await closeMemoryStore(store);
    },
  };
  return view;
}
