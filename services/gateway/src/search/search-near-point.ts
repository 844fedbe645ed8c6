/**
 * Facilities and the closest release around a point, from the H3 search indexes of a dataset
 * version (DESIGN.md section 4, 'A search'): the cells of the 10-mile disk are read in one
 * round trip, distances are exact (haversine), and only the items that make the result are
 * parsed.
 */
import { cellsWithinRadius, MAX_SEARCH_RESULTS, nearestItems, SEARCH_CELL_RESOLUTION, SEARCH_RADIUS_MILES } from '@ust/domain';
import type { Cache } from '@ust/platform';
import type { SearchFacilityItem, SearchReleaseItem } from '@ust/schemas';
import { searchKeys } from '@ust/workers';

export interface FoundFacility extends SearchFacilityItem {
  distance_miles: number;
}

export interface FoundRelease extends SearchReleaseItem {
  distance_miles: number;
}

export interface NearPointResult {
  /** Closest first, at most MAX_SEARCH_RESULTS. */
  facilities: FoundFacility[];
  /** Every facility within the radius. */
  total_found: number;
  closest_release: FoundRelease | null;
}

const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

export async function searchNearPoint(cache: Cache, version: number, latitude: number, longitude: number): Promise<NearPointResult> {
  const { cells } = cellsWithinRadius(latitude, longitude, SEARCH_RADIUS_MILES, SEARCH_CELL_RESOLUTION);
  const keys = [
    ...cells.map((cell) => searchKeys.facilityCell(version, SEARCH_CELL_RESOLUTION, cell)),
    ...cells.map((cell) => searchKeys.releaseCell(version, SEARCH_CELL_RESOLUTION, cell)),
  ];
  const blobs = await cache.getBuffers(keys);
  const facilities = nearestItems<SearchFacilityItem>(blobs.slice(0, cells.length), latitude, longitude, SEARCH_RADIUS_MILES, MAX_SEARCH_RESULTS);
  const [release] = nearestItems<SearchReleaseItem>(blobs.slice(cells.length), latitude, longitude, SEARCH_RADIUS_MILES, 1).nearest;
  return {
    facilities: facilities.nearest.map(({ item, distanceMiles }) => ({ ...item, distance_miles: roundMiles(distanceMiles) })),
    total_found: facilities.total,
    closest_release: release ? { ...release.item, distance_miles: roundMiles(release.distanceMiles) } : null,
  };
}
