/**
 * What a search found, as positions in the items blobs of the index: a response copies each
 * item's JSON bytes as the cache holds them, with no decode, parse or re-serialize.
 */
import { packedItemRange, type NearbyItem } from '@ust/domain';
import type { SearchFacilityItem, SearchReleaseItem } from '@ust/schemas';

export interface FoundFacility extends SearchFacilityItem {
  distance_miles: number;
}

export interface FoundRelease extends SearchReleaseItem {
  distance_miles: number;
}

/**
 * A found item: where its JSON (a T without its distance) lies in its cell's items blob, and its
 * distance. The blob is the cache's own (read-only).
 */
export interface FoundItem<T> {
  blob: Buffer;
  start: number;
  end: number;
  distanceMiles: number;
  readonly __item?: T;
}

export interface NearPointResult {
  /** Closest first, at most MAX_SEARCH_RESULTS. */
  facilities: Array<FoundItem<FoundFacility>>;
  /** Every facility within the radius. */
  total_found: number;
  closest_release: FoundItem<FoundRelease> | null;
}

/** Miles as a response shows them. */
export const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

/** The JSON of a found item with `distance_miles` appended, as a response carries it. */
export function foundItemJson<T>(found: FoundItem<T>): string {
  return `${found.blob.toString('utf8', found.start, found.end - 1)},"distance_miles":${roundMiles(found.distanceMiles)}}`;
}

/** Where a found item's JSON lies in its cell's items blob. */
export function foundItemIn<T>(blob: Buffer, item: NearbyItem): FoundItem<T> {
  const [start, end] = packedItemRange(blob, item.index);
  return { blob, start, end, distanceMiles: item.distanceMiles };
}
