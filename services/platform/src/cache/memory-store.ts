/**
 * The embedded cache's entries, shared by the root cache and every prefixed view of it: opened
 * from the snapshot file, swept of expired keys while open, written back to the snapshot when
 * asked (a dataset version going live) and at close.
 */
import type { MemoryEntry } from './memory-entry.js';
import { readSnapshot, removeAbandonedSnapshotWrites, writeSnapshot } from './memory-snapshot.js';

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
  /** Writes and deletes so far; a snapshot records the count it saw, so an unchanged store is not written again. */
  changes: number;
  /** `changes` when the snapshot file was last written or read. */
  savedChanges: number;
  /** The snapshot write in progress: one at a time, so an older state never renames over a newer one. */
  saving?: Promise<void>;
}

/** How often expired keys are dropped even if nobody reads them (reads expire lazily too). */
const SWEEP_INTERVAL_MS = 1_000;

export function openMemoryStore(snapshotFile: string | undefined): MemoryStore {
  if (snapshotFile) removeAbandonedSnapshotWrites(snapshotFile);
  const entries: Map<string, MemoryEntry> = snapshotFile ? readSnapshot(snapshotFile) : new Map();
  const expiring = new Set<string>();
  for (const [key, entry] of entries) if (entry.expiresAt !== undefined) expiring.add(key);
  const store: MemoryStore = { entries, expiring, snapshotFile, closed: false, changes: 0, savedChanges: 0 };
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

/**
 * Writes the snapshot (when there is a file and something changed since the last one) without
 * holding the event loop for long; resolves once the file holds the store as it was when the
 * write began. Calls made while a write runs wait for it and then write once more.
 */
export async function persistMemoryStore(store: MemoryStore): Promise<void> {
  const file = store.snapshotFile;
  if (!file) return;
  const previous = store.saving;
  const saving = (async () => {
    await previous?.catch(() => undefined);
    if (store.closed || store.changes === store.savedChanges) return;
    const changes = store.changes;
    if (await writeSnapshot(file, store.entries, { abandoned: () => store.closed })) store.savedChanges = changes;
  })();
  store.saving = saving;
  try {
    await saving;
  } finally {
    if (store.saving === saving) store.saving = undefined;
  }
}

/**
 * Stops the sweep, writes the snapshot (when there is a file and something changed) and empties
 * the store; once. Calls on the cache fail from the start of the close.
 */
export async function closeMemoryStore(store: MemoryStore): Promise<void> {
  if (store.closed) return;
  store.closed = true;
  clearInterval(store.sweepTimer);
  await store.saving?.catch(() => undefined);
  try {
    if (store.snapshotFile && store.changes !== store.savedChanges) await writeSnapshot(store.snapshotFile, store.entries);
  } finally {
    store.entries.clear();
    store.expiring.clear();
  }
}

/** The bytes to store for a value. */
export function toBuffer(value: string | Buffer): Buffer {
  // Copy, so a caller reusing its buffer cannot change what is stored.
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}
