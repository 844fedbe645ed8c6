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

const LATITUDE_BUCKETS = 180 / BUCKET_DEGREES;

/** Bucket columns wrap around the antimeridian. */
const columnOf = (column: number) => ((column % LONGITUDE_BUCKETS) + LONGITUDE_BUCKETS) % LONGITUDE_BUCKETS;
/** Buckets row by row from the South Pole, so a row's neighbouring buckets sit side by side. */
const bucketOf = (row: number, column: number) => (row + LATITUDE_BUCKETS / 2) * LONGITUDE_BUCKETS + columnOf(column);
/** A latitude of exactly 90° belongs to the last row. */
const rowOf = (latitude: number) => Math.min(LATITUDE_BUCKETS / 2 - 1, Math.floor(latitude / BUCKET_DEGREES));

/**
 * A decoded directory. Every circle (a tile's facilities', then its releases') is listed under
 * the bucket of its centre, and the buckets lie in one array row by row: a search reads a few
 * short runs of memory rather than one scattered read per tile, which is most of its cost when
 * the CPU caches hold nothing of the directory (a server's first search near a place).
 */
export class TileDirectory {
  readonly size: number;
  private readonly cellIds: Buffer;
  /** Where each bucket's circles start in `circles` (and its tiles in `tiles`); one more at the end. */
  private readonly bucketStarts: Int32Array;
  /** The tile of each circle, bucket by bucket. */
  private readonly tiles: Int32Array;
  /** Latitude, longitude and radius (miles) of each circle, bucket by bucket. */
  private readonly circles: Float64Array;
  /** The largest circle of any tile. */
  private readonly largestRadius: number;

  constructor(blob: Buffer) {
    const format = blob.readUInt32LE(0);
    if (format !== FORMAT) throw new Error(`search tile directory format ${format} is not ${FORMAT}: rebuild the dataset`);
    this.size = blob.readUInt32LE(4);
    const cellsAt = HEADER_BYTES + this.size * 48;
    this.cellIds = blob.subarray(cellsAt, cellsAt + this.size * CELL_ID_BYTES);
    const listed: Array<{ bucket: number; tile: number; latitude: number; longitude: number; radius: number }> = [];
    let largest = 0;
    for (let tile = 0; tile < this.size; tile++) {
      for (const circle of [0, 3]) {
        const at = HEADER_BYTES + (tile * 6 + circle) * 8;
        const latitude = blob.readDoubleLE(at);
        const longitude = blob.readDoubleLE(at + 8);
        const radius = blob.readDoubleLE(at + 16);
        if (radius < 0) continue;
        largest = Math.max(largest, radius);
        listed.push({ bucket: bucketOf(rowOf(latitude), Math.floor(longitude / BUCKET_DEGREES)), tile, latitude, longitude, radius });
      }
    }
    listed.sort((a, b) => a.bucket - b.bucket || a.tile - b.tile);
    this.bucketStarts = new Int32Array(LATITUDE_BUCKETS * LONGITUDE_BUCKETS + 1);
    this.tiles = new Int32Array(listed.length);
    this.circles = new Float64Array(listed.length * 3);
    listed.forEach(({ bucket, tile, latitude, longitude, radius }, index) => {
      this.bucketStarts[bucket + 1]! += 1;
      this.tiles[index] = tile;
      this.circles.set([latitude, longitude, radius], index * 3);
    });
    for (let bucket = 0; bucket < LATITUDE_BUCKETS * LONGITUDE_BUCKETS; bucket++) this.bucketStarts[bucket + 1]! += this.bucketStarts[bucket]!;
    this.largestRadius = largest;
  }

  /** The centre (latitude, longitude) of every circle: a tile's facilities', then its releases'. */
  *circleCentres(): Generator<[latitude: number, longitude: number]> {
    for (let at = 0; at < this.circles.length; at += 3) yield [this.circles[at]!, this.circles[at + 1]!];
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
    const reach = (radiusMiles + this.largestRadius) * (1 + 1e-9) + 1e-9;
    const latitudeSpan = (reach / EARTH_RADIUS_MILES) * toDegrees;
    const poleward = Math.abs(latitude) + latitudeSpan;
    const sine = poleward >= 90 ? Infinity : Math.sin(reach / (2 * EARTH_RADIUS_MILES)) / Math.cos(poleward / toDegrees);
    const longitudeSpan = sine >= 1 ? 180 : 2 * Math.asin(sine) * toDegrees * (1 + 1e-9);
    const firstRow = rowOf(Math.max(-90, latitude - latitudeSpan));
    const lastRow = rowOf(Math.min(90, latitude + latitudeSpan));
    const firstColumn = longitudeSpan >= 180 ? -LONGITUDE_BUCKETS / 2 : Math.floor((longitude - longitudeSpan) / BUCKET_DEGREES);
    const lastColumn = longitudeSpan >= 180 ? LONGITUDE_BUCKETS / 2 - 1 : Math.floor((longitude + longitudeSpan) / BUCKET_DEGREES);
    const { bucketStarts, tiles, circles } = this;
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        const bucket = bucketOf(row, column);
        for (let index = bucketStarts[bucket]!; index < bucketStarts[bucket + 1]!; index++) {
          const at = index * 3;
          // A centre outside the band of latitudes or longitudes within reach is too far (most
          // of a bucket's circles); the haversine settles the rest.
          if (Math.abs(circles[at]! - latitude) > latitudeSpan) continue;
          const longitudeGap = Math.abs(circles[at + 1]! - longitude);
          if (Math.min(longitudeGap, 360 - longitudeGap) > longitudeSpan) continue;
          if (haversineMiles(latitude, longitude, circles[at]!, circles[at + 1]!) - circles[at + 2]! > radiusMiles) continue;
          // A tile's two circles may both come near: list it once (a search lists a handful).
          const tile = tiles[index]!;
          if (!into.includes(tile)) into.push(tile);
        }
      }
    }
    return into;
  }
}
