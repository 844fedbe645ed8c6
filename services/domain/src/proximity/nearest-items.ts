/**
 * Exact proximity over packed cells: every item within the radius, closest first (ties by id
 * order of appearance), with the count of all of them. Distances are great-circle miles.
 */
import { haversineMiles } from '../geo.js';
import { PackedCell } from './packed-cell.js';

export interface NearbyItem<T> {
  item: T;
  distanceMiles: number;
}

export interface NearestResult<T> {
  /** The `limit` closest items. */
  nearest: Array<NearbyItem<T>>;
  /** Every item within the radius. */
  total: number;
}

export function nearestItems<T>(cells: ReadonlyArray<Buffer | null>, latitude: number, longitude: number, radiusMiles: number, limit: number): NearestResult<T> {
  const candidates: Array<{ cell: PackedCell; index: number; distanceMiles: number }> = [];
  for (const blob of cells) {
    if (!blob) continue;
    const cell = new PackedCell(blob);
    for (let index = 0; index < cell.count; index++) {
      const distanceMiles = haversineMiles(latitude, longitude, cell.latitude(index), cell.longitude(index));
      if (distanceMiles <= radiusMiles) candidates.push({ cell, index, distanceMiles });
    }
  }
  candidates.sort((a, b) => a.distanceMiles - b.distanceMiles);
  return {
    total: candidates.length,
    nearest: candidates.slice(0, limit).map(({ cell, index, distanceMiles }) => ({ item: cell.item<T>(index), distanceMiles })),
  };
}
