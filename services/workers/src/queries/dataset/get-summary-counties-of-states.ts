import type { AnalyticsStore } from '@ust/platform';

/** The county FIPS codes the facilities of `states` carry in a version. */
export async function getSummaryCountiesOfStates(store: AnalyticsStore, version: number, states: readonly string[]): Promise<string[]> {
  const rows = await store.query<{ county_fips: string }>(
    `SELECT DISTINCT assumeNotNull(fips) AS county_fips
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND state IN {states:Array(String)} AND fips IS NOT NULL
     ORDER BY county_fips`,
    { version, states },
  );
  return rows.map((row) => row.county_fips);
}
