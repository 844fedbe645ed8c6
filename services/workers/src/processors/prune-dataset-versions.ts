/**
 * Deletes cache keys of dataset versions older than the live one and the one before it. The
 * previous version is kept so a reader that fetched the old pointer a moment before a switch
 * still finds its keys.
 */
import type { Cache, Processor } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetVersionOfKey, datasetVersionPrefix } from '@ust/read-model';

export interface PruneResult {
  currentVersion: number | null;
  deletedVersions: number[];
  deletedKeys: number;
}

export function pruneDatasetVersions(cache: Cache): Processor<unknown, PruneResult> {
  return async () => {
    const pointer = await cache.get(DATASET_POINTER_KEY);
    const current = pointer === null ? null : Number(pointer);
    if (current === null || !Number.isInteger(current)) return { currentVersion: null, deletedVersions: [], deletedKeys: 0 };
    const versions = new Set<number>();
    for (const key of await cache.keys('v')) {
      const version = datasetVersionOfKey(key);
      if (version !== undefined && version < current - 1) versions.add(version);
    }
    let deletedKeys = 0;
    for (const version of versions) deletedKeys += await cache.deleteByPrefix(datasetVersionPrefix(version));
    return { currentVersion: current, deletedVersions: [...versions].sort((a, b) => a - b), deletedKeys };
  };
}
