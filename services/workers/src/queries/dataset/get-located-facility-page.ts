import type { AnalyticsStore } from '@ust/platform';

export interface LocatedFacilityRow {
  facility_id: string;
  latitude: number;
  longitude: number;
}

/**
 * The next `limit` facilities of a dataset version with an exact point, after `after` (paging
 * by key, docs/decisions/0022-chdb-discipline.md): only what the density layer needs of a
 * summary row. A facility placed at its ZIP's centroid or its town's centre is left out: its
 * point is a guess miles wide, and a density cell is counted as a place facilities are
 * (docs/decisions/0110-located-by.md). With `states`, only those states' facilities.
 */
export async function getLocatedFacilityPage(
  store: AnalyticsStore,
  version: number,
  after: string,
  limit: number,
  states?: readonly string[],
): Promise<LocatedFacilityRow[]> {
  return store.query<LocatedFacilityRow>(
    `SELECT facility_id, latitude, longitude
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND facility_id > {after:String}
       AND latitude IS NOT NULL AND longitude IS NOT NULL
       AND ifNull(located_by, 'coordinates') IN ('coordinates', 'address')
       ${states ? 'AND state IN {states:Array(String)}' : ''}
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    { version, after, limit, ...(states ? { states } : {}) },
  );
}
