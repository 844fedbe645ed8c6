/**
 * The order a build writes its search index in: every tile before any items blob, so the prune
 * never finds a blob whose tile is not written yet, and the tiles a server reads whole at start
 * lie together in the cache's file (docs/decisions/0114, 0127).
 */
import { cellOfGroup, decodeSearchTile, groupIntoTiles, itemsDigest, itemsDigestOfGroup, type DirectoryTile } from '@ust/domain';
import { describe, expect, it } from 'vitest';
import { packedEntries, type LocatedItem } from './search-indexes.js';

const item = (id: string, latitude: number, longitude: number): LocatedItem => ({
  state: 'DE',
  latitude,
  longitude,
  json: Buffer.from(JSON.stringify({ id, latitude, longitude })),
});

// Facilities in three tiles, some sharing a cell; releases in two of them.
const facilities = groupIntoTiles([item('f1', 39.1582, -75.5244), item('f2', 39.1583, -75.5245), item('f3', 38.7745, -75.1393), item('f4', 39.7391, -75.5398)]);
const releases = groupIntoTiles([item('r1', 39.1584, -75.5246), item('r2', 39.74, -75.54)]);

describe('packedEntries', () => {
  it('yields every tile, then the items blob of every cell the tiles name under the digest they name, each once', () => {
    const directory: DirectoryTile[] = [];
    const entries = [...packedEntries(7, facilities, releases, directory)];
    const tileEntries = entries.filter(([key]) => key.startsWith('v7:h3:tile:'));
    const blobEntries = entries.filter(([key]) => key.startsWith('h3items:'));
    expect(tileEntries.length).toBe(directory.length);
    expect(tileEntries.length).toBeGreaterThanOrEqual(3);
    expect(entries.slice(0, tileEntries.length)).toEqual(tileEntries);
    expect(blobEntries.length + tileEntries.length).toBe(entries.length);

    const named = new Set<string>();
    for (const [, blob] of tileEntries) {
      const tile = decodeSearchTile(blob);
      for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) {
        const kind = group < tile.facilityGroups ? 'fac' : 'rel';
        named.add(`h3items:${kind}:7:${cellOfGroup(tile, group)}:${itemsDigestOfGroup(tile, group)}`);
      }
    }
    expect(new Set(blobEntries.map(([key]) => key))).toEqual(named);
    expect(blobEntries.length).toBe(named.size);
    for (const [key, blob] of blobEntries) expect(key.endsWith(`:${itemsDigest(blob)}`)).toBe(true);
  });

  it('packs the cells of a wanted tile that are not wanted themselves only to name them', () => {
    const directory: DirectoryTile[] = [];
    const [firstTile] = [...facilities.tiles.keys()];
    const entries = [...packedEntries(7, facilities, releases, directory, (kind, cell) => kind === 'tile' && cell === firstTile)];
    expect(entries.map(([key]) => key)).toEqual([`v7:h3:tile:5:${firstTile}`]);
    expect(directory.map((tile) => tile.cell)).toEqual([firstTile]);
  });
});
