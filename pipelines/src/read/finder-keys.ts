/**
 * UST Finder keys a facility by the land location (a tribal land) and the location within it;
 * neither is unique alone (Location ID repeats 84 times in the tribal facilities).
 */
import type { SourceRow } from './headers.js';
import { REJECT, type RowRejects } from './rejects.js';
import { cleanText } from './normalise/values.js';

export interface FinderLocationKey {
  /** `TRIBAL-{Land Location ID}-{Location ID}`. */
  facilityId: string;
  /** `{Land Location ID}-{Location ID}`, as the source spells both. */
  sourceId: string;
}

export function finderLocationKey(row: SourceRow<'landLocationId' | 'locationId'>, rejects: RowRejects): FinderLocationKey | null {
  const land = cleanText(row.get('landLocationId'));
  const location = cleanText(row.get('locationId'));
  if (!land) rejects.add(row.header('landLocationId'), row.get('landLocationId'), REJECT.missingId);
  if (!location) rejects.add(row.header('locationId'), row.get('locationId'), REJECT.missingId);
  if (!land || !location) return null;
  return { facilityId: `TRIBAL-${land}-${location}`, sourceId: `${land}-${location}` };
}
