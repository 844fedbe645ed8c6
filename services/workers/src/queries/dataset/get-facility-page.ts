import type { AnalyticsStore } from '@ust/platform';
import type { RiskReceptors } from '@ust/domain';
import type { FacilityRecord } from '@ust/schemas';

export type FacilityPageRow = Pick<
  FacilityRecord,
  'facility_id' | 'name' | 'address' | 'city' | 'county' | 'state' | 'zip_code' | 'latitude' | 'longitude' | 'located_by' | 'fips' | 'mapping_method' | 'source'
> &
  RiskReceptors;

/**
 * The next `limit` facilities after `after` in facility_id order (paging by key,
 * docs/decisions/0022-chdb-discipline.md): the list fields the summary copies and the
 * receptor fields the risk score reads. With `states`, only those states' facilities.
 */
export async function getFacilityPage(store: AnalyticsStore, after: string, limit: number, states?: readonly string[]): Promise<FacilityPageRow[]> {
  return store.query<FacilityPageRow>(
    `SELECT facility_id, name, address, city, county, state, zip_code, latitude, longitude, located_by, fips, mapping_method, source,
            population_1500ft, private_wells_1500ft, within_spa, within_whpa, within_100yr_floodplain
     FROM facilities FINAL
     WHERE facility_id > {after:String} ${states ? 'AND state IN {states:Array(String)}' : ''}
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    { after, limit, ...(states ? { states } : {}) },
  );
}
