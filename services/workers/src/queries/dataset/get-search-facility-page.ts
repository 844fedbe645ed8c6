import type { AnalyticsStore } from '@ust/platform';
import type { LocatedBy } from '@ust/schemas';
import { searchRegionCondition, type SearchRegionFilter } from './search-region-filter.js';

export interface SearchFacilityRow {
  facility_id: string;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string;
  zip_code: string | null;
  latitude: number;
  longitude: number;
  located_by: LocatedBy;
  fips: string | null;
  total_tank_count: number;
  active_tank_count: number;
  has_leak: boolean;
  leak_reported: boolean;
  total_leak_count: number;
  calculated_risk_score: number | null;
  is_generated: boolean;
  source: string;
}

/**
 * The next `limit` located facilities of a dataset version after `after` (paging by key,
 * docs/decisions/0022-chdb-discipline.md): what a search result shows of a facility,
 * from its summary row. With `region`, only the facilities it holds.
 */
export async function getSearchFacilityPage(
  store: AnalyticsStore,
  version: number,
  after: string,
  limit: number,
  region?: SearchRegionFilter,
): Promise<SearchFacilityRow[]> {
  const { sql, params } = searchRegionCondition(region);
  return store.query<SearchFacilityRow>(
    `SELECT facility_id, name, address, city, state, zip_code, latitude, longitude,
            ifNull(located_by, 'coordinates') AS located_by, fips, total_tank_count, active_tank_count,
            has_leak, leak_reported, total_leak_count, calculated_risk_score, is_generated, source
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND facility_id > {after:String}
       AND latitude IS NOT NULL AND longitude IS NOT NULL ${sql}
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    { version, after, limit, ...params },
  );
}
