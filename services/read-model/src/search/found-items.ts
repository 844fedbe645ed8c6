/**
 * What a search found, as positions in the items blobs of the index: a response copies each
 * item's JSON bytes as the cache holds them, with no decode, parse or re-serialize.
 */
import { packedItemRange, type NearbyItem } from '@ust/domain';
import { APPROXIMATE_MIN_MILES, type SearchFacilityItem, type SearchReleaseItem } from '@ust/schemas';

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
  /** The distance a response states: never under a mile from an approximate point. */
  distanceMiles: number;
  /** The item's point is a ZIP centroid or a town centre (docs/decisions/0110-located-by.md). */
  approximate: boolean;
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

/** How an approximate item's JSON ends: the workers write `approximate` as its last field. */
const APPROXIMATE_END = Buffer.from('"approximate":true}', 'latin1');

/** True when the item's JSON, the bytes [start, end) of the blob, ends with `"approximate":true}`. */
function endsApproximate(blob: Buffer, start: number, end: number): boolean {
  return end - start >= APPROXIMATE_END.length && blob.compare(APPROXIMATE_END, 0, APPROXIMATE_END.length, end - APPROXIMATE_END.length, end) === 0;
}

/**
 * Where a found item's JSON lies in its cell's items blob. An approximate item is found at its
 * true distance from the placed point, but stated no nearer than APPROXIMATE_MIN_MILES: the
 * point says nothing finer than that.
 */
export function foundItemIn<T>(blob: Buffer, item: NearbyItem): FoundItem<T> {
  const [start, end] = packedItemRange(blob, item.index);
  const approximate = endsApproximate(blob, start, end);
  const distanceMiles = approximate ? Math.max(APPROXIMATE_MIN_MILES, item.distanceMiles) : item.distanceMiles;
  return { blob, start, end, distanceMiles, approximate };
}
