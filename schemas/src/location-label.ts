/**
 * How users are told that a point is approximate (docs/decisions/0110-located-by.md): one
 * wording for the facility dialog, the exposure sheet, the exports and the proximity answers.
 */
// Imported by the web app on its own (`@ust/schemas/location-label`): types only from the rest.
import type { LocatedBy } from './dataset.js';

/** A ZIP centroid or a town centre: miles wide, never a site. */
export const isApproximate = (locatedBy: LocatedBy | null | undefined): boolean => locatedBy === 'zip' || locatedBy === 'place';

/**
 * No distance under this many miles is stated from an approximate point: a ZIP centroid may lie
 * a mile or more from every site of the ZIP.
 */
export const APPROXIMATE_MIN_MILES = 1;

/** What a proximity answer says instead of a distance under a mile from an approximate point. */
export const APPROXIMATE_DISTANCE_TEXT = 'within about 1 mile (approximate location)';

/** 'FREDERICK' -> 'Frederick', 'mount airy' -> 'Mount Airy'. */
const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase());

/**
 * 'Approximate location (ZIP 21201)' or 'Approximate location (Frederick, MD)' for a placed
 * record; null for a point of its own (or an address point), and for a record without a point.
 */
export function approximateLocationLabel(record: { located_by: LocatedBy | null; zip_code: string | null; city: string | null; state: string }): string | null {
  if (record.located_by === 'zip' && record.zip_code) return `Approximate location (ZIP ${record.zip_code})`;
  if (record.located_by === 'place' && record.city) return `Approximate location (${titleCase(record.city)}, ${record.state})`;
  if (isApproximate(record.located_by)) return 'Approximate location';
  return null;
}

/**
 * A distance as users read it ('0.52 miles'). From an approximate point the answer states no
 * distance of a mile or less, where its `distance_miles` is floored: 'within about 1 mile
 * (approximate location)'.
 */
export function distanceText(miles: number, approximate: boolean): string {
  if (approximate && miles <= APPROXIMATE_MIN_MILES) return APPROXIMATE_DISTANCE_TEXT;
  return approximate ? `${miles.toFixed(2)} miles (approximate location)` : `${miles.toFixed(2)} miles`;
}
