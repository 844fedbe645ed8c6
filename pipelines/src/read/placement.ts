/**
 * Placing a record its source gives no coordinates (docs/decisions/0110-located-by.md): at an
 * address point (a record of the source set with its own coordinates at the same street
 * address and ZIP, or the facility a release is linked to), else at its ZIP's centroid, else at
 * its town's centre; the last two are approximate. A ZIP or town counts only in the record's own
 * state, and no placement is ever at (0, 0). The record says how in `located_by`, and each
 * placement is a warning row so the import summary counts records per way.
 */
import { loadZipCentroids, type CountyLocator, type ZipCentroid } from '@ust/domain';
import { loadUsPlaces, placeKey, type UsPlace } from '@ust/domain/geocoding';
import type { LocatedBy } from '@ust/schemas';
import { addressKey } from './facility-addresses.js';
import type { SourceRow } from './headers.js';
import { REJECT, type RowRejects } from './rejects.js';

interface Point {
  latitude: number;
  longitude: number;
}

/** The fields of a facility or release record that placing reads and sets. */
export interface PlaceableRecord {
  state: string;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  latitude: number | null;
  longitude: number | null;
  located_by: LocatedBy | null;
  fips: string | null;
  county: string | null;
  /** A facility's; releases have none. */
  mapping_method?: string | null;
}

/** The source headers a placement's warning row names. */
export interface PlacementHeaders {
  address: string;
  zip: string;
  city: string;
}

export function placementHeaders(row: SourceRow<'address1' | 'zip' | 'city'>): PlacementHeaders {
  return { address: row.header('address1'), zip: row.header('zip'), city: row.header('city') };
}

interface Placement {
  locatedBy: LocatedBy;
  point: Point;
  /** The county of the point, when known without a lookup (a ZIP's). */
  county?: { fips: string; name: string };
  field: string;
  value: string;
  reason: (typeof REJECT)[keyof typeof REJECT];
}

/** (0, 0) is the placeholder of a missing point in many exports, never a US site. */
const isPlaceholder = (point: Point) => point.latitude === 0 && point.longitude === 0;

/** One per source set: address points are the records read before, in reading order. */
export class RecordPlacer {
  /** facility_id -> the facility's own point. */
  readonly #facilityPoints = new Map<string, Point>();
  /** Address key -> its one point; null when records at that address disagree. */
  readonly #addressPoints = new Map<string, Point | null>();
  #zips: Map<string, ZipCentroid> | undefined;
  #places: Map<string, UsPlace> | undefined;

  constructor(private readonly locator: CountyLocator) {}

  /**
   * Remembers a record's own point as the point of its address (and of its facility id): only
   * points the source gave, never ones placed here, so a placement never builds on another.
   */
  addAddressPoint(record: PlaceableRecord, facilityId: string | null): void {
    if (record.located_by !== 'coordinates' || record.latitude === null || record.longitude === null) return;
    const point = { latitude: record.latitude, longitude: record.longitude };
    if (facilityId !== null) this.#facilityPoints.set(facilityId, point);
    const key = addressKey(record.state, record.zip_code, record.address);
    if (key === null) return;
    const known = this.#addressPoints.get(key);
    const agrees = known === undefined || (known !== null && known.latitude === point.latitude && known.longitude === point.longitude);
    this.#addressPoints.set(key, agrees ? point : null);
  }

  /**
   * Sets `located_by` and, for a record without coordinates, the point and (when the source gave
   * none) the county it is placed in. `facilityId` is the facility a release is linked to.
   */
  place(record: PlaceableRecord, facilityId: string | null, headers: PlacementHeaders, rejects: RowRejects): void {
    if (record.latitude !== null && record.longitude !== null) {
      record.located_by = 'coordinates';
      return;
    }
    const placement = this.#placement(record, facilityId, headers);
    if (placement === null || isPlaceholder(placement.point)) {
      record.located_by = null;
      rejects.add(`${headers.address},${headers.zip},${headers.city}`, null, REJECT.notPlaced);
      return;
    }
    record.latitude = placement.point.latitude;
    record.longitude = placement.point.longitude;
    record.located_by = placement.locatedBy;
    if (record.fips === null) {
      const county = placement.county ?? this.#countyIn(placement.point, record.state);
      if (county) {
        record.fips = county.fips;
        record.county ??= county.name;
        // A facility says how its county was found: here, by the placed point.
        if ('mapping_method' in record) record.mapping_method = 'point in county';
      }
    }
    rejects.add(placement.field, placement.value, placement.reason);
  }

  #placement(record: PlaceableRecord, facilityId: string | null, headers: PlacementHeaders): Placement | null {
    const key = addressKey(record.state, record.zip_code, record.address);
    const addressPoint = (facilityId === null ? undefined : this.#facilityPoints.get(facilityId)) ?? (key === null ? null : this.#addressPoints.get(key));
    if (addressPoint && !isPlaceholder(addressPoint)) {
      return { locatedBy: 'address', point: addressPoint, field: headers.address, value: record.address ?? facilityId ?? '', reason: REJECT.placedAtAddress };
    }
    const zip = record.zip_code === null ? undefined : this.#zipCentroids().get(record.zip_code.slice(0, 5));
    // A ZIP of another state is a typo or a border office: the town is the better guess.
    if (zip && zip.state === record.state) {
      return { locatedBy: 'zip', point: zip, county: { fips: zip.fips, name: zip.county }, field: headers.zip, value: zip.zip, reason: REJECT.placedAtZip };
    }
    const place = record.city === null ? undefined : this.#townCentres().get(placeKey(record.city, record.state));
    if (place) {
      return { locatedBy: 'place', point: place, field: headers.city, value: `${place.name}, ${place.state}`, reason: REJECT.placedAtPlace };
    }
    return null;
  }

  #countyIn(point: Point, state: string): { fips: string; name: string } | null {
    const county = this.locator.countyAt(point.latitude, point.longitude);
    return county && county.state === state ? { fips: county.fips, name: county.name } : null;
  }

  /** Loaded on the first record without coordinates: most source sets never need them. */
  #zipCentroids(): Map<string, ZipCentroid> {
    this.#zips ??= new Map(loadZipCentroids(this.locator).map((zip) => [zip.zip, zip]));
    return this.#zips;
  }

  /** A town's most populous place of that name in the state (Springfield, Greene County). */
  #townCentres(): Map<string, UsPlace> {
    if (this.#places) return this.#places;
    const places = new Map<string, UsPlace>();
    for (const place of loadUsPlaces(loadZipCentroids(this.locator))) {
      const key = placeKey(place.name, place.state);
      const known = places.get(key);
      if (!known || place.population > known.population) places.set(key, place);
    }
    this.#places = places;
    return places;
  }
}
