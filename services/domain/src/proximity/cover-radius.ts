/**
 * Which H3 cells can hold a point within a radius of a query point. The disk radius comes from
 * the edge length of the query's own cell (h3 cells shrink and grow across the globe by a
 * factor of two or more, so the resolution's average edge would miss points where cells are
 * small).
 */
import { cellToBoundary, cellToLatLng, edgeLength, gridDisk, latLngToCell, originToDirectedEdges, UNITS } from 'h3-js';

const KM_PER_MILE = 1.609344;

/**
 * H3 resolution of the search indexes' items (about 5 km² per cell): the items of a cell are
 * one blob, and their coordinates a group of a search tile (search-tile.ts).
 */
export const SEARCH_CELL_RESOLUTION = 7;

/**
 * H3 resolution of the search tiles (about 250 km² per cell, search-tile.ts): a search within 10
 * miles reads a handful of tiles, found in the tile directory (tile-directory.ts).
 */
export const SEARCH_TILE_RESOLUTION = 5;

export interface CellDisk {
  origin: string;
  /** gridDisk radius (rings around the origin). */
  k: number;
  cells: string[];
}

/**
 * Every cell of `resolution` that can contain a point within `radiusMiles` of (latitude,
 * longitude). A ring-k cell's centre is at least 1.5·k·e from the origin's centre (e the edge
 * length; neighbouring centres are √3·e apart and a ring's nearest centre lies √3/2 of that
 * per step), and a point lies within e of its cell's centre, as does the query point of the
 * origin's: k = ceil((r + 2e) / 1.5e) covers the radius; one ring more absorbs the change of
 * cell size across the disk.
 */
export function cellsWithinRadius(latitude: number, longitude: number, radiusMiles: number, resolution: number): CellDisk {
  const origin = latLngToCell(latitude, longitude, resolution);
  const localEdgeKm = Math.min(...originToDirectedEdges(origin).map((edge) => edgeLength(edge, UNITS.km)));
  const radiusKm = radiusMiles * KM_PER_MILE;
  const k = Math.ceil((radiusKm + 2 * localEdgeKm) / (1.5 * localEdgeKm)) + 1;
  return { origin, k, cells: gridDisk(origin, k) };
}

/** The centre of a cell as [latitude, longitude] (used by tests and diagnostics). */
export function cellCentre(cell: string): [number, number] {
  return cellToLatLng(cell);
}

/** The cell of the search indexes' items (resolution 7) that holds a point. */
export function searchCellOf(latitude: number, longitude: number): string {
  return latLngToCell(latitude, longitude, SEARCH_CELL_RESOLUTION);
}

/** The search tile (resolution 5, search-tile.ts) that holds a point. */
export function searchTileOf(latitude: number, longitude: number): string {
  return latLngToCell(latitude, longitude, SEARCH_TILE_RESOLUTION);
}

/** The latitudes and longitudes a cell's boundary spans (its vertices'; a cell across the antimeridian spans every longitude). */
export function cellBounds(cell: string): { south: number; north: number; west: number; east: number } {
  const vertices = cellToBoundary(cell);
  const latitudes = vertices.map(([latitude]) => latitude);
  const longitudes = vertices.map(([, longitude]) => longitude);
  const west = Math.min(...longitudes);
  const east = Math.max(...longitudes);
  return { south: Math.min(...latitudes), north: Math.max(...latitudes), ...(east - west > 180 ? { west: -180, east: 180 } : { west, east }) };
}

/** A cell and the cells around it, at its resolution. */
export function cellAndNeighbours(cell: string): string[] {
  return gridDisk(cell, 1);
}
