/**
 * Whether ingest has recorded an import's commit (the `imports` table it writes once the
 * import's rows are promoted): an import job taken up again after a crash resumes at the
 * rebuild only then, and otherwise publishes the import again.
 */
import type { AnalyticsStore } from '@ust/platform';

export async function commitRecorded(store: AnalyticsStore, importId: string, committedAt: string): Promise<boolean> {
  const [row] = await store.query<{ n: number }>(
    `SELECT count() AS n FROM imports FINAL
     WHERE import_id = {id:String} AND status = 'committed' AND toUnixTimestamp64Milli(committed_at) = {at:Int64}`,
    { id: importId, at: Date.parse(committedAt) },
  );
  return Number(row?.n ?? 0) > 0;
}
