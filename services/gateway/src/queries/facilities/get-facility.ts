import type { AnalyticsStore } from '@ust/platform';
import type { FacilityRecord } from '@ust/schemas';

/** The current version of one facility, or undefined. */
export async function getFacility(store: AnalyticsStore, facilityId: string): Promise<FacilityRecord | undefined> {
  const [row] = await store.query<FacilityRecord>('SELECT * FROM facilities FINAL WHERE facility_id = {id:String} LIMIT 1', { id: facilityId });
  return row;
}
