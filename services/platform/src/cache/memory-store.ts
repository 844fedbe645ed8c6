/**
 * The embedded cache's entries, shared by the root cache and every prefixed view of it: opened
 * from the snapshot file, swept of expired keys while open, written back to the snapshot at close.
 */
import type { MemoryEntry } from './memory-entry.js';
import { readSnapshot, writeSnapshot } from './memory-snapshot.js';

export type { MemoryEntry } from './memory-entry.js';

export interface MemoryStore {
  entries: Map<string, MemoryEntry>;
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

export function openMemoryStore(snapshotFile: string | undefined): MemoryStore {
  const entries: Map<string, MemoryEntry> = snapshotFile ? readSnapshot(snapshotFile) : new Map();
  const expiring = new Set<string>();
  for (const [key, entry] of entries) if (entry.expiresAt !== undefined) expiring.add(key);
  const store: MemoryStore = { entries, expiring, snapshotFile, closed: false };
  store.sweepTimer = setInterval(() => sweepExpired(store), SWEEP_INTERVAL_MS);
  store.sweepTimer.unref();
  return store;
}

function sweepExpired(store: MemoryStore): void {
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

/** Stops the sweep, writes the snapshot (when there is a file) and empties the store; once. */
export function closeMemoryStore(store: MemoryStore): void {
  if (store.closed) return;
  store.closed = true;
  clearInterval(store.sweepTimer);
  if (store.snapshotFile) writeSnapshot(store.snapshotFile, store.entries);
  store.entries.clear();
  store.expiring.clear();
}

/** The bytes to store for a value. */
export function toBuffer(value: string | Buffer): Buffer {
  // Copy, so a caller reusing its buffer cannot change what is stored.
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}
