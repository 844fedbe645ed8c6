/**
 * The items of one H3 cell as two blobs in the cache, so a search moves few bytes:
 *
 * - the coordinates blob, read for every cell of a disk: a header with the items' bounding
 *   circle (the centroid and the largest distance from it), so a search can skip a cell beyond
 *   the radius, or count a cell wholly inside it, without reading on; then the coordinates, so
 *   distances need no parsing;
 *     u32 count | u32 format | f64 centre latitude | f64 centre longitude | f64 radius miles
 *     | f64 latitude, f64 longitude (× count)
 * - the items blob, read only for the few cells that hold a result: each item's JSON behind an
 *   offset table, so only the items of the result are parsed;
 *     u32 count | u32 offset (× count + 1) | UTF-8 JSON
 */
import { haversineMiles } from '../geo.js';

export interface PackableItem {
  latitude: number;
  longitude: number;
  /** The item as JSON text. */
  json: string;
}

export interface PackedCellBlobs {
  coordinates: Buffer;
  items: Buffer;
}

const FORMAT = 3;
const HEADER_BYTES = 32;

export function packCell(items: readonly PackableItem[]): PackedCellBlobs {
  const coordinates = Buffer.alloc(HEADER_BYTES + items.length * 16);
  const centreLatitude = items.reduce((sum, item) => sum + item.latitude, 0) / Math.max(1, items.length);
  const centreLongitude = items.reduce((sum, item) => sum + item.longitude, 0) / Math.max(1, items.length);
  const radius = items.reduce((max, item) => Math.max(max, haversineMiles(centreLatitude, centreLongitude, item.latitude, item.longitude)), 0);
  coordinates.writeUInt32LE(items.length, 0);
  coordinates.writeUInt32LE(FORMAT, 4);
  coordinates.writeDoubleLE(centreLatitude, 8);
  coordinates.writeDoubleLE(centreLongitude, 16);
  // A hair more than the largest distance, so rounding can never put an item outside its circle.
  coordinates.writeDoubleLE(radius * (1 + 1e-9) + 1e-9, 24);
  items.forEach((item, index) => {
    coordinates.writeDoubleLE(item.latitude, HEADER_BYTES + index * 16);
    coordinates.writeDoubleLE(item.longitude, HEADER_BYTES + index * 16 + 8);
  });

  const texts = items.map((item) => Buffer.from(item.json, 'utf8'));
  const textAt = 4 + (items.length + 1) * 4;
  const table = Buffer.alloc(textAt + texts.reduce((sum, text) => sum + text.length, 0));
  table.writeUInt32LE(items.length, 0);
  let offset = textAt;
  texts.forEach((text, index) => {
    table.writeUInt32LE(offset, 4 + index * 4);
    text.copy(table, offset);
    offset += text.length;
  });
  table.writeUInt32LE(offset, 4 + items.length * 4);
  return { coordinates, items: table };
}

/** A coordinates blob decoded once: the header and the coordinates as a typed array. */
export interface CellCoordinates {
  count: number;
  centreLatitude: number;
  centreLongitude: number;
  /** Every item lies within this many miles of the centre. */
  radiusMiles: number;
  /** latitude, longitude of item 0, then of item 1, ... */
  coordinates: Float64Array;
}

export function decodeCellCoordinates(blob: Buffer): CellCoordinates {
  const cell = new PackedCell(blob);
  const coordinates = new Float64Array(cell.count * 2);
  for (let index = 0; index < cell.count; index++) {
    coordinates[index * 2] = cell.latitude(index);
    coordinates[index * 2 + 1] = cell.longitude(index);
  }
  return { count: cell.count, centreLatitude: cell.centreLatitude, centreLongitude: cell.centreLongitude, radiusMiles: cell.radiusMiles, coordinates };
}

/** Reads a coordinates blob without copying it. */
export class PackedCell {
  readonly count: number;
  readonly centreLatitude: number;
  readonly centreLongitude: number;
  /** Every item lies within this many miles of the centre. */
  readonly radiusMiles: number;

  constructor(private readonly buffer: Buffer) {
    const format = buffer.readUInt32LE(4);
    if (format !== FORMAT) throw new Error(`packed cell format ${format} is not ${FORMAT}: rebuild the dataset`);
    this.count = buffer.readUInt32LE(0);
    this.centreLatitude = buffer.readDoubleLE(8);
    this.centreLongitude = buffer.readDoubleLE(16);
    this.radiusMiles = buffer.readDoubleLE(24);
  }

  latitude(index: number): number {
    return this.buffer.readDoubleLE(HEADER_BYTES + index * 16);
  }

  longitude(index: number): number {
    return this.buffer.readDoubleLE(HEADER_BYTES + index * 16 + 8);
  }
}

/** Item `index` of an items blob, as its JSON text (a response can embed it unparsed). */
export function readPackedItemJson(items: Buffer, index: number): string {
  const start = items.readUInt32LE(4 + index * 4);
  const end = items.readUInt32LE(4 + (index + 1) * 4);
  return items.toString('utf8', start, end);
}

/** Item `index` of an items blob. */
export function readPackedItem<T>(items: Buffer, index: number): T {
  return JSON.parse(readPackedItemJson(items, index)) as T;
}
