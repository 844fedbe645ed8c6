/**
 * Reacts to `ust.dataset.committed.v1`: waits until the record writer has consumed every record
 * of the import (the record topics are consumed independently, so the commit can overtake
 * them), promotes the
 * staged records to the live tables, records the import, and enqueues the rebuild of the derived
 * data. Then drops what imports killed long ago left in staging.
 */
import { ConsumerGroups, ImportCommitted, JobNames, JobQueueOf, rebuildJobId, Topics } from '@ust/schemas';
import type { AnalyticsStore, EventLog, JobQueue, Logger } from '@ust/platform';
import type { ConsumerDefinition } from '../consumer.js';
import { decodeEvent } from './decode-event.js';
import { DATASET_TABLES, dropAbandonedStaging, promoteStagedImport, writtenRows } from '../staging/import-staging.js';

export interface CommittedDeps {
  store: AnalyticsStore;
  jobs: JobQueue;
  events: EventLog;
  log: Logger;
  /** The record writer's consumer group, whose offsets say how far the records are written. */
  writerGroupId: string;
  /** How long to wait for the records before the batch fails (and is redelivered). @defaultValue 600000 */
  writeTimeoutMs?: number;
  /**
   * Staged records of an import started longer ago than this, with no outcome, belong to an
   * import killed before its commit or failure was published; they are dropped after each commit.
   * @defaultValue 86400000 (24 hours)
   */
  abandonedAfterMs?: number;
}

export function datasetCommittedConsumer(deps: CommittedDeps): ConsumerDefinition<ImportCommitted> {
  return {
    name: 'dataset-committed',
    groupId: ConsumerGroups.datasetCommitted,
    topics: [Topics.datasetCommitted],
    deadLetterTopic: Topics.datasetDeadLetter,
    maxBatchSize: 10,
    decode: (message) => decodeEvent(ImportCommitted, message),
    async writeBatch(commits) {
      for (const commit of commits) {
        await waitUntilWritten(deps, commit);
        await promoteStagedImport(deps.store, commit.import_id);
        await deps.store.insert('imports', [
          {
            import_id: commit.import_id,
            version: commit.version,
            sources: commit.sources,
            ...commit.counts,
            rejects_by_reason: commit.rejects_by_reason,
            // Empty for a commit published before coverage was recorded: the rebuild infers it.
            tables_by_state: commit.tables_by_state ?? {},
            warnings_by_reason: commit.warnings_by_reason ?? {},
            started_at: new Date(commit.version).toISOString(),
            committed_at: commit.committed_at,
            status: 'committed',
            failure: null,
            updated: Date.now(),
          },
        ]);
        if (commit.rebuild_with_a_later_import) {
          deps.log.info({ import_id: commit.import_id, ...commit.counts }, 'import written; a later import of its series rebuilds the derived data');
          continue;
        }
        await deps.jobs.enqueue(
          JobQueueOf[JobNames.rebuildDataset],
          JobNames.rebuildDataset,
          { import_id: commit.import_id },
          {
            jobId: rebuildJobId(commit.import_id, commit.committed_at),
          },
        );
        deps.log.info({ import_id: commit.import_id, ...commit.counts }, 'import written; rebuilding derived data');
      }
      const abandoned = await dropAbandonedStaging(deps.store, new Date(Date.now() - (deps.abandonedAfterMs ?? 86_400_000)));
      if (abandoned.length) deps.log.warn({ imports: abandoned }, 'dropped the staged records of imports that never committed');
    },
  };
}

async function waitUntilWritten(deps: CommittedDeps, commit: ImportCommitted): Promise<void> {
  const deadline = Date.now() + (deps.writeTimeoutMs ?? 600_000);
  const behind = commit.record_end_offsets ? () => partitionsBehind(deps, commit.record_end_offsets!) : () => missingRecords(deps.store, commit);
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    const missing = await behind();
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`import ${commit.import_id} is not fully written: ${missing.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Record topic partitions the writer has not consumed up to the commit's end offsets. Past them,
 * each record of the import is written (staged, or live for a replay) or dead-lettered.
 */
async function partitionsBehind(deps: CommittedDeps, endOffsets: NonNullable<ImportCommitted['record_end_offsets']>): Promise<string[]> {
  const behind: string[] = [];
  for (const [topic, partitions] of Object.entries(endOffsets)) {
    const committed = new Map((await deps.events.committedOffsets(deps.writerGroupId, topic)).map((entry) => [entry.partition, BigInt(entry.offset)]));
    for (const { partition, offset } of partitions) {
      // Nothing committed ('-1') is the start of the partition: an empty one is not behind.
      const consumed = committed.get(partition) ?? -1n;
      if ((consumed < 0n ? 0n : consumed) < BigInt(offset)) behind.push(`${topic}[${partition}] at ${consumed < 0n ? 'none' : consumed}/${offset}`);
    }
  }
  return behind;
}

/**
 * Tables with fewer rows of the import, staged or live, than it published (raw rows: replays
 * only add). For commits that carry no end offsets.
 */
async function missingRecords(store: AnalyticsStore, commit: ImportCommitted): Promise<string[]> {
  const missing: string[] = [];
  for (const table of DATASET_TABLES) {
    const written = await writtenRows(store, table, commit.import_id);
    const expected = commit.counts[table];
    if (written < expected) missing.push(`${table} ${written}/${expected}`);
  }
  return missing;
}
