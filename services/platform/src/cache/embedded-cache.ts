/**
 * The embedded platform's cache: LMDB in `DATA_DIR/cache` (docs/decisions/0114-embedded-cache-lmdb.md).
 * The OS maps the derived data's pages and drops the cold ones, so a national dataset neither
 * fills the V8 heap nor has to be read whole at a start, and every answered write is already on
 * disk, so there is no snapshot to write at a stop or when a version goes live.
 *
 * A data directory from before holds the in-memory cache's snapshot (`cache.snapshot` and its
 * changes file) instead: its first start copies that in, types and expiries kept, and renames
 * both files to `*.imported`, so users, sessions and the live dataset version carry over.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { Cache } from '../ports/cache.js';
import { createLmdbCache } from './lmdb-cache.js';
import { PLATFORM_UPKEEP } from './lmdb-segment-upkeep.js';
import type { MemoryEntry } from './memory-entry.js';
import { changesFileOf, readSnapshot, removeAbandonedSnapshotWrites } from './memory-snapshot.js';

/** Where the embedded platform keeps its cache, and where the in-memory cache kept its snapshot. */
export function embeddedCachePaths(dataDir: string): { directory: string; formerSnapshot: string } {
  return { directory: path.join(dataDir, 'cache'), formerSnapshot: path.join(dataDir, 'cache.snapshot') };
}

export async function openEmbeddedCache(dataDir: string, log: Logger): Promise<Cache> {
  const { directory, formerSnapshot } = embeddedCachePaths(dataDir);
  // The platform's own cache keeps the segment files; the caches its threads open do not.
  const cache = createLmdbCache({ path: directory, upkeep: PLATFORM_UPKEEP });
  try {
    await importMemorySnapshot(cache, formerSnapshot, log);
  } catch (error) {
    await cache.close();
    throw error;
  }
  return cache;
}

/** Values written per transaction while importing: bounds what one commit holds. */
const IMPORT_BATCH_BYTES = 32 * 1024 * 1024;

/**
 * Copies an in-memory cache snapshot (with its changes file) into `cache`, then renames both
 * files to `*.imported`; does nothing without a snapshot. A start killed midway imports again
 * at the next: every write sets a whole key, so a repeat ends the same.
 */
export async function importMemorySnapshot(cache: Cache, snapshotFile: string, log: Logger): Promise<number> {
  removeAbandonedSnapshotWrites(snapshotFile);
  if (!existsSync(snapshotFile)) return 0;
  const begun = performance.now();
  const { entries, snapshotBytes } = readSnapshot(snapshotFile);
  let batch: Array<[string, Buffer]> = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length > 0) await cache.setMany(batch);
    batch = [];
    batchBytes = 0;
  };
  for (const [key, entry] of entries) {
    if (entry.kind === 'string' && entry.expiresAt === undefined) {
      batch.push([key, entry.value]);
      batchBytes += entry.value.length;
      if (batchBytes >= IMPORT_BATCH_BYTES) await flush();
    } else {
      await importEntry(cache, key, entry);
    }
  }
  await flush();
  await cache.persist();
  for (const file of [snapshotFile, changesFileOf(snapshotFile)]) {
    if (existsSync(file)) await rename(file, `${file}.imported`);
  }
  log.info(
    { keys: entries.size, snapshotBytes, seconds: Math.round(performance.now() - begun) / 1000 },
    `cache: imported ${entries.size} keys from ${path.basename(snapshotFile)} (${(snapshotBytes / 1e6).toFixed(1)} MB) into ${cache.target}`,
  );
  return entries.size;
}

/** One hash, or one key with an expiry: written, then given the time it had left (at least a second). */
async function importEntry(cache: Cache, key: string, entry: MemoryEntry): Promise<void> {
  if (entry.kind === 'string') await cache.set(key, entry.value);
  else {
    await cache.del(key);
    await cache.hset(key, Object.fromEntries(entry.fields));
  }
  if (entry.expiresAt !== undefined) await cache.expire(key, Math.max(1, Math.ceil((entry.expiresAt - Date.now()) / 1000)));
}
