/**
 * Deletes cache keys of dataset versions older than the live one and the one before it, then the
 * search items blobs that no version kept names (search-items-garbage.ts). The previous version
 * is kept so a reader that fetched the old pointer a moment before a switch still finds its keys.
 *
 * Versions are handed out in order and every prune deletes all of them below the one before the
 * live one, so it records that bound (PRUNED_BELOW_KEY) and the next prune deletes by prefix only
 * the versions from there: one or two, not a listing of every key of the cache (millions at
 * national scale, seconds of CPU). A cache without the bound (written before it existed) is listed
 * once.
 */
import type { Cache, Processor } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetVersionOfKey, datasetVersionPrefix, PRUNED_BELOW_KEY } from '@ust/read-model';
import { deleteUnnamedSearchItems } from '../dataset/search-items-garbage.js';

export interface PruneResult {
  currentVersion: number | null;
  deletedVersions: number[];
  deletedKeys: number;
  /** Search items blobs no kept version names any more (stored by digest, outside the versions). */
  deletedSearchItems: number;
}

export function pruneDatasetVersions(cache: Cache): Processor<unknown, PruneResult> {
  return async () => pruneOldVersions(cache);
}

/** Deletes every version below the one before the live one (the prune job's work, on whichever thread runs it). */
export async function pruneOldVersions(cache: Cache): Promise<PruneResult> {
  const pointer = await cache.get(DATASET_POINTER_KEY);
  const current = pointer === null ? null : Number(pointer);
  if (current === null || !Number.isInteger(current)) return { currentVersion: null, deletedVersions: [], deletedKeys: 0, deletedSearchItems: 0 };
  const keepFrom = current - 1;
  const deletedVersions: number[] = [];
  let deletedKeys = 0;
  for (const version of await versionsToCheck(cache, keepFrom)) {
    const deleted = await cache.deleteByPrefix(datasetVersionPrefix(version));
    if (deleted > 0) deletedVersions.push(version);
    deletedKeys += deleted;
  }
  const prunedBelow = Number(await cache.get(PRUNED_BELOW_KEY));
  if (!(prunedBelow >= keepFrom)) await cache.set(PRUNED_BELOW_KEY, String(keepFrom));
  const deletedSearchItems = await deleteUnnamedSearchItems(cache, keepFrom);
  return { currentVersion: current, deletedVersions, deletedKeys, deletedSearchItems };
}

/** The versions below `keepFrom` that may still have keys, oldest first. */
async function versionsToCheck(cache: Cache, keepFrom: number): Promise<number[]> {
  const recorded = await cache.get(PRUNED_BELOW_KEY);
  const prunedBelow = recorded === null ? NaN : Number(recorded);
  if (Number.isInteger(prunedBelow) && prunedBelow >= 1) {
    const versions: number[] = [];
    for (let version = prunedBelow; version < keepFrom; version++) versions.push(version);
    return versions;
  }
  const versions = new Set<number>();
  for (const key of await cache.keys('v')) {
    const version = datasetVersionOfKey(key);
    if (version !== undefined && version < keepFrom) versions.add(version);
  }
  return [...versions].sort((a, b) => a - b);
}
