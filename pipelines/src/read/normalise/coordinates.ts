/**
 * Coordinate checks against the county polygons: swapped or sign-less coordinates are repaired
 * when the repair puts the point in the stated state, points in another state are kept and
 * reported, points outside the US lose their coordinates (the record is kept).
 */
import type { CountyInfo, CountyLocator } from '@ust/domain';
import { parseNumber } from './values.js';

export const REPAIR_SWAPPED = 'swapped latitude and longitude';
export const REPAIR_NEGATED_LONGITUDE = 'negated longitude';

/** A problem found with a record's coordinates, reported as a reject row. */
export type CoordinateProblem =
  | 'unparseable coordinates, set to null'
  | 'placeholder coordinates (0, 0), set to null'
  | 'coordinates outside the US'
  | 'coordinates outside the stated state'
  | 'latitude and longitude swapped (repaired)'
  | 'longitude sign missing (repaired)';

export interface CoordinateCheck {
  latitude: number | null;
  longitude: number | null;
  /** The repairs made, '; '-joined in the order applied; null when none. */
  repairs: string[];
  /** The county the point lies in, when it lies in the stated state; else null. */
  county: CountyInfo | null;
  problems: CoordinateProblem[];
}

/**
 * The county polygons are us-atlas' 1:10,000,000 cartographic boundaries: shorelines and state
 * lines are generalised by up to a kilometre or two, so a filling station on Chicago's lake
 * shore lies "in the lake" and one on DC's border "in Maryland". A point that misses is retried
 * at these distances (km) in eight directions before it is called outside.
 */
const PROBE_KM = [0.5, 1, 2, 3];
const KM_PER_DEGREE = 111.32;
const DIRECTIONS = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => (deg * Math.PI) / 180);

/** The county at the point, or the first county found within the probe distances; optionally only in `state`. */
export function countyNear(locator: CountyLocator, latitude: number, longitude: number, state?: string): CountyInfo | null {
  const fits = (county: CountyInfo | null) => county !== null && (state === undefined || county.state === state);
  const exact = locator.countyAt(latitude, longitude);
  if (fits(exact)) return exact;
  const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  for (const km of PROBE_KM) {
    for (const angle of DIRECTIONS) {
      const lat = latitude + (km / KM_PER_DEGREE) * Math.sin(angle);
      const lon = longitude + (km / (KM_PER_DEGREE * cosLat)) * Math.cos(angle);
      const county = locator.countyAt(lat, lon);
      if (fits(county)) return county;
    }
  }
  return null;
}

interface Candidate {
  latitude: number;
  longitude: number;
  repairs: string[];
  problems: CoordinateProblem[];
}

/** The readings of a pair to try, the source's own first. */
function candidatesOf(latitude: number, longitude: number): Candidate[] {
  const candidates: Candidate[] = [{ latitude, longitude, repairs: [], problems: [] }];
  // Every US point has a negative longitude (the Aleutians west of 180° aside, which no UST
  // file places there): a positive one lost its minus sign.
  if (longitude > 0) {
    candidates.push({ latitude, longitude: -longitude, repairs: [REPAIR_NEGATED_LONGITUDE], problems: ['longitude sign missing (repaired)'] });
  }
  candidates.push({ latitude: longitude, longitude: latitude, repairs: [REPAIR_SWAPPED], problems: ['latitude and longitude swapped (repaired)'] });
  if (latitude > 0) {
    candidates.push({
      latitude: longitude,
      longitude: -latitude,
      repairs: [REPAIR_SWAPPED, REPAIR_NEGATED_LONGITUDE],
      problems: ['latitude and longitude swapped (repaired)', 'longitude sign missing (repaired)'],
    });
  }
  return candidates.filter((c) => Math.abs(c.latitude) <= 90 && Math.abs(c.longitude) <= 180);
}

/**
 * Checks a record's coordinate cells against its stated state. Blank coordinates are not a
 * problem (many records have none); everything else that changes or doubts them is.
 */
export function checkCoordinates(locator: CountyLocator, latitudeText: string | undefined, longitudeText: string | undefined, state: string): CoordinateCheck {
  const none = (problems: CoordinateProblem[]): CoordinateCheck => ({ latitude: null, longitude: null, repairs: [], county: null, problems });
  const latitude = parseNumber(latitudeText);
  const longitude = parseNumber(longitudeText);
  if (latitude === null && longitude === null) return none([]);
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) {
    return none(['unparseable coordinates, set to null']);
  }
  // Null Island: the filler of records without coordinates (1,869 Illinois facilities).
  if (latitude === 0 && longitude === 0) return none(['placeholder coordinates (0, 0), set to null']);

  const candidates = candidatesOf(latitude, longitude);
  for (const candidate of candidates) {
    const county = countyNear(locator, candidate.latitude, candidate.longitude, state);
    if (county) return { ...candidate, county };
  }
  // Not in the stated state under any reading: keep the first reading that is in the US
  // (the state column may be the wrong one) and report it.
  for (const candidate of candidates) {
    if (countyNear(locator, candidate.latitude, candidate.longitude)) {
      return { ...candidate, county: null, problems: [...candidate.problems, 'coordinates outside the stated state'] };
    }
  }
  return none(['coordinates outside the US']);
}
