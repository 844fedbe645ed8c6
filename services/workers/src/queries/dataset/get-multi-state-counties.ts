import type { AnalyticsStore } from '@ust/platform';

/**
 * County FIPS codes whose facilities carry more than one state code in a dataset version (a
 * facility located across a state line, or a tribal one), so their lists must gather rows from
 * several states' reads.
 */
export async function getMultiStateCounties(store: AnalyticsStore, version: number): Promise<string[]> {
  const rows = await store.query<{ fips: string }>(
    `SELECT assumeNotNull(fips) AS fips
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND fips IS NOT NULL
     GROUP BY fips
     HAVING uniqExact(state) > 1
     ORDER BY fips`,
    { version },
  );
  return rows.map((row) => row.fips);
}
