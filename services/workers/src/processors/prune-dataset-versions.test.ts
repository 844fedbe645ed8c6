import { describe, expect, it, vi } from 'vitest';
import { createMemoryCache, type Cache, type Job } from '@ust/platform';
import { DATASET_POINTER_KEY, PRUNED_BELOW_KEY } from '@ust/read-model';
import { pruneDatasetVersions, type PruneResult } from './prune-dataset-versions.js';

const job = { id: 'prune', name: 'prune-dataset-versions', data: {}, attemptsMade: 0, stalledCount: 0 } as unknown as Job;

async function writeVersions(cache: Cache, versions: number[]): Promise<void> {
  await cache.setMany(versions.flatMap((version) => [`v${version}:meta`, `v${version}:stats`].map((key) => [key, `of v${version}`] as [string, string])));
}

async function prune(cache: Cache, live: number): Promise<PruneResult> {
  await cache.set(DATASET_POINTER_KEY, String(live));
  return pruneDatasetVersions(cache)(job);
}

describe('pruneDatasetVersions', () => {
  it('keeps the live version and the one before, and records the bound below which nothing is left', async () => {
    const cache = createMemoryCache();
    await writeVersions(cache, [1, 2, 3, 4, 5]);
    await cache.set('dataset:next-version', '5');

    expect(await prune(cache, 5)).toEqual({ currentVersion: 5, deletedVersions: [1, 2, 3], deletedKeys: 6 });
    expect(await cache.keys('v')).toEqual(['v4:meta', 'v4:stats', 'v5:meta', 'v5:stats']);
    expect(await cache.get(PRUNED_BELOW_KEY)).toBe('4');
    expect(await cache.get('dataset:next-version')).toBe('5');
  });

  it('deletes by prefix only the versions from the recorded bound, never listing every key', async () => {
    const cache = createMemoryCache();
    await writeVersions(cache, [4, 5, 6, 7]);
    await cache.set(PRUNED_BELOW_KEY, '4');
    const listing = vi.spyOn(cache, 'keys');
    const deleting = vi.spyOn(cache, 'deleteByPrefix');

    expect(await prune(cache, 7)).toEqual({ currentVersion: 7, deletedVersions: [4, 5], deletedKeys: 4 });
    expect(listing).not.toHaveBeenCalled();
    expect(deleting.mock.calls).toEqual([['v4:'], ['v5:']]);
    expect(await cache.get(PRUNED_BELOW_KEY)).toBe('6');

    // Nothing new went live: nothing to check, and the bound stays.
    deleting.mockClear();
    expect(await prune(cache, 7)).toEqual({ currentVersion: 7, deletedVersions: [], deletedKeys: 0 });
    expect(deleting).not.toHaveBeenCalled();
    expect(await cache.keys('v')).toEqual(['v6:meta', 'v6:stats', 'v7:meta', 'v7:stats']);
  });

  it('leaves everything when no version is live', async () => {
    const cache = createMemoryCache();
    await writeVersions(cache, [1, 2, 3]);
    expect(await pruneDatasetVersions(cache)(job)).toEqual({ currentVersion: null, deletedVersions: [], deletedKeys: 0 });
    expect(await cache.keys('v')).toHaveLength(6);
  });
});
