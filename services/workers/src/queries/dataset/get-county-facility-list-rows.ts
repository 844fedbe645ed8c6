import type { AnalyticsStore } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { FACILITY_LIST_ITEM_COLUMNS } from './facility-list-item-columns.js';

/** The list items of every facility, of any state, in the counties `fips`, in facility_id order. */
export async function getCountyFacilityListRows(store: AnalyticsStore, version: number, fips: readonly string[]): Promise<FacilityListItem[]> {
  return store.query<FacilityListItem>(
    `SELECT ${FACILITY_LIST_ITEM_COLUMNS}
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND fips IN {fips:Array(String)}
     ORDER BY facility_id`,
    { version, fips },
  );
}
