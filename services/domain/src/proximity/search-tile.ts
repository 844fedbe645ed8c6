/**
 * The coordinates of every facility and release in one resolution-5 H3 cell (a tile, about
 * 250 km²): a search within 10 miles reads a handful of tiles where it would read a few hundred
 * resolution-7 cells, so it looks up and keeps few keys. Inside a tile the items are grouped by
 * their resolution-7 cell, each group with its bounding circle, so a search skips a group beyond
 * the radius and counts a group wholly inside it without reading its points; a group also says
 * where its items lie in its cell's items blob (packed-cell.ts).
 *
 * Layout, little-endian; every f64 lies on a multiple of 8 bytes, so a decoded tile is a view on
 * the blob, not a copy:
 *   header, 64 bytes: u32 format | u32 facility groups | u32 release groups | u32 items
 *     | f64 × 3: the facilities' bounding circle (centre latitude, centre longitude, radius miles)
 *     | f64 × 3: the releases' bounding circle
 *   groups, facility groups then release groups, f64 × 6 each: centre latitude, centre longitude,
 *     radius miles, first item in this tile, item count, first index in the cell's items blob
 *   items, f64 × 2 each: latitude, longitude (a group's items together)
 *   cells: each group's resolution-7 H3 cell, 16 ASCII bytes (NUL-padded)
 *   digests: the digest of each group's items blob (packed-cell.ts `itemsDigest`), 16 ASCII bytes:
 *     the blob's key names it, so versions share the blob of a cell that did not change
 */
import { haversineMiles } from '../geo.js';
import { searchCellOf, searchTileOf } from './cover-radius.js';
import { ITEMS_DIGEST_LENGTH } from './packed-cell.js';

/** The layout's number, first in every tile: a reader refuses another. */
export const SEARCH_TILE_FORMAT = 2;
const HEADER_BYTES = 64;
const CELL_ID_BYTES = 16;
/** Fields of a group in `SearchTile.groups`. */
export const GROUP_FIELDS = 6;
export const GROUP_LATITUDE = 0;
export const GROUP_LONGITUDE = 1;
export const GROUP_RADIUS = 2;
export const GROUP_FIRST_ITEM = 3;
export const GROUP_COUNT = 4;
export const GROUP_FIRST_INDEX = 5;

interface Point {
  latitude: number;
  longitude: number;
}

/** Items of one resolution-7 cell that lie in the tile. */
export interface TileGroup {
  /** The resolution-7 H3 cell, whose items blob holds the items' JSON. */
  cell: string;
  /** Where the first of these items is in the cell's items blob (the rest follow it). */
  firstIndex: number;
  points: readonly Point[];
}

/** Items by key, each list in the order the items came. */
function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The items of an index grouped for packing: each resolution-7 cell's items, ordered by the tile
 * that holds them (the order of its items blob), and each tile's groups, the items of one cell
 * that lie in it (a cell on a tile's edge lies in two or three tiles).
 */
export function groupIntoTiles<T extends Point>(items: Iterable<T>): { cells: Map<string, T[]>; tiles: Map<string, TileGroup[]> } {
  const byCell = groupBy(items, (item) => searchCellOf(item.latitude, item.longitude));
  const cells = new Map<string, T[]>();
  const tiles = new Map<string, TileGroup[]>();
  for (const [cell, list] of byCell) {
    const byTile = groupBy(list, (item) => searchTileOf(item.latitude, item.longitude));
    const ordered: T[] = [];
    for (const [tile, inTile] of byTile) {
      const group: TileGroup = { cell, firstIndex: ordered.length, points: inTile };
      const groups = tiles.get(tile);
      if (groups) groups.push(group);
      else tiles.set(tile, [group]);
      for (const item of inTile) ordered.push(item);
    }
    cells.set(cell, ordered);
  }
  return { cells, tiles };
}

/** A tile blob decoded once: views on its numbers, and the cells of its groups. */
export interface SearchTile {
  facilityGroups: number;
  releaseGroups: number;
  /** The facilities' bounding circle, then the releases': latitude, longitude, radius miles. */
  circles: Float64Array;
  /** GROUP_FIELDS numbers per group: the facility groups, then the release groups. */
  groups: Float64Array;
  /** Latitude, longitude of item 0 of the tile, then of item 1, ... */
  coordinates: Float64Array;
  /** The groups' cells as stored (read with cellOfGroup, for the few groups of a result). */
  cellIds: Buffer;
  /** The digests of the groups' items blobs as stored (read with itemsDigestOfGroup). */
  itemsDigests: Buffer;
}

/** The resolution-7 cell of a group of the tile. */
export function cellOfGroup(tile: SearchTile, group: number): string {
  const at = group * CELL_ID_BYTES;
  const end = tile.cellIds.indexOf(0, at);
  return tile.cellIds.toString('latin1', at, end === -1 || end > at + CELL_ID_BYTES ? at + CELL_ID_BYTES : end);
}

/** The digest of the items blob of a group of the tile, which names the blob's key. */
export function itemsDigestOfGroup(tile: SearchTile, group: number): string {
  return tile.itemsDigests.toString('latin1', group * ITEMS_DIGEST_LENGTH, (group + 1) * ITEMS_DIGEST_LENGTH);
}

/**
 * The circle around the points' centroid that holds them all, a hair larger than the farthest,
 * so rounding can never put a point outside it.
 */
function boundingCircle(points: readonly Point[]): [number, number, number] {
  if (points.length === 0) return [0, 0, 0];
  const latitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  // Longitudes as seen from the first point, so points on both sides of the antimeridian average near it.
  const reference = points[0]!.longitude;
  const unwrapped = (longitude: number) => reference + ((((longitude - reference + 180) % 360) + 360) % 360) - 180;
  const mean = points.reduce((sum, point) => sum + unwrapped(point.longitude), 0) / points.length;
  const longitude = ((((mean + 180) % 360) + 360) % 360) - 180;
  const radius = points.reduce((max, point) => Math.max(max, haversineMiles(latitude, longitude, point.latitude, point.longitude)), 0);
  return [latitude, longitude, radius * (1 + 1e-9) + 1e-9];
}

/** The digest of the items blob of a cell's facilities or releases (packed-cell.ts `itemsDigest`). */
export type ItemsDigestOf = (kind: 'facilities' | 'releases', cell: string) => string;

export function packSearchTile(facilities: readonly TileGroup[], releases: readonly TileGroup[], digestOf: ItemsDigestOf): Buffer {
  const groups = [...facilities, ...releases];
  const items = groups.reduce((sum, group) => sum + group.points.length, 0);
  const groupsAt = HEADER_BYTES;
  const itemsAt = groupsAt + groups.length * GROUP_FIELDS * 8;
  const cellsAt = itemsAt + items * 16;
  const digestsAt = cellsAt + groups.length * CELL_ID_BYTES;
  const blob = Buffer.alloc(digestsAt + groups.length * ITEMS_DIGEST_LENGTH);
  blob.writeUInt32LE(SEARCH_TILE_FORMAT, 0);
  blob.writeUInt32LE(facilities.length, 4);
  blob.writeUInt32LE(releases.length, 8);
  blob.writeUInt32LE(items, 12);
  [...boundingCircle(facilities.flatMap((group) => group.points)), ...boundingCircle(releases.flatMap((group) => group.points))].forEach((value, index) =>
    blob.writeDoubleLE(value, 16 + index * 8),
  );
  let item = 0;
  groups.forEach((group, index) => {
    if (group.points.length === 0) throw new Error(`tile group of cell ${group.cell} has no items`);
    if (group.cell.length > CELL_ID_BYTES) throw new Error(`cell id ${group.cell} is longer than ${CELL_ID_BYTES} characters`);
    const fields = [...boundingCircle(group.points), item, group.points.length, group.firstIndex];
    fields.forEach((value, field) => blob.writeDoubleLE(value, groupsAt + (index * GROUP_FIELDS + field) * 8));
    for (const point of group.points) {
      blob.writeDoubleLE(point.latitude, itemsAt + item * 16);
      blob.writeDoubleLE(point.longitude, itemsAt + item * 16 + 8);
      item += 1;
    }
    blob.write(group.cell, cellsAt + index * CELL_ID_BYTES, 'latin1');
    const digest = digestOf(index < facilities.length ? 'facilities' : 'releases', group.cell);
    if (!/^[0-9a-f]+$/.test(digest) || digest.length !== ITEMS_DIGEST_LENGTH)
      throw new Error(`items digest ${digest} of cell ${group.cell} is not ${ITEMS_DIGEST_LENGTH} hexadecimal characters`);
    blob.write(digest, digestsAt + index * ITEMS_DIGEST_LENGTH, 'latin1');
  });
  return blob;
}

/** Typed arrays use the machine's byte order; the blob's is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `count` f64 from `offset`: a view when the bytes allow one, else a copy. */
function float64s(blob: Buffer, offset: number, count: number): Float64Array {
  if (LITTLE_ENDIAN && (blob.byteOffset + offset) % 8 === 0) return new Float64Array(blob.buffer, blob.byteOffset + offset, count);
  const values = new Float64Array(count);
  for (let index = 0; index < count; index++) values[index] = blob.readDoubleLE(offset + index * 8);
  return values;
}

export function decodeSearchTile(blob: Buffer): SearchTile {
  const format = blob.readUInt32LE(0);
  if (format !== SEARCH_TILE_FORMAT) throw new Error(`search tile format ${format} is not ${SEARCH_TILE_FORMAT}: rebuild the dataset`);
  const facilityGroups = blob.readUInt32LE(4);
  const releaseGroups = blob.readUInt32LE(8);
  const items = blob.readUInt32LE(12);
  const groupCount = facilityGroups + releaseGroups;
  const itemsAt = HEADER_BYTES + groupCount * GROUP_FIELDS * 8;
  const cellsAt = itemsAt + items * 16;
  const digestsAt = cellsAt + groupCount * CELL_ID_BYTES;
  return {
    facilityGroups,
    releaseGroups,
    circles: float64s(blob, 16, 6),
    groups: float64s(blob, HEADER_BYTES, groupCount * GROUP_FIELDS),
    coordinates: float64s(blob, itemsAt, items * 2),
    cellIds: blob.subarray(cellsAt, digestsAt),
    itemsDigests: blob.subarray(digestsAt, digestsAt + groupCount * ITEMS_DIGEST_LENGTH),
  };
}
