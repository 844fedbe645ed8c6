/**
 * One view's keys in the shared LMDB store: the view's key `k` is the store's key `prefix + k`.
 * Reads go through `live`, so a key whose expiry has passed is gone at once, before the sweep
 * removes it, and every call on a closed cache fails.
 */
import { WRONGTYPE } from './cache-arguments.js';
import { assertOpen, keyBytes, readString, removeKey, storedMeta, type KeyMeta, type LmdbStore } from './lmdb-store.js';

export class LmdbKeyspace {
  constructor(
    readonly store: LmdbStore,
    readonly prefix: string,
  ) {}

  /** The store's key for the view's `key`. */
  fullKey(key: string): Buffer {
    return keyBytes(this.prefix + key);
  }

  /** The key's record unless its expiry has passed. */
  live(fullKey: Buffer): KeyMeta | undefined {
    assertOpen(this.store);
    const meta = storedMeta(this.store, fullKey);
    return meta && isLive(meta, Date.now()) ? meta : undefined;
  }

  /**
   * Inside a write transaction: the key's live record, after removing what an expired one left
   * (a hash's fields, a string's bytes), so what is written next starts from nothing.
   */
  liveForWrite(fullKey: Buffer): KeyMeta | undefined {
    const meta = storedMeta(this.store, fullKey);
    if (meta === undefined || isLive(meta, Date.now())) return meta;
    removeKey(this.store, fullKey, meta);
    return undefined;
  }

  /** A copy of the key's string bytes; a key holding a hash is a WRONGTYPE error, as in Redis. */
  stringBytes(fullKey: Buffer): Buffer | undefined {
    const meta = this.live(fullKey);
    if (meta === undefined) return undefined;
    assertKind(meta, 'string');
    // Read in the same turn as its record, so from the same snapshot; a copy either way.
    return readString(this.store, fullKey);
  }

  /** Whether the key holds a live hash; a key holding a string is a WRONGTYPE error, as in Redis. */
  isHash(fullKey: Buffer): boolean {
    const meta = this.live(fullKey);
    if (meta === undefined) return false;
    assertKind(meta, 'hash');
    return true;
  }
}

export function isLive(meta: KeyMeta, now: number): boolean {
  return meta.expiresAt === undefined || meta.expiresAt > now;
}

export function assertKind(meta: KeyMeta | undefined, kind: KeyMeta['kind']): void {
  if (meta !== undefined && meta.kind !== kind) throw new Error(WRONGTYPE);
}
