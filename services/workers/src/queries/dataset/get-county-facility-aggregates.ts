import type { AnalyticsStore } from '@ust/platform';
import type { FacilityAggregateRow } from './region-aggregate-rows.js';

/** Facility figures of one dataset version per county FIPS (facilities without a FIPS are left out). */
export async function getCountyFacilityAggregates(store: AnalyticsStore, version: number): Promise<FacilityAggregateRow[]> {
  return store.query<FacilityAggregateRow>(
    `SELECT assumeNotNull(fips) AS region,
            count() AS total_facilities,
            countIf(has_leak) AS facilities_with_leaks,
            countIf(leak_reported) AS reported_facilities,
            countIf(NOT startsWith(facility_id, 'TRIBAL-')) AS state_source_facilities,
            sum(total_tank_count) AS total_tanks,
            sum(active_tank_count) AS active_tanks,
            sum(age_tank_count) AS age_tank_count,
            sum(tank_age_sum) AS tank_age_sum,
            max(max_tank_age) AS max_tank_age,
            count(protection_score) AS scored_facilities,
            sum(ifNull(protection_score, 0)) AS protection_score_sum,
            count(calculated_risk_score) AS risk_scored_facilities,
            sum(ifNull(calculated_risk_score, 0)) AS risk_score_sum,
            sum(total_capacity) AS total_capacity,
            sum(total_leak_count) AS total_leaks,
            countIf(is_generated) AS generated_facilities
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND fips IS NOT NULL
     GROUP BY region
     ORDER BY region`,
    { version },
  );
}
