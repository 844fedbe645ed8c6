import type { AnalyticsStore } from '@ust/platform';
import type { GeocoderAddressRow } from './get-geocoder-facility-page.js';

/** The next `limit` located, addressed releases (current versions) of a state, after `after` by release_id. */
export async function getGeocoderReleasePage(store: AnalyticsStore, page: { state: string; after: string; limit: number }): Promise<GeocoderAddressRow[]> {
  return store.query<GeocoderAddressRow>(
    `SELECT release_id AS id, address, city, state, zip_code, latitude, longitude
     FROM releases FINAL
     WHERE state = {state:String} AND release_id > {after:String}
       AND address IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
       AND ifNull(located_by, 'coordinates') IN ('coordinates', 'address')
     ORDER BY release_id
     LIMIT {limit:UInt32}`,
    page,
  );
}
