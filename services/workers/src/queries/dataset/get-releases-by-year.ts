import type { AnalyticsStore } from '@ust/platform';

/** Releases per reported year (releases without a reported date are left out). */
export async function getReleasesByYear(store: AnalyticsStore): Promise<Array<{ year: number; releases: number }>> {
  const rows = await store.query<{ year: number; releases: number }>(
    `SELECT toYear(assumeNotNull(reported_date)) AS year, count() AS releases
     FROM releases FINAL
     WHERE reported_date IS NOT NULL
     GROUP BY year
     ORDER BY year`,
  );
  return rows.map((row) => ({ year: Number(row.year), releases: Number(row.releases) }));
}
