/**
 * Reacts to `ust.dataset.committed.v1`: waits until every record of the import is in
 * ClickHouse (the record topics are consumed independently, so the commit can overtake them),
 * records the import, and enqueues the rebuild of the derived data.
 */
import Value from 'typebox/value';
import { ConsumerGroups, ImportCommitted, JobNames, JobQueueOf, Topics } from '@ust/schemas';
import type { AnalyticsStore, JobQueue, Logger } from '@ust/platform';
import { InvalidMessageError, type ConsumerDefinition } from '../consumer.js';

export interface CommittedDeps {
  store: AnalyticsStore;
  jobs: JobQueue;
  log: Logger;
  /** How long to wait for the records before the batch fails (and is redelivered). @defaultValue 600000 */
  writeTimeoutMs?: number;
}

const TABLES = ['facilities', 'tanks', 'releases'] as const;

export function datasetCommittedConsumer(deps: CommittedDeps): ConsumerDefinition<ImportCommitted> {
  return {
    name: 'dataset-committed',
    groupId: ConsumerGroups.datasetCommitted,
    topics: [Topics.datasetCommitted],
    deadLetterTopic: Topics.datasetDeadLetter,
    maxBatchSize: 10,
    decode(message) {
      let value: unknown;
      try {
        value = JSON.parse(message.value.toString('utf8'));
      } catch {
        throw new InvalidMessageError('value is not JSON');
      }
      if (!Value.Check(ImportCommitted, value)) {
        const [first] = Value.Errors(ImportCommitted, value);
        throw new InvalidMessageError(`${first?.instancePath || '(event)'} ${first?.message ?? 'is invalid'}`);
      }
      return value as ImportCommitted;
    },
    async writeBatch(commits) {
      for (const commit of commits) {
        await waitUntilWritten(deps, commit);
        await deps.store.insert('imports', [
          {
            import_id: commit.import_id,
            version: commit.version,
            sources: commit.sources,
            ...commit.counts,
            rejects_by_reason: commit.rejects_by_reason,
            // Empty for a commit published before coverage was recorded: the rebuild infers it.
            tables_by_state: commit.tables_by_state ?? {},
            started_at: new Date(commit.version).toISOString(),
            committed_at: commit.committed_at,
            updated: Date.now(),
          },
        ]);
        await deps.jobs.enqueue(
          JobQueueOf[JobNames.rebuildDataset],
          JobNames.rebuildDataset,
          { import_id: commit.import_id },
          {
            jobId: `rebuild-after-${commit.import_id}-${commit.committed_at}`,
          },
        );
        deps.log.info({ import_id: commit.import_id, ...commit.counts }, 'import written; rebuilding derived data');
      }
    },
  };
}

async function waitUntilWritten(deps: CommittedDeps, commit: ImportCommitted): Promise<void> {
  const deadline = Date.now() + (deps.writeTimeoutMs ?? 600_000);
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    const missing = await missingRecords(deps.store, commit);
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`import ${commit.import_id} is not fully written: ${missing.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Tables with fewer rows of the import than it published (raw rows: replays only add). */
async function missingRecords(store: AnalyticsStore, commit: ImportCommitted): Promise<string[]> {
  const missing: string[] = [];
  for (const table of TABLES) {
    const [row] = await store.query<{ n: number }>(`SELECT count() AS n FROM ${table} WHERE import_id = {id:String}`, { id: commit.import_id });
    const expected = commit.counts[table];
    if ((row?.n ?? 0) < expected) missing.push(`${table} ${row?.n ?? 0}/${expected}`);
  }
  return missing;
}
