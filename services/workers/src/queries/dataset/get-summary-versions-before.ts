import type { AnalyticsStore } from '@ust/platform';

/** Dataset versions below `version` that still have facility_summary rows. */
export async function getSummaryVersionsBefore(store: AnalyticsStore, version: number): Promise<number[]> {
  const rows = await store.query<{ version: number }>(
    `SELECT DISTINCT dataset_version AS version
     FROM facility_summary
     WHERE dataset_version < {version:UInt32}
     ORDER BY version`,
    { version },
  );
  return rows.map((row) => Number(row.version));
}
