/**
 * One view's keys in the shared store: the view's key `k` is the store's key `prefix + k`. Reads
 * go through `live`, so a key that has expired is gone at once, before the sweep gets to it, and
 * every call on a closed cache fails.
 */
import { WRONGTYPE } from './cache-arguments.js';
import { noteChange, type MemoryEntry, type MemoryStore } from './memory-store.js';

export class MemoryKeyspace {
  constructor(
    readonly store: MemoryStore,
    readonly prefix: string,
  ) {}

  /** The key's entry unless it has expired (an expired one is dropped on the way). */
  live(key: string): MemoryEntry | undefined {
    if (this.store.closed) throw new Error('Cache is closed');
    const entry = this.store.entries.get(this.prefix + key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.store.entries.delete(this.prefix + key);
      return undefined;
    }
    return entry;
  }

  /** The key's string entry; a key holding another type is a WRONGTYPE error, as in Redis. */
  stringEntry(key: string): Extract<MemoryEntry, { kind: 'string' }> | undefined {
    const entry = this.live(key);
    if (entry && entry.kind !== 'string') throw new Error(WRONGTYPE);
    return entry;
  }

  /** The key's hash entry; a key holding another type is a WRONGTYPE error, as in Redis. */
  hashEntry(key: string): Extract<MemoryEntry, { kind: 'hash' }> | undefined {
    const entry = this.live(key);
    if (entry && entry.kind !== 'hash') throw new Error(WRONGTYPE);
    return entry;
  }

  /** The stored entry as it is, expired or not: for an entry this call has just written. */
  storedEntry(key: string): MemoryEntry | undefined {
    return this.store.entries.get(this.prefix + key);
  }

  write(key: string, entry: MemoryEntry): void {
    this.store.entries.set(this.prefix + key, entry);
    noteChange(this.store, this.prefix + key);
  }

  delete(key: string): void {
    this.store.entries.delete(this.prefix + key);
    noteChange(this.store, this.prefix + key);
  }

  /** Lets the sweep find the key once it has an expiry (just set on its entry). */
  watchExpiry(key: string): void {
    this.store.expiring.add(this.prefix + key);
    noteChange(this.store, this.prefix + key);
  }

  /** Live keys of this view starting with `keyPrefix`, relative to the view, sorted. */
  keysStartingWith(keyPrefix: string): string[] {
    const result: string[] = [];
    for (const fullKey of [...this.store.entries.keys()]) {
      if (!fullKey.startsWith(this.prefix + keyPrefix)) continue;
      const key = fullKey.slice(this.prefix.length);
      if (this.live(key)) result.push(key);
    }
    return result.sort();
  }
}
