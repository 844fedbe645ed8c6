/**
 * The tiles within reach of a search point, by the small box the point lies in: every point of a
 * box lies within its farthest corner of the box's centre, so the tiles whose circles come within
 * the radius plus that much of the centre (TileDirectory.near) serve every search in the box, and
 * searches near each other share one list.
 *
 * The lists are worked out ahead of searches (listAhead, a block of boxes at a time) for every
 * box near a tile, and kept in typed arrays: a search then reads three short runs of memory
 * instead of scanning the directory's buckets, which is most of a rural search's index time when
 * the CPU caches hold nothing of the directory (about 8.5 of 32 µs in process). A box no block
 * listed ahead (a point far from every tile) gets its list at its first search.
 *
 * Boxes are BOX_DEGREES of latitude and longitude (about 3.5 by 2.6 miles at 40°N), grouped in
 * blocks of 10 by 10 boxes (half a degree), so the table of blocks stays small: a block's boxes
 * are allocated only once a box of it is listed.
 */
import { haversineMiles } from '../geo.js';
import type { TileDirectory } from './tile-directory.js';

const BOX_DEGREES = 0.05;
/** Box rows from the South Pole (row -1800) to the North Pole; columns from the antimeridian. */
const BOX_ROWS = 180 / BOX_DEGREES;
const BOX_COLUMNS = 360 / BOX_DEGREES;
const BLOCK_SIDE = 10;
const BOXES_PER_BLOCK = BLOCK_SIDE * BLOCK_SIDE;
const BLOCK_ROWS = BOX_ROWS / BLOCK_SIDE;
const BLOCK_COLUMNS = BOX_COLUMNS / BLOCK_SIDE;
/** A box's list is not worked out yet. */
const UNLISTED = -1;
/** Version of the stored lists' layout (toBytes). */
const LISTS_FORMAT = 1;
/** Format, then the block count and the tiles listed (u32 each), then the radius (f64). */
const LISTS_HEADER_BYTES = 24;

/** A latitude of exactly 90° belongs to the last row. */
const boxRowOf = (latitude: number) => Math.min(BOX_ROWS / 2 - 1, Math.floor(latitude / BOX_DEGREES));
/** Columns from 0 at 180°W; a longitude of 180°E is 180°W. */
const boxColumnOf = (longitude: number) => (((Math.floor(longitude / BOX_DEGREES) + BOX_COLUMNS / 2) % BOX_COLUMNS) + BOX_COLUMNS) % BOX_COLUMNS;

export class BoxTiles {
  /** The block of each half-degree square (row from the South Pole, then column), or -1. */
  private readonly blockAt = new Int32Array(BLOCK_ROWS * BLOCK_COLUMNS).fill(-1);
  /** Per block, its boxes' first and end positions in `tiles` (UNLISTED until worked out). */
  private starts: Int32Array<ArrayBuffer> = new Int32Array(64 * BOXES_PER_BLOCK);
  private ends: Int32Array<ArrayBuffer> = new Int32Array(64 * BOXES_PER_BLOCK);
  private blocks = 0;
  /** The lists, one after the other. */
  private tiles: Int32Array<ArrayBuffer> = new Int32Array(1 << 16);
  private used = 0;
  /** Every box near a tile is listed: by listAhead to its end, or read from stored lists. */
  private listedAhead = false;

  constructor(
    private readonly directory: TileDirectory,
    private readonly radiusMiles: number,
  ) {}

  /**
   * The lists of `directory` stored by toBytes (a rebuild stores them beside the directory, so
   * readers skip listAhead's seconds of CPU); null when they were made for another radius or
   * layout, or for another directory (its size differs).
   */
  static fromBytes(directory: TileDirectory, radiusMiles: number, bytes: Buffer): BoxTiles | null {
    if (bytes.length < LISTS_HEADER_BYTES || bytes.readUInt32LE(0) !== LISTS_FORMAT || bytes.readDoubleLE(16) !== radiusMiles) return null;
    const blocks = bytes.readUInt32LE(4);
    const used = bytes.readUInt32LE(8);
    if (bytes.readUInt32LE(12) !== directory.size) return null;
    const boxes = new BoxTiles(directory, radiusMiles);
    let at = LISTS_HEADER_BYTES;
    const take = (length: number) => {
      // A copy, aligned: the bytes may start anywhere in their buffer.
      const values = new Int32Array(length);
      Buffer.from(values.buffer).set(bytes.subarray(at, at + length * 4));
      at += length * 4;
      return values;
    };
    boxes.blockAt.set(take(BLOCK_ROWS * BLOCK_COLUMNS));
    boxes.starts = take(blocks * BOXES_PER_BLOCK);
    boxes.ends = take(blocks * BOXES_PER_BLOCK);
    boxes.tiles = take(used);
    boxes.blocks = blocks;
    boxes.used = used;
    boxes.listedAhead = true;
    if (at !== bytes.length) throw new Error(`stored box lists hold ${bytes.length} bytes, not the ${at} their header says`);
    return boxes;
  }

  /** Whether every box near a tile is listed already, so listAhead has nothing to do. */
  get complete(): boolean {
    return this.listedAhead;
  }

  /** The lists as bytes for fromBytes; only once listAhead has run to its end. */
  toBytes(): Buffer {
    if (!this.listedAhead) throw new Error('BoxTiles.toBytes needs listAhead run to its end first');
    const header = Buffer.alloc(LISTS_HEADER_BYTES);
    header.writeUInt32LE(LISTS_FORMAT, 0);
    header.writeUInt32LE(this.blocks, 4);
    header.writeUInt32LE(this.used, 8);
    header.writeUInt32LE(this.directory.size, 12);
    header.writeDoubleLE(this.radiusMiles, 16);
    const bytesOf = (values: Int32Array, length: number) => Buffer.from(values.buffer, values.byteOffset, length * 4);
    return Buffer.concat([
      header,
      bytesOf(this.blockAt, this.blockAt.length),
      bytesOf(this.starts, this.blocks * BOXES_PER_BLOCK),
      bytesOf(this.ends, this.blocks * BOXES_PER_BLOCK),
      bytesOf(this.tiles, this.used),
    ]);
  }

  /** Boxes listed so far, and the bytes kept for their lists. */
  stats(): { boxes: number; bytes: number } {
    let boxes = 0;
    for (let slot = 0; slot < this.blocks * BOXES_PER_BLOCK; slot++) if (this.starts[slot] !== UNLISTED) boxes += 1;
    const bytes = this.blockAt.byteLength + this.starts.byteLength + this.ends.byteLength + this.tiles.byteLength;
    return { boxes, bytes };
  }

  /** The tiles within reach of any point of the point's box, in `into` (the directory's order). */
  near(latitude: number, longitude: number, into: number[]): number[] {
    const row = boxRowOf(latitude);
    const column = boxColumnOf(longitude);
    const slot = this.slotOf(row, column);
    if (this.starts[slot] === UNLISTED) this.list(row, column, slot);
    into.length = 0;
    const { tiles } = this;
    for (let at = this.starts[slot]!, end = this.ends[slot]!; at < end; at++) into.push(tiles[at]!);
    return into;
  }

  /**
   * Works out the lists of every box of the blocks around the directory's tiles, one block (100
   * boxes) per step, so a caller can yield to other work between steps.
   */
  *listAhead(): Generator<number> {
    if (this.listedAhead) return;
    const blocks = new Set<number>();
    for (const [latitude, longitude] of this.directory.circleCentres()) {
      const row = Math.floor((boxRowOf(latitude) + BOX_ROWS / 2) / BLOCK_SIDE);
      const column = Math.floor(boxColumnOf(longitude) / BLOCK_SIDE);
      // A search reaches at most the radius plus the largest circle and a box's half-diagonal
      // from a centre (under 20 miles): a block each way in latitude, two in longitude as far
      // north as 70°. A box beyond is listed at its first search.
      for (let dRow = -1; dRow <= 1; dRow++) {
        if (row + dRow < 0 || row + dRow >= BLOCK_ROWS) continue;
        for (let dColumn = -2; dColumn <= 2; dColumn++) blocks.add((row + dRow) * BLOCK_COLUMNS + ((column + dColumn + BLOCK_COLUMNS) % BLOCK_COLUMNS));
      }
    }
    for (const block of [...blocks].sort((a, b) => a - b)) {
      const firstRow = Math.floor(block / BLOCK_COLUMNS) * BLOCK_SIDE;
      const firstColumn = (block % BLOCK_COLUMNS) * BLOCK_SIDE;
      for (let row = firstRow; row < firstRow + BLOCK_SIDE; row++) {
        for (let column = firstColumn; column < firstColumn + BLOCK_SIDE; column++) {
          const slot = this.slotOf(row - BOX_ROWS / 2, column);
          if (this.starts[slot] === UNLISTED) this.list(row - BOX_ROWS / 2, column, slot);
        }
      }
      yield block;
    }
    // The arrays grew by doubling: down to what they hold (a box listed later grows them again).
    this.tiles = this.tiles.slice(0, this.used);
    this.starts = this.starts.slice(0, this.blocks * BOXES_PER_BLOCK);
    this.ends = this.ends.slice(0, this.blocks * BOXES_PER_BLOCK);
    this.listedAhead = true;
  }

  /** The slot of a box (row from the equator, column from 180°W), its block allocated if need be. */
  private slotOf(row: number, column: number): number {
    const blockIndex = Math.floor((row + BOX_ROWS / 2) / BLOCK_SIDE) * BLOCK_COLUMNS + Math.floor(column / BLOCK_SIDE);
    let block = this.blockAt[blockIndex]!;
    if (block === -1) {
      block = this.blocks++;
      if (this.blocks * BOXES_PER_BLOCK > this.starts.length) {
        this.starts = grown(this.starts, this.blocks * BOXES_PER_BLOCK);
        this.ends = grown(this.ends, this.blocks * BOXES_PER_BLOCK);
      }
      this.starts.fill(UNLISTED, block * BOXES_PER_BLOCK, (block + 1) * BOXES_PER_BLOCK);
      this.blockAt[blockIndex] = block;
    }
    return block * BOXES_PER_BLOCK + (((row + BOX_ROWS / 2) % BLOCK_SIDE) * BLOCK_SIDE + (column % BLOCK_SIDE));
  }

  private list(row: number, column: number, slot: number): void {
    const south = row * BOX_DEGREES;
    const north = Math.min(90, south + BOX_DEGREES);
    const west = column * BOX_DEGREES - 180;
    const centreLatitude = (south + north) / 2;
    const centreLongitude = west + BOX_DEGREES / 2;
    let spread = 0;
    for (const cornerLatitude of [south, north]) {
      for (const cornerLongitude of [west, west + BOX_DEGREES])
        spread = Math.max(spread, haversineMiles(centreLatitude, centreLongitude, cornerLatitude, cornerLongitude));
    }
    // A hair more, for the rounding of a point's box.
    const near = this.directory.near(centreLatitude, centreLongitude, this.radiusMiles + spread * (1 + 1e-6) + 1e-6, []);
    if (this.used + near.length > this.tiles.length) this.tiles = grown(this.tiles, this.used + near.length);
    this.tiles.set(near, this.used);
    this.starts[slot] = this.used;
    this.used += near.length;
    this.ends[slot] = this.used;
  }
}

/** A copy at least `size` long (doubling, so appends cost little on average). */
function grown(from: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const to = new Int32Array(Math.max(size, from.length * 2, 1024));
  to.set(from);
  return to;
}
