import type { AnalyticsStore } from '@ust/platform';

/** Which of these dataset versions still have facility_summary rows. */
export async function getSummaryVersionsPresent(store: AnalyticsStore, versions: readonly number[]): Promise<number[]> {
  const rows = await store.query<{ version: number }>(
    `SELECT DISTINCT dataset_version AS version FROM facility_summary WHERE dataset_version IN {versions:Array(UInt32)} ORDER BY version`,
    { versions: [...versions] },
  );
  return rows.map((row) => Number(row.version));
}
