import type { AnalyticsStore } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { FACILITY_LIST_ITEM_COLUMNS } from './facility-list-item-columns.js';

export type CountyListItemRow = FacilityListItem & { FIPS: string };

/**
 * The next `limit` list items of facilities whose FIPS starts with `prefix` (a state's
 * counties), after (`afterFips`, `afterId`) in (FIPS, facility_id) order.
 */
export async function getCountyFacilityListPage(
  store: AnalyticsStore,
  page: { version: number; prefix: string; afterFips: string; afterId: string; limit: number },
): Promise<CountyListItemRow[]> {
  return store.query<CountyListItemRow>(
    `SELECT ${FACILITY_LIST_ITEM_COLUMNS}
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32}
       AND fips IS NOT NULL AND startsWith(assumeNotNull(fips), {prefix:String})
       AND (assumeNotNull(fips), facility_id) > ({afterFips:String}, {afterId:String})
     ORDER BY assumeNotNull(fips), facility_id
     LIMIT {limit:UInt32}`,
    page,
  );
}
