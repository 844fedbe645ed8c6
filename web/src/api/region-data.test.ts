import { describe, expect, it, vi } from 'vitest';
import type { RegionProperties } from '@ust/schemas';
import { loadRegionFigures, REGION_DATA_CACHE_MS, regionCacheKey, regionDataPath, type RegionFiguresDocument } from './region-data';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const document: RegionFiguresDocument = {
  type: 'FeatureCollection',
  metadata: {
    dataset_version: 3,
    generated_at: '2026-11-21T10:00:00.000Z',
    level: 'counties',
    feature_count: 1,
    sources: { real_facilities: 1, generated_facilities: 0, real_releases: 0, generated_releases: 0 },
  },
  features: [
    { type: 'Feature', id: '10005', geometry: null, properties: { GEO_ID: '0500000US10005', COUNTY: 'Sussex', total_facilities: 767 } as RegionProperties },
  ],
};

function setup(start = 1_000_000) {
  const storage = new MemoryStorage();
  const api = { get: vi.fn(async () => structuredClone(document) as never) };
  const logger = { warn: vi.fn() };
  let now = start;
  const deps = { api, storage, logger, now: () => now };
  return { storage, api, logger, deps, advance: (ms: number) => (now += ms) };
}

describe('region figures cache', () => {
  it('asks for the figures without geometry', () => {
    expect(regionDataPath('states')).toBe('/geojson-cached/states?filter_type=base&min_facility_count=1&geometry=none');
  });

  it('serves a stored copy for 5 minutes per level, then fetches again', async () => {
    const { api, deps, advance } = setup();
    const first = await loadRegionFigures('counties', deps);
    expect(first.byFips.get('10005')?.total_facilities).toBe(767);
    advance(REGION_DATA_CACHE_MS - 1);
    await loadRegionFigures('counties', deps);
    expect(api.get).toHaveBeenCalledTimes(1);
    advance(1);
    await loadRegionFigures('counties', deps);
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  it('drops, logs and refetches a stored copy it cannot read', async () => {
    const { storage, api, logger, deps } = setup();
    storage.setItem(regionCacheKey('counties'), '{"value": {"type": "Feat');
    const figures = await loadRegionFigures('counties', deps);
    expect(figures.byFips.size).toBe(1);
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith('MAP', 'Cached map data could not be read; fetching it again', { level: 'counties' });
    expect(JSON.parse(storage.getItem(regionCacheKey('counties'))!).value.metadata.dataset_version).toBe(3);
  });

  it('treats a readable copy of the wrong shape as unreadable', async () => {
    const { storage, api, logger, deps } = setup();
    storage.setItem(regionCacheKey('counties'), JSON.stringify({ value: { type: 'FeatureCollection', features: 'nope' }, storedAt: 1_000_000 }));
    await loadRegionFigures('counties', deps);
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('does not complain about an expired copy', async () => {
    const { api, logger, deps, advance } = setup();
    await loadRegionFigures('counties', deps);
    advance(REGION_DATA_CACHE_MS + 1);
    await loadRegionFigures('counties', deps);
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('refuses an answer that is not the level’s region document', async () => {
    const { api, deps } = setup();
    api.get.mockResolvedValueOnce({ type: 'FeatureCollection', metadata: { level: 'states' }, features: [] } as never);
    await expect(loadRegionFigures('counties', deps)).rejects.toThrow('The counties figures are not a region document');
  });
});
