/**
 * Exact proximity over search tiles (search-tile.ts): the `limit` items closest to a point within
 * a radius, closest first, and the count of every item within the radius. Distances are
 * haversineMiles to the last bit, so a brute-force scan gives the same answer.
 *
 * Groups (the items of one resolution-7 cell in a tile) are taken nearest first by their bounding
 * circles: a group beyond the radius is skipped, a group wholly inside it that cannot hold one of
 * the closest is only counted, so a search in a dense city measures the distance to the items of
 * the groups on the 10-mile rim and of the few nearest groups, not to every item.
 *
 * Within a group a quadratic form of the coordinate differences (no trigonometry, no square
 * root) stands for the haversine and settles the clear cases; haversineMiles settles those within
 * its error band, and gives every distance of the result.
 */
import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.js';
import {
  GROUP_COUNT,
  GROUP_FIELDS,
  GROUP_FIRST_INDEX,
  GROUP_FIRST_ITEM,
  GROUP_LATITUDE,
  GROUP_LONGITUDE,
  GROUP_RADIUS,
  type SearchTile,
} from './search-tile.js';

/**
 * The haversine of a pair, a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2), with sin x ≈ x and
 * cos φ2 ≈ cos φ1 − sin φ1 Δφ, is K²·q where (degrees; K = π/360)
 *
 *   q = Δφ² + (cos² φ1 − 2 K cos φ1 sin φ1 Δφ) · Δλ²
 *
 * Its relative error is under u²/3 + v²/3 + 2u² cos φ1 / cos φ2 (u = KΔφ, v = KΔλ in radians):
 * for points within FAST_RANGE_MILES of a query at most FAST_MAX_LATITUDE from the equator
 * (Utqiaġvik, the northernmost US town, is at 71.3°N) that is under 4e-4, so a band of
 * APPROXIMATION_ERROR around every threshold leaves room; points in the band get the haversine.
 * Farther or nearer the poles, every point gets the haversine.
 */
const FAST_MAX_LATITUDE = 72;
const FAST_RANGE_MILES = 60;
const APPROXIMATION_ERROR = 1e-3;
const K = Math.PI / 360;
const toRadians = Math.PI / 180;

/** An item of the result: where it is (tile, group) and its index in its cell's items blob. */
export interface NearbyItem {
  /** Position of the tile in the input. */
  tile: number;
  /** The group in the tile (its index among all of the tile's groups). */
  group: number;
  /** Index of the item in its cell's items blob. */
  index: number;
  distanceMiles: number;
}

export interface NearestResult {
  /** The `limit` closest items, closest first. */
  nearest: NearbyItem[];
  /** Every item within the radius. */
  total: number;
}

export type TileItems = 'facilities' | 'releases';

/**
 * The `limit` closest facilities (or releases) of the tiles within the radius, and how many there
 * are. `scratch` is the caller's working memory (one per searcher; a search is synchronous, so
 * searches one after the other share it).
 */
export function nearestItems(
  scratch: ProximityScratch,
  tiles: readonly SearchTile[],
  items: TileItems,
  latitude: number,
  longitude: number,
  radiusMiles: number,
  limit: number,
): NearestResult {
  return search(scratch, tiles, items, latitude, longitude, radiusMiles, limit, true);
}

/** The closest item within the radius (nothing is counted, so the search stops as soon as it can). */
export function closestItem(
  scratch: ProximityScratch,
  tiles: readonly SearchTile[],
  items: TileItems,
  latitude: number,
  longitude: number,
  radiusMiles: number,
): NearbyItem | null {
  return search(scratch, tiles, items, latitude, longitude, radiusMiles, 1, false).nearest[0] ?? null;
}

const BUCKETS = 64;

/**
 * The working memory of nearestItems and closestItem: the groups within reach of a search and
 * their order. It grows to the largest search seen and is reused, so a search allocates nothing
 * in proportion to the groups it looks at; whoever searches owns one and passes it in.
 */
export class ProximityScratch {
  near = new Float64Array(1024);
  far = new Float64Array(1024);
  tile = new Int32Array(1024);
  group = new Int32Array(1024);
  fast = new Uint8Array(1024);
  order = new Int32Array(1024);
  readonly bucketStarts = new Int32Array(BUCKETS + 1);
  readonly bucketFill = new Int32Array(BUCKETS);

  /** Room for `size` groups, keeping the first ones already written. */
  reserve(size: number): void {
    if (size <= this.near.length) return;
    const grown = Math.max(size, this.near.length * 2);
    this.near = copyInto(this.near, new Float64Array(grown));
    this.far = copyInto(this.far, new Float64Array(grown));
    this.tile = copyInto(this.tile, new Int32Array(grown));
    this.group = copyInto(this.group, new Int32Array(grown));
    this.fast = copyInto(this.fast, new Uint8Array(grown));
    this.order = new Int32Array(grown);
  }
}

function copyInto<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * q of the haversine of `miles` (the quadratic form above). A module function, not a closure in
 * `search`: a closure is a new function per search, and under tsx (esbuild's keepNames) every
 * named closure also redefines its `name`.
 */
function qOf(miles: number): number {
  return Math.sin(miles / (2 * EARTH_RADIUS_MILES)) ** 2 / (K * K);
}

/** The bucket of a group's near distance: 0 for a group around the point, then by distance. */
function bucketOf(miles: number, bucketScale: number): number {
  return miles <= 0 ? 0 : Math.min(BUCKETS - 1, 1 + Math.floor(miles * bucketScale));
}

function search(
  scratch: ProximityScratch,
  tiles: readonly SearchTile[],
  items: TileItems,
  latitude: number,
  longitude: number,
  radiusMiles: number,
  limit: number,
  count: boolean,
): NearestResult {
  const best = new ClosestFirst(limit);
  const cosine = Math.cos(latitude * toRadians);
  const quadratic = cosine * cosine;
  const linear = 2 * K * cosine * Math.sin(latitude * toRadians);
  const fastLatitude = Math.abs(latitude) <= FAST_MAX_LATITUDE;
  const qRadius = qOf(radiusMiles);
  const qOutside = qRadius * (1 + APPROXIMATION_ERROR);
  const qInside = qRadius * (1 - APPROXIMATION_ERROR);
  const milesPerRootQ = 2 * EARTH_RADIUS_MILES * K;

  // 1. Groups within reach: tiles by their circles, then groups by theirs.
  let reachable = 0;
  for (let tileIndex = 0; tileIndex < tiles.length; tileIndex++) {
    const tile = tiles[tileIndex]!;
    const groupCount = items === 'facilities' ? tile.facilityGroups : tile.releaseGroups;
    if (groupCount === 0) continue;
    const circle = items === 'facilities' ? 0 : 3;
    const toTile = haversineMiles(latitude, longitude, tile.circles[circle]!, tile.circles[circle + 1]!);
    const tileRadius = tile.circles[circle + 2]!;
    if (toTile - tileRadius > radiusMiles) continue;
    const fast = fastLatitude && toTile + tileRadius <= FAST_RANGE_MILES;
    const groups = tile.groups;
    const firstGroup = items === 'facilities' ? 0 : tile.facilityGroups;
    scratch.reserve(reachable + groupCount);
    const { near, far, tile: tileOf, group: groupOf, fast: fastOf } = scratch;
    for (let group = firstGroup; group < firstGroup + groupCount; group++) {
      const at = group * GROUP_FIELDS;
      let toCentre: number;
      let low: number;
      let high: number;
      if (fast) {
        const dLatitude = groups[at + GROUP_LATITUDE]! - latitude;
        let dLongitude = groups[at + GROUP_LONGITUDE]! - longitude;
        if (dLongitude > 180) dLongitude -= 360;
        else if (dLongitude < -180) dLongitude += 360;
        toCentre = milesPerRootQ * Math.sqrt(dLatitude * dLatitude + (quadratic - linear * dLatitude) * dLongitude * dLongitude);
        low = toCentre * (1 - APPROXIMATION_ERROR);
        high = toCentre * (1 + APPROXIMATION_ERROR);
      } else {
        toCentre = haversineMiles(latitude, longitude, groups[at + GROUP_LATITUDE]!, groups[at + GROUP_LONGITUDE]!);
        low = toCentre;
        high = toCentre;
      }
      const radius = groups[at + GROUP_RADIUS]!;
      if (low - radius > radiusMiles) continue;
      near[reachable] = low - radius;
      far[reachable] = high + radius;
      tileOf[reachable] = tileIndex;
      groupOf[reachable] = group;
      fastOf[reachable] = fast ? 1 : 0;
      reachable += 1;
    }
  }

  // 2. Nearest first, by buckets of near distance (a counting sort; order within a bucket does
  // not matter, only how soon the closest are found).
  const { near, far, tile: tileOf, group: groupOf, fast: fastOf, order, bucketStarts, bucketFill } = scratch;
  const bucketScale = (BUCKETS - 2) / radiusMiles;
  bucketStarts.fill(0);
  for (let index = 0; index < reachable; index++) bucketStarts[bucketOf(near[index]!, bucketScale) + 1]! += 1;
  for (let bucket = 0; bucket < BUCKETS; bucket++) bucketStarts[bucket + 1]! += bucketStarts[bucket]!;
  bucketFill.set(bucketStarts.subarray(0, BUCKETS));
  for (let index = 0; index < reachable; index++) order[bucketFill[bucketOf(near[index]!, bucketScale)]!++] = index;

  // 3. Groups in that order: skipped, counted whole, or measured item by item.
  let total = 0;
  let worst = Infinity;
  let qCandidate = Infinity;
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    if (!count && best.full && bucket > 0 && (bucket - 1) / bucketScale >= worst) break;
    for (let position = bucketStarts[bucket]!; position < bucketStarts[bucket + 1]!; position++) {
      const index = order[position]!;
      const tile = tiles[tileOf[index]!]!;
      const group = groupOf[index]!;
      const at = group * GROUP_FIELDS;
      const itemCount = tile.groups[at + GROUP_COUNT]!;
      const outOfReach = best.full && near[index]! >= worst;
      if (outOfReach) {
        if (!count) continue;
        if (far[index]! <= radiusMiles) {
          total += itemCount;
          continue;
        }
      }
      const first = tile.groups[at + GROUP_FIRST_ITEM]!;
      const end = first + itemCount;
      const coordinates = tile.coordinates;
      const firstIndex = tile.groups[at + GROUP_FIRST_INDEX]! - first;
      const fast = fastOf[index] === 1;
      for (let item = first; item < end; item++) {
        const itemLatitude = coordinates[item * 2]!;
        const itemLongitude = coordinates[item * 2 + 1]!;
        let distance = -1;
        if (fast) {
          const dLatitude = itemLatitude - latitude;
          let dLongitude = itemLongitude - longitude;
          if (dLongitude > 180) dLongitude -= 360;
          else if (dLongitude < -180) dLongitude += 360;
          const q = dLatitude * dLatitude + (quadratic - linear * dLatitude) * dLongitude * dLongitude;
          if (q > qOutside) continue;
          if (q < qInside) {
            total += 1;
            if (outOfReach || q >= qCandidate) continue;
          } else {
            distance = haversineMiles(latitude, longitude, itemLatitude, itemLongitude);
            if (distance > radiusMiles) continue;
            total += 1;
            if (outOfReach) continue;
          }
        } else {
          distance = haversineMiles(latitude, longitude, itemLatitude, itemLongitude);
          if (distance > radiusMiles) continue;
          total += 1;
          if (outOfReach) continue;
        }
        if (distance < 0) distance = haversineMiles(latitude, longitude, itemLatitude, itemLongitude);
        if (distance >= worst) continue;
        best.offer(tileOf[index]!, group, firstIndex + item, distance);
        if (best.full) {
          worst = best.worst;
          qCandidate = qOf(worst) * (1 + APPROXIMATION_ERROR);
        }
      }
    }
  }
  return { total, nearest: best.sorted() };
}

/** The `capacity` smallest distances seen: a max-heap, so the worst kept is at the root. */
class ClosestFirst {
  private readonly heap: NearbyItem[] = [];

  constructor(private readonly capacity: number) {}

  get full(): boolean {
    return this.heap.length >= this.capacity;
  }

  /** The largest kept distance (Infinity until full). */
  get worst(): number {
    return this.full ? (this.heap[0]?.distanceMiles ?? -Infinity) : Infinity;
  }

  offer(tile: number, group: number, index: number, distanceMiles: number): void {
    if (this.capacity === 0) return;
    if (!this.full) {
      this.heap.push({ tile, group, index, distanceMiles });
      this.siftUp(this.heap.length - 1);
    } else if (distanceMiles < this.heap[0]!.distanceMiles) {
      this.heap[0] = { tile, group, index, distanceMiles };
      this.siftDown(0);
    }
  }

  /**
   * The kept items, closest first. An insertion sort, stable as Array.prototype.sort is: for a
   * few dozen items it costs a fraction of a sort that calls a comparator per comparison.
   */
  sorted(): NearbyItem[] {
    const items = this.heap.slice();
    for (let next = 1; next < items.length; next++) {
      const item = items[next]!;
      let at = next;
      for (; at > 0 && items[at - 1]!.distanceMiles > item.distanceMiles; at--) items[at] = items[at - 1]!;
      items[at] = item;
    }
    return items;
  }

  private siftUp(at: number): void {
    const heap = this.heap;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]!.distanceMiles >= heap[at]!.distanceMiles) return;
      [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
      at = parent;
    }
  }

  private siftDown(at: number): void {
    const heap = this.heap;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let largest = at;
      if (left < heap.length && heap[left]!.distanceMiles > heap[largest]!.distanceMiles) largest = left;
      if (right < heap.length && heap[right]!.distanceMiles > heap[largest]!.distanceMiles) largest = right;
      if (largest === at) return;
      [heap[largest], heap[at]] = [heap[at]!, heap[largest]!];
      at = largest;
    }
  }
}
