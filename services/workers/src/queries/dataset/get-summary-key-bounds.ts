import type { AnalyticsStore } from '@ust/platform';

/**
 * Every `rows`-th facility id of a version's facility_summary rows, in key order: bounds that cut
 * the version into ranges of about `rows` facilities each.
 */
export async function getSummaryKeyBounds(store: AnalyticsStore, version: number, rows: number): Promise<string[]> {
  const found = await store.query<{ facility_id: string }>(
    `SELECT facility_id
     FROM (
       SELECT facility_id, rowNumberInAllBlocks() AS n
       FROM (SELECT facility_id FROM facility_summary WHERE dataset_version = {version:UInt32} ORDER BY facility_id)
     )
     WHERE n > 0 AND n % {rows:UInt32} = 0`,
    { version, rows },
  );
  return found.map((row) => row.facility_id).sort();
}
