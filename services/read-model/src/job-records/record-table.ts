/**
 * A kind of record jobs write as they go and every replica reads (docs/decisions/0106-shared-job-state.md):
 * one JSON document per id in the analytics store's job_records table, whose highest revision
 * wins. A writer's revisions only grow, so its late write never puts back an earlier state;
 * writers on other machines are ordered by their clocks, which is all a record written by
 * first the gateway (queued) and then a worker (running) needs.
 */
import type { AnalyticsStore } from '@ust/platform';

export type RecordKind = 'import-manifest' | 'import-run' | 'replay-run' | 'screening' | 'job-recovery';

let lastRevision = 0;
/** Microseconds since the epoch, and always above the last one this process handed out. */
export function nextRevision(): number {
  lastRevision = Math.max(lastRevision + 1, Date.now() * 1000);
  return lastRevision;
}

export interface RecordTable<Record> {
  put(id: string, record: Record): Promise<void>;
  get(id: string): Promise<Record | null>;
  /** Every record of the kind, in no particular order. */
  list(): Promise<Record[]>;
}

export function recordTable<Record>(store: AnalyticsStore, kind: RecordKind): RecordTable<Record> {
  return {
    async put(id, record) {
      await store.insert('job_records', [{ kind, id, record: JSON.stringify(record), revision: nextRevision() }]);
    },
    async get(id) {
      const rows = await store.query<{ record: string }>(
        'SELECT argMax(record, revision) AS record FROM job_records WHERE kind = {kind:String} AND id = {id:String} GROUP BY id',
        { kind, id },
      );
      return rows[0] ? (JSON.parse(rows[0].record) as Record) : null;
    },
    async list() {
      const rows = await store.query<{ record: string }>('SELECT argMax(record, revision) AS record FROM job_records WHERE kind = {kind:String} GROUP BY id', {
        kind,
      });
      return rows.map((row) => JSON.parse(row.record) as Record);
    },
  };
}
