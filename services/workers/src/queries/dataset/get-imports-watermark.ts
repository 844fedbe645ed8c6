import type { AnalyticsStore } from '@ust/platform';

/**
 * How far the committed imports go: the newest commit's time and how many imports were
 * committed by then. A build records it before it reads any record, so every import it counts
 * is already in the live tables (ingest promotes an import before it records it).
 */
export interface ImportsWatermark {
  /** The newest committed_at ('YYYY-MM-DD hh:mm:ss.sss', UTC); null before any commit. */
  committed_through: string | null;
  imports: number;
}

export async function getImportsWatermark(store: AnalyticsStore): Promise<ImportsWatermark> {
  const [row] = await store.query<{ committed_through: string | null; imports: number }>(
    `SELECT if(count() = 0, NULL, toString(max(assumeNotNull(committed_at)))) AS committed_through, count() AS imports
     FROM imports FINAL
     WHERE status = 'committed' AND committed_at IS NOT NULL`,
  );
  return { committed_through: row?.committed_through ?? null, imports: Number(row?.imports ?? 0) };
}

/** A committed import newer than a watermark, with the states it provided tables for. */
export interface ImportCommittedSince {
  import_id: string;
  states: string[];
}

/**
 * The imports committed after `watermark`, and how many committed imports are at or before its
 * time now: fewer or more than the watermark counted means an import was committed again
 * (a replay) or out of order, and only a full rebuild is sure to hold it.
 */
export async function getImportsCommittedSince(
  store: AnalyticsStore,
  watermark: ImportsWatermark,
): Promise<{ since: ImportCommittedSince[]; atOrBefore: number }> {
  const through = watermark.committed_through ?? '1970-01-01 00:00:00.000';
  const committed = `FROM imports FINAL WHERE status = 'committed' AND committed_at IS NOT NULL`;
  const since = await store.query<ImportCommittedSince>(
    `SELECT import_id, mapKeys(tables_by_state) AS states
     ${committed} AND committed_at > toDateTime64({through:String}, 3, 'UTC')
     ORDER BY committed_at, import_id`,
    { through },
  );
  const [row] = await store.query<{ imports: number }>(`SELECT count() AS imports ${committed} AND committed_at <= toDateTime64({through:String}, 3, 'UTC')`, {
    through,
  });
  return { since, atOrBefore: watermark.committed_through === null ? 0 : Number(row?.imports ?? 0) };
}
