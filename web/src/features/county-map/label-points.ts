/**
 * Where a region's name goes: the pole of inaccessibility of its largest polygon, the point
 * inside the shape farthest from its edge (Garcia-Castellanos and Lombardo's search, as in
 * Mapbox's polylabel). A centroid can fall outside a curved state or in a bay; this point is
 * always inside, with the most room around it for the text.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';

type Ring = readonly Position[];

/** Signed distance from a point to a polygon's edge: positive inside, negative outside. */
function signedDistance(x: number, y: number, polygon: readonly Ring[]): number {
  let inside = false;
  let minSquared = Infinity;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[j] as [number, number];
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      const [dx, dy] = [bx - ax, by - ay];
      const lengthSquared = dx * dx + dy * dy;
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
      const [ex, ey] = [x - (ax + t * dx), y - (ay + t * dy)];
      minSquared = Math.min(minSquared, ex * ex + ey * ey);
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSquared);
}

interface Cell {
  x: number;
  y: number;
  half: number;
  distance: number;
  /** The best distance any point of the cell could have. */
  potential: number;
}

function cell(x: number, y: number, half: number, polygon: readonly Ring[]): Cell {
  const distance = signedDistance(x, y, polygon);
  return { x, y, half, distance, potential: distance + half * Math.SQRT2 };
}

/** The polygon's pole of inaccessibility, to within `precision` (in the coordinates' units). */
export function poleOfInaccessibility(polygon: readonly Ring[], precision: number): [number, number] {
  const outer = polygon[0] ?? [];
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outer as [number, number][]) [west, south, east, north] = [Math.min(west, x), Math.min(south, y), Math.max(east, x), Math.max(north, y)];
  const size = Math.min(east - west, north - south);
  if (!Number.isFinite(size)) return [0, 0];
  if (size === 0) return [west, south];

  const queue: Cell[] = [];
  for (let x = west; x < east; x += size) for (let y = south; y < north; y += size) queue.push(cell(x + size / 2, y + size / 2, size / 2, polygon));
  let best = cell((west + east) / 2, (south + north) / 2, 0, polygon);
  // The search keeps splitting the cell that could hold the farthest point; a sorted array is
  // enough for the few hundred cells a map shape needs.
  while (queue.length > 0) {
    queue.sort((a, b) => a.potential - b.potential);
    const next = queue.pop()!;
    if (next.distance > best.distance) best = next;
    if (next.potential - best.distance <= precision) continue;
    const half = next.half / 2;
    for (const [dx, dy] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ] as const)
      queue.push(cell(next.x + dx * half, next.y + dy * half, half, polygon));
  }
  return [best.x, best.y];
}

/** Twice the signed area of a ring (shoelace), by absolute value. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return Math.abs(sum);
}

/** A region's label point: the pole of its largest polygon (a state's mainland, not an island). */
export function labelPointOf(geometry: Polygon | MultiPolygon, precision: number): [number, number] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let largest = polygons[0] ?? [];
  for (const polygon of polygons) if (ringArea(polygon[0] ?? []) > ringArea(largest[0] ?? [])) largest = polygon;
  return poleOfInaccessibility(largest, precision);
}
