import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseRecord } from '@ust/schemas';

export type ReleaseInputRow = { facility_id: string } & Pick<ReleaseRecord, 'status_class' | 'reported_date' | 'closed_with_residual_contamination'>;

/** What the summary and the risk score read of each release linked to a facility from `first` to `last` (inclusive); with `only`, of those facilities alone. */
export async function getReleasesOfFacilityRange(store: AnalyticsStore, first: string, last: string, only?: readonly string[]): Promise<ReleaseInputRow[]> {
  return store.query<ReleaseInputRow>(
    `SELECT assumeNotNull(facility_id) AS facility_id, status_class, reported_date, closed_with_residual_contamination
     FROM releases FINAL
     WHERE facility_id >= {first:String} AND facility_id <= {last:String} ${only ? 'AND facility_id IN {only:Array(String)}' : ''}`,
    { first, last, ...(only ? { only } : {}) },
  );
}
