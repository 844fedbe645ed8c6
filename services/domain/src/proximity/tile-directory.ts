/**
 * The directory of a version's search tiles (search-tile.ts): each tile's cell and the bounding
 * circles of its facilities and of its releases, as its own header has them, in one blob that a
 * process reads once per version. A search finds the tiles within its reach here, through a grid
 * of half-degree buckets: no H3, and no cache lookup for a tile that holds nothing near it.
 *
 * Layout, little-endian:
 *   header, 16 bytes: u32 format | u32 tiles | 8 bytes zero
 *   circles, f64 × 6 per tile: the facilities' (centre latitude, centre longitude, radius miles),
 *     then the releases'; a radius of -1 where the tile has none
 *   cells: each tile's H3 cell, 16 ASCII bytes (NUL-padded)
 */
import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.js';

const FORMAT = 1;
const HEADER_BYTES = 16;
const CELL_ID_BYTES = 16;
const BUCKET_DEGREES = 0.5;
const LONGITUDE_BUCKETS = 360 / BUCKET_DEGREES;
const toDegrees = 180 / Math.PI;

/** A tile as the directory lists it: its cell, and its packed blob (whose header has its circles). */
export interface DirectoryTile {
  cell: string;
  blob: Buffer;
}

export function packTileDirectory(tiles: readonly DirectoryTile[]): Buffer {
  const cellsAt = HEADER_BYTES + tiles.length * 48;
  const directory = Buffer.alloc(cellsAt + tiles.length * CELL_ID_BYTES);
  directory.writeUInt32LE(FORMAT, 0);
  directory.writeUInt32LE(tiles.length, 4);
  tiles.forEach(({ cell, blob }, index) => {
    if (cell.length > CELL_ID_BYTES) throw new Error(`cell id ${cell} is longer than ${CELL_ID_BYTES} characters`);
    // The tile's header: u32 facility groups at 4, u32 release groups at 8, its two circles from 16.
    const groups = [blob.readUInt32LE(4), blob.readUInt32LE(8)];
    for (let value = 0; value < 6; value++) {
      const none = value % 3 === 2 && groups[Math.floor(value / 3)] === 0;
      directory.writeDoubleLE(none ? -1 : blob.readDoubleLE(16 + value * 8), HEADER_BYTES + (index * 6 + value) * 8);
    }
    directory.write(cell, cellsAt + index * CELL_ID_BYTES, 'latin1');
  });
  return directory;
}

/** Bucket columns wrap around the antimeridian. */
const columnOf = (column: number) => ((column % LONGITUDE_BUCKETS) + LONGITUDE_BUCKETS) % LONGITUDE_BUCKETS;
const bucketOf = (row: number, column: number) => row * 10_000 + columnOf(column);

/** A decoded directory, with its tiles in buckets by the centres of their circles. */
export class TileDirectory {
  readonly size: number;
  private readonly circles: Float64Array;
  private readonly cellIds: Buffer;
  private readonly buckets = new Map<number, number[]>();
  /** The largest circle of any tile. */
  private readonly largestRadius: number;
  /** The search that last saw each tile (a tile sits in the buckets of both its circles). */
  private readonly seenBy: Int32Array;
  private searches = 0;

  constructor(blob: Buffer) {
    const format = blob.readUInt32LE(0);
    if (format !== FORMAT) throw new Error(`search tile directory format ${format} is not ${FORMAT}: rebuild the dataset`);
    this.size = blob.readUInt32LE(4);
    this.circles = new Float64Array(this.size * 6);
    for (let index = 0; index < this.circles.length; index++) this.circles[index] = blob.readDoubleLE(HEADER_BYTES + index * 8);
    const cellsAt = HEADER_BYTES + this.size * 48;
    this.cellIds = blob.subarray(cellsAt, cellsAt + this.size * CELL_ID_BYTES);
    this.seenBy = new Int32Array(this.size);
    let largest = 0;
    for (let tile = 0; tile < this.size; tile++) {
      for (const circle of [tile * 6, tile * 6 + 3]) {
        if (this.circles[circle + 2]! < 0) continue;
        largest = Math.max(largest, this.circles[circle + 2]!);
        const bucket = bucketOf(Math.floor(this.circles[circle]! / BUCKET_DEGREES), Math.floor(this.circles[circle + 1]! / BUCKET_DEGREES));
        const list = this.buckets.get(bucket);
        if (!list) this.buckets.set(bucket, [tile]);
        else if (list[list.length - 1] !== tile) list.push(tile);
      }
    }
    this.largestRadius = largest;
  }

  /** The H3 cell of a tile. */
  cell(tile: number): string {
    const at = tile * CELL_ID_BYTES;
    const end = this.cellIds.indexOf(0, at);
    return this.cellIds.toString('latin1', at, end === -1 || end > at + CELL_ID_BYTES ? at + CELL_ID_BYTES : end);
  }

  /**
   * The tiles with facilities or releases that may lie within `radiusMiles` of a point (their
   * circles come that near), in `into`. A circle's centre then lies within the radius plus the
   * largest circle of the point: within that many miles of latitude (a great circle is no
   * shorter than its change of latitude) and, from the haversine, sin(d/2R) ≥ cos φ·sin(Δλ/2)
   * for the poleward latitude φ, within the matching longitudes.
   */
  near(latitude: number, longitude: number, radiusMiles: number, into: number[]): number[] {
    into.length = 0;
    const search = ++this.searches;
    const reach = (radiusMiles + this.largestRadius) * (1 + 1e-9) + 1e-9;
    const latitudeSpan = (reach / EARTH_RADIUS_MILES) * toDegrees;
    const poleward = Math.abs(latitude) + latitudeSpan;
    const sine = poleward >= 90 ? Infinity : Math.sin(reach / (2 * EARTH_RADIUS_MILES)) / Math.cos(poleward / toDegrees);
    const longitudeSpan = sine >= 1 ? 180 : 2 * Math.asin(sine) * toDegrees * (1 + 1e-9);
    const firstRow = Math.floor(Math.max(-90, latitude - latitudeSpan) / BUCKET_DEGREES);
    const lastRow = Math.floor(Math.min(90, latitude + latitudeSpan) / BUCKET_DEGREES);
    const firstColumn = longitudeSpan >= 180 ? -LONGITUDE_BUCKETS / 2 : Math.floor((longitude - longitudeSpan) / BUCKET_DEGREES);
    const lastColumn = longitudeSpan >= 180 ? LONGITUDE_BUCKETS / 2 - 1 : Math.floor((longitude + longitudeSpan) / BUCKET_DEGREES);
    const circles = this.circles;
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        const tiles = this.buckets.get(bucketOf(row, column));
        if (!tiles) continue;
        for (const tile of tiles) {
          if (this.seenBy[tile] === search) continue;
          this.seenBy[tile] = search;
          const at = tile * 6;
          const facilities = circles[at + 2]! >= 0 && haversineMiles(latitude, longitude, circles[at]!, circles[at + 1]!) - circles[at + 2]! <= radiusMiles;
          if (facilities || (circles[at + 5]! >= 0 && haversineMiles(latitude, longitude, circles[at + 3]!, circles[at + 4]!) - circles[at + 5]! <= radiusMiles)) into.push(tile);
        }
      }
    }
    return into;
  }
}
