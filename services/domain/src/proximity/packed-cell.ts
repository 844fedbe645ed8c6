/**
 * The items of one H3 cell as one binary blob in the cache. A header holds the items' bounding
 * circle (the centroid and the largest distance from it), so a search can skip a cell that lies
 * beyond the radius, or count a cell that lies wholly inside it, without reading its items;
 * coordinates come next, so distances need no parsing; each item's JSON sits behind an offset
 * table, so only the items that make the result are parsed.
 *
 *   u32 count | u32 version | f64 centre latitude | f64 centre longitude | f64 radius miles
 *   | f64 latitude, f64 longitude (× count) | u32 offset (× count + 1) | UTF-8 JSON
 */
import { haversineMiles } from '../geo.js';

export interface PackableItem {
  latitude: number;
  longitude: number;
  /** The item as JSON text. */
  json: string;
}

const FORMAT = 2;
const HEADER_BYTES = 32;

export function packCell(items: readonly PackableItem[]): Buffer {
  const texts = items.map((item) => Buffer.from(item.json, 'utf8'));
  const coordinatesAt = HEADER_BYTES;
  const offsetsAt = coordinatesAt + items.length * 16;
  const textAt = offsetsAt + (items.length + 1) * 4;
  const buffer = Buffer.alloc(textAt + texts.reduce((sum, text) => sum + text.length, 0));
  const centreLatitude = items.reduce((sum, item) => sum + item.latitude, 0) / Math.max(1, items.length);
  const centreLongitude = items.reduce((sum, item) => sum + item.longitude, 0) / Math.max(1, items.length);
  const radius = items.reduce((max, item) => Math.max(max, haversineMiles(centreLatitude, centreLongitude, item.latitude, item.longitude)), 0);
  buffer.writeUInt32LE(items.length, 0);
  buffer.writeUInt32LE(FORMAT, 4);
  buffer.writeDoubleLE(centreLatitude, 8);
  buffer.writeDoubleLE(centreLongitude, 16);
  // A hair more than the largest distance, so rounding can never put an item outside its circle.
  buffer.writeDoubleLE(radius * (1 + 1e-9) + 1e-9, 24);
  items.forEach((item, index) => {
    buffer.writeDoubleLE(item.latitude, coordinatesAt + index * 16);
    buffer.writeDoubleLE(item.longitude, coordinatesAt + index * 16 + 8);
  });
  let offset = textAt;
  texts.forEach((text, index) => {
    buffer.writeUInt32LE(offset, offsetsAt + index * 4);
    text.copy(buffer, offset);
    offset += text.length;
  });
  buffer.writeUInt32LE(offset, offsetsAt + items.length * 4);
  return buffer;
}

/** Reads a packed cell without copying it. */
export class PackedCell {
  readonly count: number;
  readonly centreLatitude: number;
  readonly centreLongitude: number;
  /** Every item lies within this many miles of the centre. */
  readonly radiusMiles: number;
  private readonly offsetsAt: number;

  constructor(private readonly buffer: Buffer) {
    if (buffer.readUInt32LE(4) !== FORMAT) throw new Error(`packed cell format ${buffer.readUInt32LE(4)} is not ${FORMAT}: rebuild the dataset`);
    this.count = buffer.readUInt32LE(0);
    this.centreLatitude = buffer.readDoubleLE(8);
    this.centreLongitude = buffer.readDoubleLE(16);
    this.radiusMiles = buffer.readDoubleLE(24);
    this.offsetsAt = HEADER_BYTES + this.count * 16;
  }

  latitude(index: number): number {
    return this.buffer.readDoubleLE(HEADER_BYTES + index * 16);
  }

  longitude(index: number): number {
    return this.buffer.readDoubleLE(HEADER_BYTES + index * 16 + 8);
  }

  item<T>(index: number): T {
    const start = this.buffer.readUInt32LE(this.offsetsAt + index * 4);
    const end = this.buffer.readUInt32LE(this.offsetsAt + (index + 1) * 4);
    return JSON.parse(this.buffer.toString('utf8', start, end)) as T;
  }
}
