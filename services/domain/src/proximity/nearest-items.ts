/**
 * Exact proximity over packed cells: the `limit` items closest to a point within a radius,
 * closest first, and the count of every item within the radius. Distances are great-circle
 * miles. Cells are taken nearest first by their bounding circles: a cell beyond the radius is
 * skipped, a cell wholly inside it that cannot hold one of the closest is only counted, so a
 * search in a dense city measures the distance to a few hundred items, not to every one.
 */
import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.js';
import type { CellCoordinates } from './packed-cell.js';

/**
 * Relative error bound of flatMiles against the great circle within a 10-mile search: the
 * projection's error grows with the distance and with tan(latitude) (0.74 % at 71°N, Alaska's
 * north coast, for 10 miles); 2 % leaves room.
 */
const FLAT_ERROR = 0.02;
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/** Equirectangular distance at the pair's mid latitude: no inverse trigonometry. */
function flatMiles(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  const y = (latitude2 - latitude1) * MILES_PER_DEGREE;
  const x = (longitude2 - longitude1) * MILES_PER_DEGREE * Math.cos(((latitude1 + latitude2) / 2) * (Math.PI / 180));
  return Math.sqrt(x * x + y * y);
}

/** An item of the result: which cell (its position in the input), which item, how far. */
export interface NearbyItem {
  cell: number;
  index: number;
  distanceMiles: number;
}

export interface NearestResult {
  /** The `limit` closest items, closest first. */
  nearest: NearbyItem[];
  /** Every item within the radius. */
  total: number;
}

/** `cells` are decoded coordinates blobs (packCell, decodeCellCoordinates), null for an empty cell. */
export function nearestItems(cells: ReadonlyArray<CellCoordinates | null>, latitude: number, longitude: number, radiusMiles: number, limit: number): NearestResult {
  const reachable: Array<{ cell: CellCoordinates; position: number; near: number; far: number }> = [];
  cells.forEach((cell, position) => {
    if (!cell || cell.count === 0) return;
    const toCentre = haversineMiles(latitude, longitude, cell.centreLatitude, cell.centreLongitude);
    const near = toCentre - cell.radiusMiles;
    if (near > radiusMiles) return;
    reachable.push({ cell, position, near, far: toCentre + cell.radiusMiles });
  });
  reachable.sort((a, b) => a.near - b.near);

  const best = new BoundedFarthestFirst(limit);
  let total = 0;
  for (const { cell, position, near, far } of reachable) {
    const wholeCellInside = far <= radiusMiles;
    if (wholeCellInside && best.full && near >= best.worst) {
      total += cell.count;
      continue;
    }
    const coordinates = cell.coordinates;
    for (let index = 0; index < cell.count; index++) {
      const itemLatitude = coordinates[index * 2]!;
      const itemLongitude = coordinates[index * 2 + 1]!;
      // A flat-earth distance decides the clear cases; within its error band the great-circle
      // distance decides, so the answer stays exact.
      const rough = flatMiles(latitude, longitude, itemLatitude, itemLongitude);
      if (rough > radiusMiles * (1 + FLAT_ERROR)) continue;
      const surelyInside = rough < radiusMiles * (1 - FLAT_ERROR);
      if (surelyInside && best.full && rough * (1 - FLAT_ERROR) >= best.worst) {
        total += 1;
        continue;
      }
      const distanceMiles = haversineMiles(latitude, longitude, itemLatitude, itemLongitude);
      if (distanceMiles > radiusMiles) continue;
      total += 1;
      best.offer({ cell: position, index, distanceMiles });
    }
  }
  return { total, nearest: best.sorted() };
}

/** The `capacity` smallest distances seen: a max-heap, so the worst kept is at the root. */
class BoundedFarthestFirst {
  private readonly heap: NearbyItem[] = [];

  constructor(private readonly capacity: number) {}

  get full(): boolean {
    return this.heap.length >= this.capacity;
  }

  /** The largest kept distance (Infinity until full). */
  get worst(): number {
    return this.full ? this.heap[0]!.distanceMiles : Infinity;
  }

  offer(candidate: NearbyItem): void {
    if (this.capacity === 0) return;
    if (!this.full) {
      this.heap.push(candidate);
      this.siftUp(this.heap.length - 1);
    } else if (candidate.distanceMiles < this.heap[0]!.distanceMiles) {
      this.heap[0] = candidate;
      this.siftDown(0);
    }
  }

  sorted(): NearbyItem[] {
    return [...this.heap].sort((a, b) => a.distanceMiles - b.distanceMiles);
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
