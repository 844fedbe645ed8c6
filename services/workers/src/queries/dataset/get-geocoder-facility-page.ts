import type { AnalyticsStore } from '@ust/platform';

/**
 * The address of a located facility or release, for the geocoder index. The columns are
 * selected as they are: an alias such as `assumeNotNull(latitude) AS latitude` would also
 * replace the column in WHERE, and `IS NOT NULL` would let every row through. A record placed
 * at its ZIP's centroid or town's centre is no address point: the geocoder would answer its
 * address with that guess (docs/decisions/0110-located-by.md).
 */
export interface GeocoderAddressRow {
  id: string;
  address: string;
  city: string | null;
  state: string;
  zip_code: string | null;
  latitude: number;
  longitude: number;
}

/** The next `limit` located, addressed facilities of a state in a version, after `after` by facility_id. */
export async function getGeocoderFacilityPage(
  store: AnalyticsStore,
  page: { version: number; state: string; after: string; limit: number },
): Promise<GeocoderAddressRow[]> {
  return store.query<GeocoderAddressRow>(
    `SELECT facility_id AS id, address, city, state, zip_code, latitude, longitude
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND state = {state:String} AND facility_id > {after:String}
       AND address IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
       AND ifNull(located_by, 'coordinates') IN ('coordinates', 'address')
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    page,
  );
}
