/**
 * A replay from the beginning is one job over every committed import; its record, kept beside
 * the imports' run records in the analytics store, is what `GET /api/admin/replay/{id}` answers
 * while it runs and after, from any gateway.
 */
import type { AnalyticsStore } from '@ust/platform';
import type { ReplayRun } from '@ust/schemas';
import { recordTable } from './record-table.js';

const replayRecords = (store: AnalyticsStore) => recordTable<ReplayRun>(store, 'replay-run');

export function queuedReplayRecord(id: string): ReplayRun {
  return {
    id,
    status: 'queued',
    failure: null,
    imports_total: null,
    imports_replayed: 0,
    progress: { records: 0, total: null, records_per_second: 0, eta_seconds: null },
    queued_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
    attempts: [],
  };
}

export function writeReplayRecord(store: AnalyticsStore, record: ReplayRun): Promise<void> {
  return replayRecords(store).put(record.id, record);
}

export async function readReplayRecord(store: AnalyticsStore, id: string): Promise<ReplayRun | null> {
  const record = await replayRecords(store).get(id);
  // Records written before attempts were kept have none.
  return record && { ...record, attempts: record.attempts ?? [] };
}

/** Every replay record (the start-up check looks for unfinished ones). */
export function listReplayRecords(store: AnalyticsStore): Promise<ReplayRun[]> {
  return replayRecords(store).list();
}
