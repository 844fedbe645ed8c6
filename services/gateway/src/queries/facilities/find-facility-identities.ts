import type { AnalyticsStore } from '@ust/platform';
import type { FacilityIdentity } from '../../users/user-state.js';

/** The facilities of these ids that exist (current versions), with what a watched item records of them; in no particular order. */
export function findFacilityIdentities(store: AnalyticsStore, ids: readonly string[]): Promise<FacilityIdentity[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return store.query<FacilityIdentity>(
    `SELECT facility_id, name, latitude, longitude FROM facilities FINAL
      WHERE facility_id IN {ids:Array(String)}`,
    { ids: [...ids] },
  );
}
