import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseRecord } from '@ust/schemas';

/**
 * Releases linked to a facility (their current versions), newest report first. FINAL over the
 * whole table for a non-key column costs ~40 ms at national scale; narrowing to the matching
 * release ids first (the bloom-filter index, then the sort key) costs ~14 ms. The outer
 * facility_id filter drops a release whose latest version links another facility.
 */
export function getFacilityReleases(store: AnalyticsStore, facilityId: string): Promise<ReleaseRecord[]> {
  return store.query<ReleaseRecord>(
    `SELECT * FROM releases FINAL
     WHERE release_id IN (SELECT release_id FROM releases WHERE facility_id = {id:String}) AND facility_id = {id:String}
     ORDER BY reported_date DESC, release_id`,
    { id: facilityId },
  );
}
