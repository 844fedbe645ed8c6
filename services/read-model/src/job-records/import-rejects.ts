/**
 * An import's rejects report: one rejected or repaired field per line, in the order read, kept
 * in the analytics store's import_rejects table so every replica can hand it out. A replay writes
 * the same lines under the same numbers, which the table collapses.
 */
import type { AnalyticsStore } from '@ust/platform';
import type { RejectedRow } from '@ust/schemas';

/** Lines per insert: one part per batch, not one per line. */
const REJECTS_PER_INSERT = 5_000;
/** Lines per read when the report is handed out. */
const REJECTS_PER_READ = 5_000;

export interface RejectsWriter {
  add(reject: RejectedRow): Promise<void>;
  /** Writes what is still buffered. */
  flush(): Promise<void>;
}

export function importRejectsWriter(store: AnalyticsStore, importId: string): RejectsWriter {
  let seq = 0;
  let pending: Array<{ import_id: string; seq: number; reject: string }> = [];
  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    await store.insert('import_rejects', batch);
  };
  return {
    async add(reject) {
      pending.push({ import_id: importId, seq: seq++, reject: JSON.stringify(reject) });
      if (pending.length >= REJECTS_PER_INSERT) await flush();
    },
    flush,
  };
}

/** The report's lines in the order they were read, a page at a time. */
export async function* readImportRejects(store: AnalyticsStore, importId: string): AsyncGenerator<RejectedRow> {
  for (let from = 0; ; from += REJECTS_PER_READ) {
    const rows = await store.query<{ reject: string }>(
      `SELECT reject FROM import_rejects FINAL
       WHERE import_id = {id:String} AND seq >= {from:UInt64} AND seq < {to:UInt64}
       ORDER BY seq`,
      { id: importId, from, to: from + REJECTS_PER_READ },
    );
    for (const row of rows) yield JSON.parse(row.reject) as RejectedRow;
    if (rows.length < REJECTS_PER_READ) return;
  }
}
