import { describe, expect, it, vi } from 'vitest';
import { createMemoryCache, type Cache, type Job } from '@ust/platform';
import { groupIntoTiles, itemsDigest, packItems, packSearchTile, SEARCH_CELL_RESOLUTION, SEARCH_TILE_RESOLUTION } from '@ust/domain';
import { DATASET_POINTER_KEY, PRUNED_BELOW_KEY, SEARCH_ITEMS_PREFIX, searchKeys } from '@ust/read-model';
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

    expect(await prune(cache, 5)).toEqual({ currentVersion: 5, deletedVersions: [1, 2, 3], deletedKeys: 6, deletedSearchItems: 0 });
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

    expect(await prune(cache, 7)).toEqual({ currentVersion: 7, deletedVersions: [4, 5], deletedKeys: 4, deletedSearchItems: 0 });
    // Only the search items are listed (there are none): never every key of the versions.
    expect(listing.mock.calls).toEqual([[SEARCH_ITEMS_PREFIX]]);
    expect(deleting.mock.calls).toEqual([['v4:'], ['v5:']]);
    expect(await cache.get(PRUNED_BELOW_KEY)).toBe('6');

    // Nothing new went live: nothing to check, and the bound stays.
    deleting.mockClear();
    expect(await prune(cache, 7)).toEqual({ currentVersion: 7, deletedVersions: [], deletedKeys: 0, deletedSearchItems: 0 });
    expect(deleting).not.toHaveBeenCalled();
    expect(await cache.keys('v')).toEqual(['v6:meta', 'v6:stats', 'v7:meta', 'v7:stats']);
  });

  it('leaves everything when no version is live', async () => {
    const cache = createMemoryCache();
    await writeVersions(cache, [1, 2, 3]);
    expect(await pruneDatasetVersions(cache)(job)).toEqual({ currentVersion: null, deletedVersions: [], deletedKeys: 0, deletedSearchItems: 0 });
    expect(await cache.keys('v')).toHaveLength(6);
  });

  it('deletes the search items blobs that no kept version names, those of a version being built kept', async () => {
    const cache = createMemoryCache();
    /** Writes the tile and the items blob of one facility at Dover with `name` in `version`; answers the blob's key. */
    const writeSearchIndex = async (version: number, name: string): Promise<string> => {
      const grouped = groupIntoTiles([{ latitude: 39.158, longitude: -75.524, json: JSON.stringify({ name }) }]);
      const [cell, items] = [...grouped.cells][0]!;
      const blob = packItems(items.map((item) => item.json));
      const key = searchKeys.facilityItems(SEARCH_CELL_RESOLUTION, cell, itemsDigest(blob));
      const [tile, groups] = [...grouped.tiles][0]!;
      await cache.setMany([
        [key, blob],
        [searchKeys.tile(version, SEARCH_TILE_RESOLUTION, tile), packSearchTile(groups, [], () => itemsDigest(blob))],
      ]);
      return key;
    };
    const onlyPruned = await writeSearchIndex(3, 'pruned with v3');
    const shared = await writeSearchIndex(4, 'unchanged since v4');
    await writeSearchIndex(5, 'unchanged since v4');
    const building = await writeSearchIndex(6, 'in v6, still being built');
    // A tile of an older format names no blob by digest; its version's own blobs go with its keys.
    await cache.set(searchKeys.tile(5, SEARCH_TILE_RESOLUTION, 'old'), Buffer.alloc(64));
    const stray = `${SEARCH_ITEMS_PREFIX}fac:7:872a10000ffffff:0123456789abcdef`;
    await cache.set(stray, packItems([]));
    await cache.set('dataset:next-version', '6');

    const result = await prune(cache, 5);
    expect(result).toMatchObject({ currentVersion: 5, deletedVersions: [3], deletedSearchItems: 2 });
    expect(await cache.keys(SEARCH_ITEMS_PREFIX)).toEqual([building, shared].sort());
    expect(await cache.get(onlyPruned)).toBeNull();
    expect(await cache.get(stray)).toBeNull();
  });
});
