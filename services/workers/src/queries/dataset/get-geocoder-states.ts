import type { AnalyticsStore } from '@ust/platform';

/**
 * State codes with a located, addressed facility in a dataset version or a located, addressed
 * release: the geocoder index is built one state at a time (an address never spans states).
 */
export async function getGeocoderStates(store: AnalyticsStore, version: number): Promise<string[]> {
  const rows = await store.query<{ state: string }>(
    `SELECT state FROM (
       SELECT DISTINCT state FROM facility_summary FINAL
       WHERE dataset_version = {version:UInt32} AND address IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
       AND ifNull(located_by, 'coordinates') IN ('coordinates', 'address')
       UNION DISTINCT
       SELECT DISTINCT state FROM releases FINAL
       WHERE address IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
     )
     ORDER BY state`,
    { version },
  );
  return rows.map((row) => row.state);
}
