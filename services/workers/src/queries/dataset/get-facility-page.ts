import type { AnalyticsStore } from '@ust/platform';
import type { FacilityRecord } from '@ust/schemas';

export type FacilityPageRow = Pick<
  FacilityRecord,
  'facility_id' | 'name' | 'address' | 'city' | 'county' | 'state' | 'zip_code' | 'latitude' | 'longitude' | 'fips' | 'mapping_method' | 'source'
>;

/** The next `limit` facilities after `after` in facility_id order (paging by key, DECISIONS.md 22). */
export async function getFacilityPage(store: AnalyticsStore, after: string, limit: number): Promise<FacilityPageRow[]> {
  return store.query<FacilityPageRow>(
    `SELECT facility_id, name, address, city, county, state, zip_code, latitude, longitude, fips, mapping_method, source
     FROM facilities FINAL
     WHERE facility_id > {after:String}
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    { after, limit },
  );
}
