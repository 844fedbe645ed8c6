import type { AnalyticsStore } from '@ust/platform';
import type { LocatedBy } from '@ust/schemas';
import { searchRegionCondition, type SearchRegionFilter } from './search-region-filter.js';

export interface SearchReleaseRow {
  release_id: string;
  lust_id: string;
  facility_id: string | null;
  name: string | null;
  city: string | null;
  state: string;
  latitude: number;
  longitude: number;
  located_by: LocatedBy;
  status: string | null;
  status_class: string;
  substance: string | null;
  reported_date: string | null;
  population_within_1500ft: number | null;
  is_generated: boolean;
  source: string;
}

/** The next `limit` located releases (current versions) after `after`, in release_id order; with `region`, only those it holds. */
export async function getSearchReleasePage(store: AnalyticsStore, after: string, limit: number, region?: SearchRegionFilter): Promise<SearchReleaseRow[]> {
  const { sql, params } = searchRegionCondition(region);
  return store.query<SearchReleaseRow>(
    `SELECT release_id, lust_id, facility_id, name, city, state, latitude, longitude,
            ifNull(located_by, 'coordinates') AS located_by, status, status_class, substance,
            reported_date, population_within_1500ft, toBool(source = 'generated') AS is_generated, source
     FROM releases FINAL
     WHERE release_id > {after:String} AND latitude IS NOT NULL AND longitude IS NOT NULL ${sql}
     ORDER BY release_id
     LIMIT {limit:UInt32}`,
    { after, limit, ...params },
  );
}
