import type { AnalyticsStore } from '@ust/platform';

/**
 * County FIPS codes whose facilities carry more than one state code in a dataset version (a
 * facility located across a state line, or a tribal one), so their lists must gather rows from
 * several states' reads.
 */
export async function getMultiStateCounties(store: AnalyticsStore, version: number): Promise<string[]> {
  // The alias must not be `fips`: ClickHouse would put assumeNotNull(fips) into the WHERE too,
  // and `IS NOT NULL` would then let the facilities without a county through as ''.
  const rows = await store.query<{ county_fips: string }>(
    `SELECT assumeNotNull(fips) AS county_fips
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND fips IS NOT NULL
     GROUP BY county_fips
     HAVING uniqExact(state) > 1
     ORDER BY county_fips`,
    { version },
  );
  return rows.map((row) => row.county_fips);
}
