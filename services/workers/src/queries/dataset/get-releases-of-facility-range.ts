import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseRecord } from '@ust/schemas';

export interface ReleaseInputRow {
  facility_id: string;
  status_class: ReleaseRecord['status_class'];
}

/** Status class of each release linked to a facility from `first` to `last` (inclusive). */
export async function getReleasesOfFacilityRange(store: AnalyticsStore, first: string, last: string): Promise<ReleaseInputRow[]> {
  return store.query<ReleaseInputRow>(
    `SELECT assumeNotNull(facility_id) AS facility_id, status_class
     FROM releases FINAL
     WHERE facility_id >= {first:String} AND facility_id <= {last:String}`,
    { first, last },
  );
}
