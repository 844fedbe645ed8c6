/**
 * Facility counts per H3 cell for the map's heat layer (docs/decisions/0017-h3-density.md).
 * Each resolution locates the point itself instead of taking the parent of its finest cell:
 * H3 parents do not contain their children exactly, and about 6 % of points would land in a
 * neighbour of the cell that holds them at resolution 4.
 */
import { cellToLatLng, latLngToCell } from 'h3-js';
import { H3_DENSITY_CENTRE_DECIMALS, H3_DENSITY_RESOLUTIONS, type H3DensityCell, type H3DensityResolution } from '@ust/schemas';

export interface DensityTally {
  /** Counts a located point at every resolution. */
  add(latitude: number, longitude: number): void;
  /** Takes back a point counted before (a build that derives a state again takes back its former points). */
  remove(latitude: number, longitude: number): void;
  /** Points added so far. */
  readonly points: number;
  /** The occupied cells of a resolution in H3 index order, with centres rounded for the browser. */
  cells(resolution: H3DensityResolution): H3DensityCell[];
}

/** The cell of a resolution that holds a point (the density layer's, not the search indexes'). */
export function densityCellOf(latitude: number, longitude: number, resolution: H3DensityResolution): string {
  return latLngToCell(latitude, longitude, resolution);
}

const scale = 10 ** H3_DENSITY_CENTRE_DECIMALS;
const round = (value: number) => Math.round(value * scale) / scale;

/**
 * A tally of `resolutions`; with `from`, continuing the counts of stored documents (one per
 * resolution, as `cells` gives them, and the points they counted).
 */
export function createDensityTally(
  resolutions: readonly H3DensityResolution[] = H3_DENSITY_RESOLUTIONS,
  from?: { points: number; cells: Partial<Record<H3DensityResolution, readonly H3DensityCell[]>> },
): DensityTally {
  const counts = new Map<H3DensityResolution, Map<string, number>>(
    resolutions.map((resolution) => [resolution, new Map((from?.cells[resolution] ?? []).map(([cell, , , count]) => [cell, count]))]),
  );
  let points = from?.points ?? 0;
  return {
    add(latitude, longitude) {
      for (const [resolution, cells] of counts) {
        const cell = densityCellOf(latitude, longitude, resolution);
        cells.set(cell, (cells.get(cell) ?? 0) + 1);
      }
      points += 1;
    },
    remove(latitude, longitude) {
      for (const [resolution, cells] of counts) {
        const cell = densityCellOf(latitude, longitude, resolution);
        const count = cells.get(cell) ?? 0;
        if (count < 1) throw new RangeError(`No point was counted in ${cell} (resolution ${resolution}) to take back`);
        if (count === 1) cells.delete(cell);
        else cells.set(cell, count - 1);
      }
      points -= 1;
    },
    get points() {
      return points;
    },
    cells(resolution) {
      const cells = counts.get(resolution);
      if (!cells) throw new RangeError(`This tally does not count resolution ${resolution}`);
      return [...cells]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([cell, count]): H3DensityCell => {
          const [latitude, longitude] = cellToLatLng(cell);
          return [cell, round(longitude), round(latitude), count];
        });
    },
  };
}
