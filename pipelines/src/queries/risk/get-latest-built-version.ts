import type { AnalyticsStore } from '@ust/platform';

/** The newest finished build, for a cache that has lost the dataset:current pointer; null when none. */
export async function getLatestBuiltVersion(store: AnalyticsStore): Promise<number | null> {
  const [row] = await store.query<{ version: number; builds: number }>('SELECT max(dataset_version) AS version, count() AS builds FROM dataset_builds');
  return row && Number(row.builds) > 0 ? Number(row.version) : null;
}
