import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.js';
import { BoxTiles } from './box-tiles.js';
import { cellsWithinRadius } from './cover-radius.js';
import { closestItem, nearestItems, ProximityScratch } from './nearest-items.js';
import { itemsDigest, packedItemCount, packItems, readPackedItem } from './packed-cell.js';
import { cellOfGroup, decodeSearchTile, groupIntoTiles, itemsDigestOfGroup, packSearchTile, type ItemsDigestOf, type SearchTile } from './search-tile.js';
import { packTileDirectory, TileDirectory } from './tile-directory.js';

/** The point `miles` from (lat, lon) on `bearing` degrees (great circle). */
function destination(lat: number, lon: number, bearing: number, miles: number): [number, number] {
  const toRad = Math.PI / 180;
  const angular = miles / EARTH_RADIUS_MILES;
  const φ1 = lat * toRad;
  const λ1 = lon * toRad;
  const θ = bearing * toRad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(angular) * Math.cos(φ1), Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2));
  return [φ2 / toRad, ((λ2 / toRad + 540) % 360) - 180];
}

describe('cellsWithinRadius', () => {
  // Alaska, Hawaii, Maine, Florida Keys, Los Angeles, and a pentagon-free spot near the pole.
  const queries: Array<[number, number]> = [
    [64.84, -147.72],
    [21.31, -157.86],
    [44.8, -68.77],
    [24.55, -81.78],
    [34.05, -118.24],
    [71.29, -156.79],
  ];

  it('covers every point up to 10 miles away, on the rim included', () => {
    for (const [lat, lon] of queries) {
      const disk = new Set(cellsWithinRadius(lat, lon, 10, 7).cells);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        for (const miles of [0.1, 5, 9.99, 10]) {
          const [pLat, pLon] = destination(lat, lon, bearing, miles);
          expect(haversineMiles(lat, lon, pLat, pLon)).toBeCloseTo(miles, 6);
          expect(disk.has(latLngToCell(pLat, pLon, 7))).toBe(true);
        }
      }
    }
  });

  it('chooses more rings where cells are smaller', () => {
    const equator = cellsWithinRadius(0.5, -80, 10, 7).k;
    const arctic = cellsWithinRadius(71.29, -156.79, 10, 7).k;
    expect(equator).toBeGreaterThanOrEqual(10);
    expect(arctic).not.toBe(0);
  });
});

describe('packed items', () => {
  it('round-trip their JSON, unicode included', () => {
    const items = [{ id: 'a' }, { id: 'é "quoted" 🛢' }, { id: 'c', n: 1 }];
    const blob = packItems(items.map((item) => JSON.stringify(item)));
    expect(packedItemCount(blob)).toBe(3);
    expect(items.map((_, index) => readPackedItem(blob, index))).toEqual(items);
    expect(packedItemCount(packItems([]))).toBe(0);
  });

  it('pack the same blob from JSON text as from its UTF-8 bytes', () => {
    const texts = ['{"id":"a"}', '{"id":"é \\"quoted\\" 🛢"}', '{"id":"c","n":1}'];
    const blob = packItems(texts);
    expect(packItems(texts.map((text) => Buffer.from(text)))).toEqual(blob);
    expect(packItems([texts[0]!, Buffer.from(texts[1]!), texts[2]!])).toEqual(blob);
    expect(readPackedItem(blob, 1)).toEqual({ id: 'é "quoted" 🛢' });
  });
});

interface Site {
  id: string;
  latitude: number;
  longitude: number;
}

/** Tiles as the workers build them (search-indexes.ts), decoded as the gateway reads them. */
function buildTiles(facilities: Site[], releases: Site[] = [], copy = false) {
  const fac = groupIntoTiles(facilities);
  const rel = groupIntoTiles(releases);
  const keys = [...new Set([...fac.tiles.keys(), ...rel.tiles.keys()])];
  const digestOf: ItemsDigestOf = (kind, cell) =>
    itemsDigest(packItems((kind === 'facilities' ? fac : rel).cells.get(cell)!.map((site) => JSON.stringify(site))));
  const blobs = keys.map((key) => packSearchTile(fac.tiles.get(key) ?? [], rel.tiles.get(key) ?? [], digestOf));
  // An unaligned copy: decoding must copy instead of viewing.
  const tiles: SearchTile[] = blobs.map((blob) => decodeSearchTile(copy ? Buffer.concat([Buffer.alloc(3), blob]).subarray(3) : blob));
  const directory = new TileDirectory(packTileDirectory(keys.map((cell, index) => ({ cell, blob: blobs[index]! }))));
  /** The tiles a search reads: those the directory finds within reach. */
  const near = (latitude: number, longitude: number, radius = 10) => directory.near(latitude, longitude, radius, []).map((index) => tiles[index]!);
  /** The site an index result names: its group's cell, then the index in that cell's items. */
  const siteOf = (found: { tile: number; group: number; index: number }, kind: 'facilities' | 'releases') => {
    const tile = tiles[found.tile]!;
    const cell = cellOfGroup(tile, found.group);
    expect(found.group < tile.facilityGroups).toBe(kind === 'facilities');
    return (kind === 'facilities' ? fac : rel).cells.get(cell)![found.index]!;
  };
  return { tiles, siteOf, directory, near, keys, digestOf };
}

/** What a scan of every site answers. */
function scan(sites: Site[], latitude: number, longitude: number, radius = 10) {
  return sites
    .map((site) => ({ id: site.id, miles: haversineMiles(latitude, longitude, site.latitude, site.longitude) }))
    .filter((site) => site.miles <= radius)
    .sort((a, b) => a.miles - b.miles);
}

/** A deterministic random number generator. */
function randomFrom(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('search tiles', () => {
  // One searcher's working memory, shared by its searches as a search index shares its own.
  const scratch = new ProximityScratch();

  it('round-trip groups, circles and coordinates, as a view or, unaligned, as a copy', () => {
    const sites: Site[] = [
      { id: 'near', latitude: 38.91, longitude: -77.0 },
      { id: 'mid', latitude: 38.95, longitude: -77.0 },
      { id: 'far', latitude: 39.2, longitude: -77.0 },
      { id: 'west', latitude: 38.9, longitude: -77.05 },
    ];
    for (const copy of [false, true]) {
      const { tiles, siteOf, digestOf } = buildTiles(sites, [{ id: 'leak', latitude: 38.9001, longitude: -77.0001 }], copy);
      const items = tiles.reduce((sum, tile) => sum + tile.coordinates.length / 2, 0);
      expect(items).toBe(5);
      for (const tile of tiles) {
        for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) {
          const [lat, lon, radius, first, count] = tile.groups.subarray(group * 6, group * 6 + 5);
          for (let item = first!; item < first! + count!; item++) {
            expect(haversineMiles(lat!, lon!, tile.coordinates[item * 2]!, tile.coordinates[item * 2 + 1]!)).toBeLessThanOrEqual(radius!);
            expect(latLngToCell(tile.coordinates[item * 2]!, tile.coordinates[item * 2 + 1]!, 7)).toBe(cellOfGroup(tile, group));
          }
          // Each group names its cell's items blob by the blob's digest.
          const kind = group < tile.facilityGroups ? 'facilities' : 'releases';
          expect(itemsDigestOfGroup(tile, group)).toBe(digestOf(kind, cellOfGroup(tile, group)));
          expect(itemsDigestOfGroup(tile, group)).toMatch(/^[0-9a-f]{16}$/);
        }
      }
      const result = nearestItems(scratch, tiles, 'facilities', 38.9, -77.0, 10, 2);
      expect(result.total).toBe(3);
      expect(result.nearest.map((found) => siteOf(found, 'facilities').id)).toEqual(['near', 'west']);
      expect(result.nearest[0]!.distanceMiles).toBeCloseTo(0.691, 3);
      const leak = closestItem(scratch, tiles, 'releases', 38.9, -77.0, 10)!;
      expect(siteOf(leak, 'releases').id).toBe('leak');
    }
  });

  it('answer what a brute-force scan answers: dense and sparse, on the rim, across the antimeridian, near the pole', () => {
    const random = randomFrom(7);
    // Query points: a dense city, a rural county, the Aleutians across 180°, Utqiaġvik, far north.
    const places: Array<[number, number, number]> = [
      [34.05, -118.24, 3_000],
      [44.8, -68.77, 60],
      [51.9, 179.95, 300],
      [71.29, -156.79, 300],
      [80.5, 20.0, 300],
      [-33.9, 151.2, 800],
    ];
    for (const [lat, lon, count] of places) {
      const queries = Array.from({ length: 25 }, () => destination(lat, lon, random() * 360, random() * 3));
      const sites: Site[] = [];
      // Most within 14 miles of the place, the rest on the 10-mile rim of a query (where the
      // haversine must decide: a hair inside, a hair outside) and ties (two sites at one place).
      for (let index = 0; index < count; index++) {
        const [pLat, pLon] = destination(lat, lon, random() * 360, random() * 14);
        sites.push({ id: `s${index}`, latitude: pLat, longitude: pLon });
      }
      queries.forEach(([qLat, qLon], query) => {
        for (let index = 0; index < 8; index++) {
          const [pLat, pLon] = destination(qLat, qLon, random() * 360, 10 + (index % 2 ? 1 : -1) * random() * 10 ** -(3 + (index % 5)));
          sites.push({ id: `rim${query}-${index}`, latitude: pLat, longitude: pLon });
        }
      });
      sites.push({ ...sites[5]!, id: 'twin' });
      const releases = sites.filter((_, index) => index % 7 === 3).map((site) => ({ ...site, id: `r-${site.id}` }));
      const { tiles: allTiles, siteOf, near } = buildTiles(sites, releases);
      for (const [qLat, qLon] of queries) {
        // The tiles the directory finds, as the gateway searches (and the tiles an item within reach lies in are among them).
        const tiles = near(qLat, qLon);
        const siteOfFound = (item: { tile: number; group: number; index: number }, kind: 'facilities' | 'releases') =>
          siteOf({ ...item, tile: allTiles.indexOf(tiles[item.tile]!) }, kind);
        for (const limit of [0, 1, 25]) {
          const found = nearestItems(scratch, tiles, 'facilities', qLat, qLon, 10, limit);
          const expected = scan(sites, qLat, qLon);
          expect(found.total).toBe(expected.length);
          expect(found.nearest.map((item) => item.distanceMiles)).toEqual(expected.slice(0, limit).map((site) => site.miles));
          expect(
            found.nearest.map((item) => haversineMiles(qLat, qLon, siteOfFound(item, 'facilities').latitude, siteOfFound(item, 'facilities').longitude)),
          ).toEqual(found.nearest.map((item) => item.distanceMiles));
        }
        const closest = closestItem(scratch, tiles, 'releases', qLat, qLon, 10);
        expect(closest?.distanceMiles ?? null).toBe(scan(releases, qLat, qLon)[0]?.miles ?? null);
        // A small radius: often nothing.
        expect(closestItem(scratch, near(qLat, qLon, 0.5), 'releases', qLat, qLon, 0.5)?.distanceMiles ?? null).toBe(
          scan(releases, qLat, qLon, 0.5)[0]?.miles ?? null,
        );
      }
    }
  });

  it('finds every tile with an item within reach in its directory, across the antimeridian and at the pole', () => {
    const random = randomFrom(11);
    for (const [lat, lon] of [
      [40.7, -74.0],
      [51.9, 179.95],
      [51.9, -179.95],
      [89.9, 0],
      [-45, 170],
    ] as const) {
      const sites: Site[] = Array.from({ length: 400 }, (_, index) => {
        const [pLat, pLon] = destination(lat, lon, random() * 360, random() * 40);
        return { id: `s${index}`, latitude: pLat, longitude: pLon };
      });
      const { tiles, near } = buildTiles(sites.slice(0, 300), sites.slice(300));
      // Circles stay small on the antimeridian too (longitudes averaged as seen from one side).
      for (const tile of tiles)
        for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) expect(tile.groups[group * 6 + 2]).toBeLessThan(5);
      for (const tile of tiles) expect(Math.max(tile.circles[2]!, tile.circles[5]!)).toBeLessThan(lat > 89 ? 40 : 10);
      for (let query = 0; query < 40; query++) {
        const [qLat, qLon] = destination(lat, lon, random() * 360, random() * 30);
        for (const radius of [1, 10, 25]) {
          const found = new Set(near(qLat, qLon, radius));
          // Every tile holding a facility or release within the radius.
          for (const tile of tiles) {
            let within = false;
            for (let item = 0; item < tile.coordinates.length / 2; item++) {
              if (haversineMiles(qLat, qLon, tile.coordinates[item * 2]!, tile.coordinates[item * 2 + 1]!) <= radius) within = true;
            }
            if (within) expect(found.has(tile)).toBe(true);
          }
        }
      }
    }
  });

  it('list by box every tile with an item within 10 miles of any point of the box, listed ahead or at the first search alike', () => {
    const random = randomFrom(13);
    for (const [lat, lon] of [
      [40.7, -74.0],
      [51.9, 179.97],
      [51.9, -179.97],
      [89.97, 0],
      [-45, 170],
      [0.01, -0.01],
    ] as const) {
      const sites: Site[] = Array.from({ length: 400 }, (_, index) => {
        const [pLat, pLon] = destination(lat, lon, random() * 360, random() * 40);
        return { id: `s${index}`, latitude: pLat, longitude: pLon };
      });
      const { tiles, directory } = buildTiles(sites.slice(0, 300), sites.slice(300));
      const ahead = new BoxTiles(directory, 10);
      const blocks = [...ahead.listAhead()].length;
      expect(blocks).toBeGreaterThan(0);
      const listedAhead = ahead.stats().boxes;
      expect(listedAhead).toBe(blocks * 100);
      const atFirstSearch = new BoxTiles(directory, 10);
      // Query points around the sites, and the edges of the grid: the pole, the antimeridian from both sides.
      const queries = Array.from({ length: 60 }, () => destination(lat, lon, random() * 360, random() * 45));
      queries.push([90, lon], [lat, 180], [lat, -180], [-90, lon]);
      for (const [qLat, qLon] of queries) {
        const found = ahead.near(qLat, qLon, []);
        expect(atFirstSearch.near(qLat, qLon, [])).toEqual(found);
        expect(new Set(found).size).toBe(found.length);
        const listed = new Set(found);
        tiles.forEach((tile, index) => {
          for (let item = 0; item < tile.coordinates.length / 2; item++) {
            if (haversineMiles(qLat, qLon, tile.coordinates[item * 2]!, tile.coordinates[item * 2 + 1]!) <= 10) expect(listed.has(index)).toBe(true);
          }
        });
      }
      // Points within reach of a tile fall in boxes listed ahead.
      const nearSites = sites.slice(0, 40).map((site) => ahead.near(site.latitude, site.longitude, []));
      expect(nearSites.every((list) => list.length > 0)).toBe(true);
      expect(ahead.stats().boxes).toBeGreaterThanOrEqual(listedAhead);
    }
  });

  it('stores the lists worked out ahead as bytes that answer every box alike, for that directory and radius only', () => {
    const random = randomFrom(29);
    for (const [lat, lon] of [
      [40.7, -74.0],
      [51.9, 179.97],
    ] as const) {
      const sites: Site[] = Array.from({ length: 400 }, (_, index) => {
        const [pLat, pLon] = destination(lat, lon, random() * 360, random() * 40);
        return { id: `s${index}`, latitude: pLat, longitude: pLon };
      });
      const { directory } = buildTiles(sites.slice(0, 300), sites.slice(300));
      const ahead = new BoxTiles(directory, 10);
      expect(() => ahead.toBytes()).toThrow('listAhead');
      for (const _block of ahead.listAhead());
      const bytes = ahead.toBytes();
      // From bytes that do not start at an aligned offset of their buffer, as a cache may hand them out.
      const unaligned = Buffer.concat([Buffer.from([7]), bytes]).subarray(1);
      const stored = BoxTiles.fromBytes(directory, 10, unaligned)!;
      expect(stored.complete).toBe(true);
      expect([...stored.listAhead()]).toEqual([]);
      expect(stored.stats()).toEqual(ahead.stats());
      expect(stored.toBytes().equals(bytes)).toBe(true);
      const queries = Array.from({ length: 200 }, () => destination(lat, lon, random() * 360, random() * 60));
      queries.push([90, lon], [lat, 180], [lat, -180], [-90, lon]);
      // Far points too: a box no block listed ahead gets its list at its first search, as before.
      for (const [qLat, qLon] of queries) expect(stored.near(qLat, qLon, [])).toEqual(ahead.near(qLat, qLon, []));
      expect(BoxTiles.fromBytes(directory, 5, bytes)).toBeNull();
      const other = buildTiles(sites.slice(0, 150), []).directory;
      expect(BoxTiles.fromBytes(other, 10, bytes)).toBeNull();
      expect(() => BoxTiles.fromBytes(directory, 10, Buffer.concat([bytes, Buffer.alloc(4)]))).toThrow('not the');
    }
  });
});
