/**
 * The embedded Cache adapter: an in-memory store with Redis semantics (types, TTLs, integer
 * increments, WRONGTYPE errors), so code tested against it behaves the same on Redis.
 */
import type { Cache, SetOptions } from '../ports/cache.js';
import { readSnapshot, writeSnapshot } from './memory-snapshot.js';

type Entry =
  | { kind: 'string'; value: Buffer; expiresAt?: number }
  | { kind: 'hash'; fields: Map<string, Buffer>; expiresAt?: number };

/** State shared by the root cache and every prefixed view of it. */
interface Store {
  entries: Map<string, Entry>;
  /**
   * Keys that were given an expiry, so the sweep visits them and not every key (a national
   * dataset holds hundreds of thousands of keys that never expire). A key may stay here after it
   * lost its entry or its expiry; the sweep then drops it.
   */
  expiring: Set<string>;
  snapshotFile?: string;
  sweepTimer?: NodeJS.Timeout;
  closed: boolean;
}

/** How often expired keys are dropped even if nobody reads them (reads expire lazily too). */
const SWEEP_INTERVAL_MS = 1_000;

const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';

export interface MemoryCacheOptions {
  /**
   * Loaded at creation and written on close, so the embedded platform keeps its derived data
   * across restarts. @defaultValue none: nothing survives the process
   */
  snapshotFile?: string;
}

export function createMemoryCache(options: MemoryCacheOptions = {}): Cache {
  const entries: Map<string, Entry> = options.snapshotFile ? readSnapshot(options.snapshotFile) : new Map();
  const expiring = new Set<string>();
  for (const [key, entry] of entries) if (entry.expiresAt !== undefined) expiring.add(key);
  const store: Store = { entries, expiring, snapshotFile: options.snapshotFile, closed: false };
  store.sweepTimer = setInterval(() => sweepExpired(store), SWEEP_INTERVAL_MS);
  store.sweepTimer.unref();
  return createView(store, '');
}

function sweepExpired(store: Store): void {
  const now = Date.now();
  for (const key of store.expiring) {
    const entry = store.entries.get(key);
    if (entry?.expiresAt === undefined) store.expiring.delete(key);
    else if (entry.expiresAt <= now) {
      store.entries.delete(key);
      store.expiring.delete(key);
    }
  }
}

/** Redis only accepts whole seconds for EX; reject the same inputs in both adapters. */
export function assertTtlSeconds(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`ttlSeconds must be a positive whole number of seconds, got ${ttlSeconds}`);
  }
}

/** A window is a whole number of milliseconds, as PEXPIRE takes it. */
export function assertWindowMs(windowMs: number): void {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be a positive whole number of milliseconds, got ${windowMs}`);
}

function toBuffer(value: string | Buffer): Buffer {
  // Copy, so a caller reusing its buffer cannot change what is stored.
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}

function createView(store: Store, prefix: string): Cache {
  const live = (key: string): Entry | undefined => {
    if (store.closed) throw new Error('Cache is closed');
    const entry = store.entries.get(prefix + key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      store.entries.delete(prefix + key);
      return undefined;
    }
    return entry;
  };
  const stringEntry = (key: string): Extract<Entry, { kind: 'string' }> | undefined => {
    const entry = live(key);
    if (entry && entry.kind !== 'string') throw new Error(WRONGTYPE);
    return entry;
  };
  const hashEntry = (key: string): Extract<Entry, { kind: 'hash' }> | undefined => {
    const entry = live(key);
    if (entry && entry.kind !== 'hash') throw new Error(WRONGTYPE);
    return entry;
  };
  const put = (key: string, value: string | Buffer, options?: SetOptions) => {
    if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
    live(key); // closed check
    const expiresAt = options?.ttlSeconds === undefined ? undefined : Date.now() + options.ttlSeconds * 1000;
    store.entries.set(prefix + key, { kind: 'string', value: toBuffer(value), ...(expiresAt === undefined ? {} : { expiresAt }) });
    if (expiresAt !== undefined) store.expiring.add(prefix + key);
  };
  /** INCRBY, synchronously, so callers can act on the new value before anything else runs. */
  const increment = (key: string, by: number): number => {
    if (!Number.isSafeInteger(by)) throw new Error('ERR value is not an integer or out of range');
    const entry = stringEntry(key);
    const text = entry?.value.toString('utf8') ?? '0';
    if (!/^-?\d{1,19}$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw new Error('ERR value is not an integer or out of range');
    }
    const next = Number(text) + by;
    // INCRBY keeps the key's TTL.
    store.entries.set(prefix + key, {
      kind: 'string',
      value: Buffer.from(String(next)),
      ...(entry?.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
    });
    return next;
  };
  /** Live keys of this view starting with `keyPrefix`, relative to the view, sorted. */
  const matching = (keyPrefix: string): string[] => {
    const result: string[] = [];
    for (const fullKey of [...store.entries.keys()]) {
      if (!fullKey.startsWith(prefix + keyPrefix)) continue;
      const key = fullKey.slice(prefix.length);
      if (live(key)) result.push(key);
    }
    return result.sort();
  };

  const view: Cache = {
    adapter: 'memory',
    target: 'memory',
    prefix,
    sharesStoredBytes: true,
    async get(key) {
      return stringEntry(key)?.value.toString('utf8') ?? null;
    },
    // Reads hand out the stored bytes without a copy (the port says they are read-only): a
    // search reads a few hundred blobs per request, and copying them was most of its time.
    async getBuffer(key) {
      return stringEntry(key)?.value ?? null;
    },
    async getBuffers(keys) {
      // MGET returns nil (not an error) for keys of another type.
      return keys.map((key) => {
        const entry = live(key);
        return entry?.kind === 'string' ? entry.value : null;
      });
    },
    async set(key, value, options) {
      put(key, value, options);
    },
    async setMany(entries, options) {
      if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
      for (const [key, value] of entries) put(key, value, options);
    },
    async del(...keys) {
      let deleted = 0;
      for (const key of new Set(keys)) {
        if (live(key)) {
          store.entries.delete(prefix + key);
          deleted++;
        }
      }
      return deleted;
    },
    async incr(key, by = 1) {
      return increment(key, by);
    },
    async countInWindow(key, windowMs) {
      assertWindowMs(windowMs);
      const count = increment(key, 1);
      const entry = store.entries.get(prefix + key)!;
      const now = Date.now();
      if (count === 1 || entry.expiresAt === undefined) {
        entry.expiresAt = now + windowMs;
        store.expiring.add(prefix + key);
      }
      return { count, remainingMs: entry.expiresAt - now };
    },
    async ttl(key) {
      const entry = live(key);
      if (!entry) return -2;
      if (entry.expiresAt === undefined) return -1;
      // Redis rounds the remaining milliseconds to the nearest second.
      return Math.floor((entry.expiresAt - Date.now() + 500) / 1000);
    },
    async expire(key, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds)) throw new Error('ERR value is not an integer or out of range');
      const entry = live(key);
      if (!entry) return false;
      // Like EXPIRE, a time in the past deletes the key.
      if (ttlSeconds <= 0) store.entries.delete(prefix + key);
      else {
        entry.expiresAt = Date.now() + ttlSeconds * 1000;
        store.expiring.add(prefix + key);
      }
      return true;
    },
    async hset(key, fields) {
      const names = Object.keys(fields);
      if (names.length === 0) return; // the Redis adapter sends nothing either
      const entry = hashEntry(key) ?? { kind: 'hash' as const, fields: new Map<string, Buffer>() };
      for (const name of names) entry.fields.set(name, toBuffer(fields[name] as string | Buffer));
      store.entries.set(prefix + key, entry);
    },
    async hget(key, field) {
      return hashEntry(key)?.fields.get(field)?.toString('utf8') ?? null;
    },
    async hgetall(key) {
      const entry = hashEntry(key);
      const result: Record<string, string> = {};
      for (const [name, value] of entry?.fields ?? []) result[name] = value.toString('utf8');
      return result;
    },
    async switchPointer(key, value) {
      // One synchronous step, so no reader can observe a state between the read and the write.
      const previous = stringEntry(key)?.value.toString('utf8') ?? null;
      store.entries.set(prefix + key, { kind: 'string', value: Buffer.from(value, 'utf8') });
      return previous;
    },
    async keys(keyPrefix) {
      return matching(keyPrefix);
    },
    async deleteByPrefix(keyPrefix) {
      if (prefix + keyPrefix === '') throw new Error('deleteByPrefix refuses to delete every key of the root view');
      const keys = matching(keyPrefix);
      for (const key of keys) store.entries.delete(prefix + key);
      return keys.length;
    },
    withPrefix(childPrefix) {
      return createView(store, prefix + childPrefix);
    },
    async ping() {
      return !store.closed;
    },
    async close() {
      if (prefix !== '') return;
      if (store.closed) return;
      store.closed = true;
      clearInterval(store.sweepTimer);
      if (store.snapshotFile) writeSnapshot(store.snapshotFile, store.entries);
      store.entries.clear();
      store.expiring.clear();
    },
  };
  return view;
}
