import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseAggregateRow } from './region-aggregate-rows.js';

/** Release figures per county FIPS (releases without a FIPS are left out). */
export async function getCountyReleaseAggregates(store: AnalyticsStore): Promise<ReleaseAggregateRow[]> {
  return store.query<ReleaseAggregateRow>(
    `SELECT assumeNotNull(fips) AS region,
            count() AS total_releases,
            countIf(NOT startsWith(release_id, 'TRIBAL-')) AS state_source_releases,
            countIf(status_class = 'Open') AS open_releases,
            countIf(status_class = 'No Further Action') AS closed_releases,
            countIf(source = 'generated') AS generated_releases
     FROM releases FINAL
     WHERE fips IS NOT NULL
     GROUP BY region
     ORDER BY region`,
  );
}
