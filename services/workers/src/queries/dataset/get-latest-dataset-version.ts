import type { AnalyticsStore } from '@ust/platform';

/** The highest dataset version with summary rows or a recorded build; 0 when there is none. */
export async function getLatestDatasetVersion(store: AnalyticsStore): Promise<number> {
  const [row] = await store.query<{ version: number }>(
    `SELECT greatest(
       (SELECT max(dataset_version) FROM facility_summary),
       (SELECT max(dataset_version) FROM dataset_builds)
     ) AS version`,
  );
  return Number(row?.version ?? 0);
}
