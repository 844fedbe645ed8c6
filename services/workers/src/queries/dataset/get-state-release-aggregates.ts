import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseAggregateRow } from './region-aggregate-rows.js';

/** Release figures per state code, over every release (linked to a facility or not). */
export async function getStateReleaseAggregates(store: AnalyticsStore): Promise<ReleaseAggregateRow[]> {
  return store.query<ReleaseAggregateRow>(
    `SELECT state AS region,
            count() AS total_releases,
            countIf(NOT startsWith(release_id, 'TRIBAL-')) AS state_source_releases,
            countIf(status_class = 'Open') AS open_releases,
            countIf(status_class = 'No Further Action') AS closed_releases,
            countIf(source = 'generated') AS generated_releases
     FROM releases FINAL
     GROUP BY region
     ORDER BY region`,
  );
}
