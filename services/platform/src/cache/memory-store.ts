/**
 * The embedded cache's entries, shared by the root cache and every prefixed view of it: opened
 * from the snapshot file, swept of expired keys while open, saved when asked (a dataset version
 * going live, a stop) and at close. A save writes only the keys changed since the snapshot (its
 * changes file) while they are a small share of it, so a stop after a few users signed in takes
 * milliseconds, not the seconds a national snapshot takes to write.
 */
import type { MemoryEntry } from './memory-entry.js';
import {
  emptySnapshot,
  readSnapshot,
  removeAbandonedSnapshotWrites,
  writeSnapshot,
  writeSnapshotChanges,
  type SnapshotWriteOptions,
} from './memory-snapshot.js';

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
  saveTimer?: NodeJS.Timeout;
  closed: boolean;
  /** Writes and deletes so far; a save records the count it saw, so an unchanged store is not written again. */
  changes: number;
  /** `changes` when the store was last saved or read. */
  savedChanges: number;
  /** The generation of the snapshot file on disk, which a changes file names; none before the first. */
  generation?: Buffer;
  /** Its size in bytes. */
  snapshotBytes: number;
  /** Keys written, deleted or given an expiry since the snapshot: what its changes file holds. */
  changedKeys: Set<string>;
  /** The snapshot write in progress: one at a time, so an older state never renames over a newer one. */
  saving?: Promise<void>;
}

/** How often expired keys are dropped even if nobody reads them (reads expire lazily too). */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * How often the changes since the snapshot are saved beside it while the store is open, so a
 * process killed without warning (kill -9, out of memory) loses at most this much of what users
 * changed.
 */
export const CHANGES_SAVE_INTERVAL_MS = 10_000;

export function openMemoryStore(snapshotFile: string | undefined, changesSaveIntervalMs = CHANGES_SAVE_INTERVAL_MS): MemoryStore {
  if (snapshotFile) removeAbandonedSnapshotWrites(snapshotFile);
  const { entries, generation, snapshotBytes, changedKeys } = snapshotFile ? readSnapshot(snapshotFile) : emptySnapshot();
  const expiring = new Set<string>();
  for (const [key, entry] of entries) if (entry.expiresAt !== undefined) expiring.add(key);
  const store: MemoryStore = { entries, expiring, snapshotFile, closed: false, changes: 0, savedChanges: 0, generation, snapshotBytes, changedKeys };
  store.sweepTimer = setInterval(() => sweepExpired(store), SWEEP_INTERVAL_MS);
  store.sweepTimer.unref();
  if (snapshotFile) {
    store.saveTimer = setInterval(() => saveChangesNow(store), changesSaveIntervalMs);
    store.saveTimer.unref();
  }
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

/** Records that `key` (the store's full key) changed: the next save writes it. */
export function noteChange(store: MemoryStore, key: string): void {
  // A store without a file is never saved: nothing to remember.
  if (store.snapshotFile) store.changedKeys.add(key);
  store.changes += 1;
}

/**
 * Saves the store (when there is a file and something changed since the last save) without
 * holding the event loop for long; resolves once the files hold the store as it was when the
 * write began. Calls made while a write runs wait for it and then write once more.
 */
export async function persistMemoryStore(store: MemoryStore): Promise<void> {
  const file = store.snapshotFile;
  if (!file) return;
  const previous = store.saving;
  const saving = (async () => {
    await previous?.catch(() => undefined);
    if (store.closed) return;
    await save(store, file, { abandoned: () => store.closed });
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
  clearInterval(store.saveTimer);
  await store.saving?.catch(() => undefined);
  try {
    if (store.snapshotFile) await save(store, store.snapshotFile, {});
  } finally {
    store.entries.clear();
    store.expiring.clear();
    store.changedKeys.clear();
  }
}

/**
 * A changes file is written in place of the snapshot while the changed entries' bytes stay under
 * this share of the snapshot's: it is rewritten whole at every save and read on top of the
 * snapshot at every start, so it never costs a stop or a start more than an eighth of the
 * snapshot's time. A rebuild changes far more and is saved as a snapshot.
 */
const CHANGES_FILE_SHARE = 1 / 8;

async function save(store: MemoryStore, file: string, options: SnapshotWriteOptions): Promise<void> {
  if (store.changes === store.savedChanges) return;
  const changes = store.changes;
  if (changesFileWillDo(store)) {
    if (await writeSnapshotChanges(file, store.generation, store.changedKeys, store.entries, options)) store.savedChanges = changes;
    return;
  }
  const changedKeys = store.changedKeys;
  // Keys changed while the snapshot is written go to the next changes file (some twice: harmless).
  store.changedKeys = new Set();
  const written = await writeSnapshot(file, store.entries, options);
  if (written) {
    store.generation = written.generation;
    store.snapshotBytes = written.bytes;
    store.savedChanges = changes;
  } else {
    for (const key of changedKeys) store.changedKeys.add(key);
  }
}

/** Whether the changes are small enough for a changes file (and there is a snapshot for it to name). */
function changesFileWillDo(store: MemoryStore): store is MemoryStore & { generation: Buffer } {
  return store.generation !== undefined && changedBytesWithin(store, store.snapshotBytes * CHANGES_FILE_SHARE);
}

/**
 * The periodic save: the changes file only. A snapshot is written when a version goes live and
 * at a stop, not from a timer in the middle of a rebuild. A failure is reported, and the next
 * save tries again (the changes stay unsaved until one succeeds).
 */
function saveChangesNow(store: MemoryStore): void {
  if (store.closed || store.saving || store.changes === store.savedChanges || !changesFileWillDo(store)) return;
  persistMemoryStore(store).catch((error: unknown) => {
    process.emitWarning(`Saving the cache's changes beside ${store.snapshotFile} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Whether the changed keys and their values come to at most `limit` bytes (stops counting past it). */
function changedBytesWithin(store: MemoryStore, limit: number): boolean {
  let bytes = 0;
  for (const key of store.changedKeys) {
    bytes += key.length + entryBytes(store.entries.get(key));
    if (bytes > limit) return false;
  }
  return true;
}

function entryBytes(entry: MemoryEntry | undefined): number {
  if (entry === undefined) return 0;
  if (entry.kind === 'string') return entry.value.length;
  let bytes = 0;
  for (const [field, value] of entry.fields) bytes += field.length + value.length;
  return bytes;
}

/** The bytes to store for a value. */
export function toBuffer(value: string | Buffer): Buffer {
  // Copy, so a caller reusing its buffer cannot change what is stored.
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}
