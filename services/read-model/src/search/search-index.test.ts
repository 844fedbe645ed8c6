import { describe, expect, it } from 'vitest';
import {
  BoxTiles,
  groupIntoTiles,
  haversineMiles,
  itemsDigest,
  packItems,
  packSearchTile,
  packTileDirectory,
  SEARCH_CELL_RESOLUTION,
  SEARCH_RADIUS_MILES,
  SEARCH_TILE_RESOLUTION,
  TileDirectory,
  type DirectoryTile,
} from '@ust/domain';
import { createMemoryCache, type Cache } from '@ust/platform';
import { searchKeys } from '../keys.js';
import { foundItemJson } from './found-items.js';
import { SearchIndex } from './search-index.js';

interface Site {
  id: string;
  latitude: number;
  longitude: number;
  /** Placed at a ZIP centroid or town centre: its JSON ends with `"approximate":true`, as the workers write it. */
  approximate?: boolean;
}

/** Around Dover, DE: three facilities within 10 miles, one beyond, and two releases. */
const query = { latitude: 39.158, longitude: -75.524 };
const facilities: Site[] = [
  { id: 'near', latitude: 39.16, longitude: -75.52 },
  { id: 'middle', latitude: 39.2, longitude: -75.6 },
  { id: 'outer', latitude: 39.22, longitude: -75.66 },
  { id: 'far', latitude: 39.6, longitude: -75.7 },
];
const releases: Site[] = [
  { id: 'leak', latitude: 39.17, longitude: -75.55 },
  { id: 'old-leak', latitude: 39.3, longitude: -75.6 },
];

/** Writes the search indexes of `version` as the rebuild does: items per cell, tiles, then the directory. */
async function writeIndex(cache: Cache, version: number, sites = { facilities, releases }, withBoxLists = false): Promise<void> {
  const located = (list: Site[]) =>
    list.map((site) => ({ ...site, json: JSON.stringify(site.approximate === undefined ? { id: site.id } : { id: site.id, approximate: site.approximate }) }));
  const facilityGroups = groupIntoTiles(located(sites.facilities));
  const releaseGroups = groupIntoTiles(located(sites.releases));
  const entries: Array<[string, Buffer]> = [];
  const digests = { facilities: new Map<string, string>(), releases: new Map<string, string>() };
  for (const [cell, items] of facilityGroups.cells) {
    const blob = packItems(items.map((item) => item.json));
    digests.facilities.set(cell, itemsDigest(blob));
    entries.push([searchKeys.facilityItems(SEARCH_CELL_RESOLUTION, cell, itemsDigest(blob)), blob]);
  }
  for (const [cell, items] of releaseGroups.cells) {
    const blob = packItems(items.map((item) => item.json));
    digests.releases.set(cell, itemsDigest(blob));
    entries.push([searchKeys.releaseItems(SEARCH_CELL_RESOLUTION, cell, itemsDigest(blob)), blob]);
  }
  const directory: DirectoryTile[] = [];
  for (const cell of new Set([...facilityGroups.tiles.keys(), ...releaseGroups.tiles.keys()])) {
    const blob = packSearchTile(facilityGroups.tiles.get(cell) ?? [], releaseGroups.tiles.get(cell) ?? [], (kind, of) => digests[kind].get(of)!);
    directory.push({ cell, blob });
    entries.push([searchKeys.tile(version, SEARCH_TILE_RESOLUTION, cell), blob]);
  }
  const directoryBlob = packTileDirectory(directory);
  if (withBoxLists) {
    const boxes = new BoxTiles(new TileDirectory(directoryBlob), SEARCH_RADIUS_MILES);
    for (const _block of boxes.listAhead());
    entries.push([searchKeys.boxLists(version, SEARCH_TILE_RESOLUTION), boxes.toBytes()]);
  }
  entries.push([searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION), directoryBlob]);
  await cache.setMany(entries);
}

/** A view of `cache` that notes the keys read and says whether its reads share the stored bytes. */
function notingCache(cache: Cache, sharesStoredBytes: boolean): { cache: Cache; read: string[] } {
  const read: string[] = [];
  const noting = Object.create(cache, { sharesStoredBytes: { value: sharesStoredBytes } }) as Cache;
  noting.getBuffer = async (key) => (read.push(key), cache.getBuffer(key));
  noting.getBuffers = async (keys) => (read.push(...keys), cache.getBuffers(keys));
  return { cache: noting, read };
}

const milesTo = (site: Site) => haversineMiles(query.latitude, query.longitude, site.latitude, site.longitude);

describe('SearchIndex', () => {
  it('finds the closest facilities within 10 miles, how many there are, and the closest release, as the items are stored', async () => {
    const cache = createMemoryCache();
    await writeIndex(cache, 1);
    const found = await new SearchIndex(cache).search(1, query.latitude, query.longitude);
    const within = facilities.filter((site) => milesTo(site) <= 10).sort((a, b) => milesTo(a) - milesTo(b));
    expect(within.map((site) => site.id)).toEqual(['near', 'middle', 'outer']);
    expect(found.total_found).toBe(3);
    expect(found.facilities.map((item) => JSON.parse(foundItemJson(item)))).toEqual(
      within.map((site) => ({ id: site.id, distance_miles: Math.round(milesTo(site) * 100) / 100 })),
    );
    expect(found.facilities.map((item) => item.distanceMiles)).toEqual(within.map(milesTo));
    expect(JSON.parse(foundItemJson(found.closest_release!))).toEqual({ id: 'leak', distance_miles: Math.round(milesTo(releases[0]!) * 100) / 100 });
  });

  it('keeps what it read for its own searches: a second search of a place reads nothing, another index reads again', async () => {
    const cache = createMemoryCache();
    await writeIndex(cache, 1);
    const { cache: noting, read } = notingCache(cache, false);
    const index = new SearchIndex(noting);
    await index.search(1, query.latitude, query.longitude);
    expect(read.length).toBeGreaterThan(0);
    read.length = 0;
    await index.search(1, query.latitude, query.longitude);
    expect(read).toEqual([]);
    await new SearchIndex(noting).search(1, query.latitude, query.longitude);
    expect(read).toContain(searchKeys.tileDirectory(1, SEARCH_TILE_RESOLUTION));
  });

  it('keeps every items blob ahead only from a cache that shares its stored bytes', async () => {
    const cache = createMemoryCache();
    await writeIndex(cache, 1);
    for (const sharesStoredBytes of [true, false]) {
      const { cache: noting, read } = notingCache(cache, sharesStoredBytes);
      const index = new SearchIndex(noting);
      const kept = await index.keepAllTiles(1)!;
      expect(kept.itemGroups > 0).toBe(sharesStoredBytes);
      expect(index.keepAllTiles(1)).toBeNull();
      read.length = 0;
      await index.search(1, query.latitude, query.longitude);
      expect(read.length === 0).toBe(sharesStoredBytes);
    }
  });

  it('takes the box lists a rebuild stored beside the directory, and answers as when it lists them itself', async () => {
    const cache = createMemoryCache();
    await writeIndex(cache, 1);
    await writeIndex(cache, 2, { facilities, releases }, true);
    const { cache: noting, read } = notingCache(cache, true);
    const index = new SearchIndex(noting);
    const [listedHere, stored] = [await index.keepAllTiles(1)!, await index.keepAllTiles(2)!];
    expect(read).toContain(searchKeys.boxLists(2, SEARCH_TILE_RESOLUTION));
    expect(stored.boxes).toBe(listedHere.boxes);
    expect(stored.boxBytes).toBe(listedHere.boxBytes);
    for (const site of [...facilities, ...releases, query]) {
      expect(await index.search(2, site.latitude, site.longitude)).toEqual(await index.search(1, site.latitude, site.longitude));
    }
  });

  it('keeps the two versions searched last', async () => {
    const cache = createMemoryCache();
    for (const version of [1, 2, 3]) await writeIndex(cache, version);
    const { cache: noting, read } = notingCache(cache, true);
    const index = new SearchIndex(noting);
    for (const version of [1, 2, 3]) await index.search(version, query.latitude, query.longitude);
    read.length = 0;
    await index.search(3, query.latitude, query.longitude);
    await index.search(2, query.latitude, query.longitude);
    expect(read).toEqual([]);
    await index.search(1, query.latitude, query.longitude);
    expect(read).toContain(searchKeys.tileDirectory(1, SEARCH_TILE_RESOLUTION));
  });

  it('shares with the version before it every tile whose bytes did not change, and answers each version from its own', async () => {
    // Version 2 adds a facility in Salt Lake City: a tile of its own; the tiles around Dover stay as they were.
    const added: Site = { id: 'salt-lake', latitude: 40.76, longitude: -111.89 };
    const cache = createMemoryCache();
    await writeIndex(cache, 1, { facilities, releases }, true);
    await writeIndex(cache, 2, { facilities: [...facilities, added], releases }, true);
    await writeIndex(cache, 3, { facilities: [...facilities, added], releases }, true);
    const index = new SearchIndex(notingCache(cache, false).cache);
    const first = await index.keepAllTiles(1)!;
    expect(first.sharedTiles).toBe(0);
    const second = await index.keepAllTiles(2)!;
    expect(second.tiles).toBe(first.tiles + 1);
    expect(second.sharedTiles).toBe(first.tiles);
    // The same directory and tiles: everything shared.
    const third = await index.keepAllTiles(3)!;
    expect(third.sharedTiles).toBe(third.tiles);
    const nearAdded = (version: number) => index.search(version, added.latitude, added.longitude);
    expect((await nearAdded(1)).total_found).toBe(0);
    expect((await nearAdded(3)).facilities.map((item) => JSON.parse(foundItemJson(item)).id)).toEqual(['salt-lake']);
    for (const version of [1, 3]) {
      const found = await index.search(version, query.latitude, query.longitude);
      expect(found.facilities.map((item) => JSON.parse(foundItemJson(item)).id)).toEqual(['near', 'middle', 'outer']);
    }
  });

  it('flags an approximate facility and release, and states no distance under a mile from them (docs/decisions/0110-located-by.md)', async () => {
    const cache = createMemoryCache();
    // A facility placed at its ZIP's centroid a quarter mile away, an exact one 0.6 miles away,
    // and a release placed at its town's centre half a mile away.
    const zipPlaced = { id: 'zip-placed', latitude: 39.1616, longitude: -75.5259, approximate: true };
    const exact = { id: 'exact', latitude: 39.167, longitude: -75.524, approximate: false };
    const townPlaced = { id: 'town-placed', latitude: 39.165, longitude: -75.524, approximate: true };
    expect(milesTo(zipPlaced)).toBeLessThan(0.5);
    expect(milesTo(townPlaced)).toBeLessThan(1);
    await writeIndex(cache, 1, { facilities: [zipPlaced, exact], releases: [townPlaced] });
    const found = await new SearchIndex(cache).search(1, query.latitude, query.longitude);
    expect(milesTo(exact)).toBeGreaterThan(milesTo(zipPlaced));
    // In the order the distances are stated: the exact one under a mile first.
    expect(found.facilities.map((item) => JSON.parse(foundItemJson(item)))).toEqual([
      { id: 'exact', approximate: false, distance_miles: Math.round(milesTo(exact) * 100) / 100 },
      { id: 'zip-placed', approximate: true, distance_miles: 1 },
    ]);
    expect(found.facilities.map((item) => item.approximate)).toEqual([false, true]);
    expect(found.closest_release).toMatchObject({ approximate: true, distanceMiles: 1 });
    expect(JSON.parse(foundItemJson(found.closest_release!))).toEqual({ id: 'town-placed', approximate: true, distance_miles: 1 });
  });

  it('counts in a ring under a mile only the items with a point of their own', async () => {
    const cache = createMemoryCache();
    // Two facilities and a release a tenth of a mile or so away: one facility and the release placed at their ZIP.
    const nearExact = { id: 'near-exact', latitude: 39.1594, longitude: -75.524, approximate: false };
    const nearPlaced = { id: 'near-placed', latitude: 39.158, longitude: -75.5222, approximate: true };
    const placedRelease = { id: 'placed-release', latitude: 39.1566, longitude: -75.524, approximate: true };
    for (const site of [nearExact, nearPlaced, placedRelease]) expect(milesTo(site)).toBeLessThan(0.25);
    await writeIndex(cache, 1, { facilities: [nearExact, nearPlaced], releases: [placedRelease] });
    const around = await new SearchIndex(cache).surroundings(1, query.latitude, query.longitude, 1, [0.25, 1], 10);
    expect(around.rings).toEqual([
      { miles: 0.25, facilities: 1, releases: 0 },
      { miles: 1, facilities: 2, releases: 1 },
    ]);
    expect(around.facilities.map((item) => JSON.parse(foundItemJson(item)).id)).toEqual(['near-exact', 'near-placed']);
  });
});
