import type { AnalyticsStore } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { FACILITY_LIST_ITEM_COLUMNS } from './facility-list-item-columns.js';

/** The next `limit` list items of a state's facilities after `after`, in facility_id order. */
export async function getStateFacilityListPage(
  store: AnalyticsStore,
  page: { version: number; state: string; after: string; limit: number },
): Promise<FacilityListItem[]> {
  return store.query<FacilityListItem>(
    `SELECT ${FACILITY_LIST_ITEM_COLUMNS}
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND state = {state:String} AND facility_id > {after:String}
     ORDER BY facility_id
     LIMIT {limit:UInt32}`,
    page,
  );
}
