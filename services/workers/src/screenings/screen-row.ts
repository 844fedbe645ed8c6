/**
 * Screens one portfolio row (docs/decisions/0035-portfolio-matching.md): places it (its
 * coordinates, or the geocoder), matches the facility at that place when there is one, and
 * reads its surroundings from the search index: facilities and releases within 0.25 and 1 mile,
 * the highest risk score within 1 mile, the closest release within 10 miles. A matched facility
 * comes with its risk score and indicative quotes as the index holds them.
 */
import { FEET_PER_MILE } from '@ust/domain';
import { canonicalTokens, normaliseStreet } from '@ust/domain/geocoding';
import { foundItemJson, type FoundFacility, type FoundItem, type Geocoder, type SearchIndex, type Surroundings } from '@ust/read-model';
import {
  SCREENING_MATCH_FEET,
  type PortfolioRow,
  SCREENING_RADII_MILES,
  type ScreeningInput,
  type ScreeningRow,
  type ScreeningSurroundings,
  type SearchFacilityItem,
  type SearchReleaseItem,
} from '@ust/schemas';

/**
 * The closest facilities read around a place: the address rule's candidates, and those the
 * highest risk within 1 mile is taken from (a place with more within 1 mile, a dense city
 * centre, takes it from these closest ones).
 */
const FACILITIES_READ = 200;
const SCREENING_RADIUS_MILES = SCREENING_RADII_MILES[SCREENING_RADII_MILES.length - 1]!;
const MATCH_MILES = SCREENING_MATCH_FEET / FEET_PER_MILE;

export interface ScreenRowDeps {
  geocoder: Geocoder;
  searchIndex: SearchIndex;
  version: number;
}

interface Place {
  latitude: number;
  longitude: number;
  located_by: string;
  formatted_address: string | null;
}

export async function screenRow(deps: ScreenRowDeps, row: PortfolioRow): Promise<ScreeningRow> {
  const base = { line: row.line, reference: row.reference, input: row.input };
  const notLocated = (reason: string): ScreeningRow => ({
    ...base,
    outcome: 'not_located',
    reason: row.note ? `${reason}; ${row.note}` : reason,
    location: null,
    match: null,
    facility: null,
    surroundings: null,
  });
  if (row.problem) return notLocated(row.problem);
  const place = await placeOf(deps.geocoder, row.input);
  if ('reason' in place) return notLocated(place.reason);

  const around = await deps.searchIndex.surroundings(
    deps.version,
    place.latitude,
    place.longitude,
    SCREENING_RADIUS_MILES,
    SCREENING_RADII_MILES,
    FACILITIES_READ,
  );
  const matched = matchFacility(row.input, place, around.facilities);
  return {
    ...base,
    outcome: matched ? 'matched' : 'screened',
    reason: row.note,
    location: place,
    match: matched ? { rule: matched.rule, distance_feet: Math.round(matched.found.distanceMiles * FEET_PER_MILE) } : null,
    facility: matched ? facilityOf(matched.found) : null,
    surroundings: surroundingsOf(around),
  };
}

/** The geocoder's query for a row: its address parts as one line ('12 Main St, Dover, DE 19901'). */
export function addressQuery(input: ScreeningInput): string {
  const stateAndZip = [input.state, input.zip].filter(Boolean).join(' ');
  return [input.address, input.city, stateAndZip].filter(Boolean).join(', ');
}

async function placeOf(geocoder: Geocoder, input: ScreeningInput): Promise<Place | { reason: string }> {
  if (input.latitude !== null && input.longitude !== null) {
    return { latitude: Number(input.latitude), longitude: Number(input.longitude), located_by: 'coordinates', formatted_address: null };
  }
  const geocoded = await geocoder.geocode(addressQuery(input));
  if (!geocoded.success || geocoded.latitude === null || geocoded.longitude === null) return { reason: `not geocoded: ${geocoded.message}` };
  return {
    latitude: geocoded.latitude,
    longitude: geocoded.longitude,
    located_by: geocoded.match_type ?? 'place',
    formatted_address: geocoded.formatted_address,
  };
}

interface Matched {
  rule: 'address' | 'proximity';
  found: FoundItem<FoundFacility>;
}

/**
 * The address rule first (the row's normalised street address and ZIP equal a nearby
 * facility's), then proximity: for a row placed by its coordinates or at an address point, the
 * closest facility within 250 ft. A row placed only at a ZIP or a town is never matched by
 * distance: its point is not the location's.
 */
function matchFacility(input: ScreeningInput, place: Place, nearby: ReadonlyArray<FoundItem<FoundFacility>>): Matched | null {
  const rowAddress = input.address ? streetKey(input.address) : null;
  const rowZip = zip5(input.zip) ?? zip5(input.address?.match(/\b(\d{5})(?:-\d{4})?\s*$/)?.[1] ?? null);
  if (rowAddress && rowZip) {
    for (const found of nearby) {
      // Only a facility in the row's ZIP is parsed to compare its street.
      if (zipOf(found) !== rowZip) continue;
      const { address } = facilityOf(found);
      if (address && streetKey(address) === rowAddress) return { rule: 'address', found };
    }
  }
  // Nor is a facility placed at its ZIP or town (docs/decisions/0110-located-by.md): the
  // closest facility with a point of its own.
  const closest = nearby.find((found) => !found.approximate);
  const pointIsTheLocation = place.located_by === 'coordinates' || place.located_by === 'address';
  if (closest && pointIsTheLocation && closest.distanceMiles <= MATCH_MILES) return { rule: 'proximity', found: closest };
  return null;
}

/** A street address as the rule compares it: house number and canonical street words ('2181 S DUPONT HWY'). */
function streetKey(address: string): string | null {
  const street = normaliseStreet(address.split(',')[0] ?? address);
  if (!street || street.number === null) return null;
  return `${street.number} ${canonicalTokens(street.street).join(' ')}`;
}

function zip5(zip: string | null): string | null {
  const digits = zip?.match(/^\s*(\d{5})/)?.[1];
  return digits ?? null;
}

/** The facility as the index holds it, without the search's distance. */
function facilityOf(found: FoundItem<FoundFacility>): SearchFacilityItem {
  const { distance_miles: _distance, ...facility } = JSON.parse(foundItemJson(found)) as FoundFacility;
  return facility;
}

/**
 * Where a field's value starts in a found item's JSON, or -1. A place may have 200 facilities
 * around it, and thousands of rows are screened in turn: reading a field where it lies copies and
 * parses nothing, so screening leaves little garbage for the collector to pause the event loop over.
 */
function fieldValueAt(found: FoundItem<FoundFacility>, field: Buffer): number {
  const at = found.blob.subarray(found.start, found.end).indexOf(field);
  return at < 0 ? -1 : found.start + at + field.length;
}

const RISK_SCORE_FIELD = Buffer.from('"risk_score":');
const ZIP_CODE_FIELD = Buffer.from('"zip_code":"');
const DIGIT_0 = 0x30;

/** A facility's risk score (1-10) read from its JSON without parsing the rest. */
function riskScoreOf(found: FoundItem<FoundFacility>): number | null {
  let at = fieldValueAt(found, RISK_SCORE_FIELD);
  if (at < 0) return null;
  let score = 0;
  let digits = 0;
  for (; at < found.end && found.blob[at]! >= DIGIT_0 && found.blob[at]! <= DIGIT_0 + 9; at++, digits++) score = score * 10 + found.blob[at]! - DIGIT_0;
  return digits ? score : null;
}

/** A facility's 5-digit ZIP read from its JSON without parsing the rest. */
function zipOf(found: FoundItem<FoundFacility>): string | null {
  const at = fieldValueAt(found, ZIP_CODE_FIELD);
  return at < 0 ? null : zip5(found.blob.toString('latin1', at, Math.min(at + 5, found.end)));
}

function surroundingsOf(around: Surroundings): ScreeningSurroundings {
  const [quarter, one] = around.rings;
  let highest: { score: number; found: FoundItem<FoundFacility> } | null = null;
  for (const found of around.facilities) {
    const score = riskScoreOf(found);
    if (score !== null && (!highest || score > highest.score)) highest = { score, found };
  }
  const release = around.closest_release ? (JSON.parse(foundItemJson(around.closest_release)) as SearchReleaseItem & { distance_miles: number }) : null;
  return {
    facilities_within_quarter_mile: quarter!.facilities,
    facilities_within_one_mile: one!.facilities,
    releases_within_quarter_mile: quarter!.releases,
    releases_within_one_mile: one!.releases,
    highest_risk_within_one_mile: highest?.score ?? null,
    highest_risk_facility_id: highest ? facilityOf(highest.found).id : null,
    nearest_release: release
      ? {
          release_id: release.release_id,
          lust_id: release.lust_id,
          name: release.name,
          status_class: release.status_class,
          distance_miles: release.distance_miles,
          is_generated: release.is_generated,
          approximate: release.approximate,
        }
      : null,
  };
}
