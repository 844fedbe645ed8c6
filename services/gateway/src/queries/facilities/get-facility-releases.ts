import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseRecord } from '@ust/schemas';

/** Releases linked to a facility, newest report first. */
export function getFacilityReleases(store: AnalyticsStore, facilityId: string): Promise<ReleaseRecord[]> {
  return store.query<ReleaseRecord>(
    'SELECT * FROM releases FINAL WHERE facility_id = {id:String} ORDER BY reported_date DESC, release_id',
    { id: facilityId },
  );
}
