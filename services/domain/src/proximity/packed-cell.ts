/**
 * The items of one H3 cell as one binary blob in the cache: coordinates up front, so a search
 * measures distances without parsing anything, and each item's JSON behind an offset table, so
 * only the items that make the result are parsed.
 *
 *   u32 count | u32 padding | f64 latitude, f64 longitude (× count) | u32 offset (× count + 1) | UTF-8 JSON
 */
export interface PackableItem {
  latitude: number;
  longitude: number;
  /** The item as JSON text. */
  json: string;
}

export function packCell(items: readonly PackableItem[]): Buffer {
  const texts = items.map((item) => Buffer.from(item.json, 'utf8'));
  const headerBytes = 8 + items.length * 16 + (items.length + 1) * 4;
  const buffer = Buffer.alloc(headerBytes + texts.reduce((sum, text) => sum + text.length, 0));
  buffer.writeUInt32LE(items.length, 0);
  items.forEach((item, index) => {
    buffer.writeDoubleLE(item.latitude, 8 + index * 16);
    buffer.writeDoubleLE(item.longitude, 16 + index * 16);
  });
  let offset = headerBytes;
  const offsetsAt = 8 + items.length * 16;
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
  private readonly offsetsAt: number;

  constructor(private readonly buffer: Buffer) {
    this.count = buffer.readUInt32LE(0);
    this.offsetsAt = 8 + this.count * 16;
  }

  latitude(index: number): number {
    return this.buffer.readDoubleLE(8 + index * 16);
  }

  longitude(index: number): number {
    return this.buffer.readDoubleLE(16 + index * 16);
  }

  item<T>(index: number): T {
    const start = this.buffer.readUInt32LE(this.offsetsAt + index * 4);
    const end = this.buffer.readUInt32LE(this.offsetsAt + (index + 1) * 4);
    return JSON.parse(this.buffer.toString('utf8', start, end)) as T;
  }
}
