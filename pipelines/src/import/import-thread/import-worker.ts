/**
 * What the import thread runs (import-thread.ts starts it on this module): one import's reading
 * and publishing (runImport), with the main thread's EventLog and AnalyticsStore called over a
 * MessagePort. chDB is never loaded here: it crashes in a worker thread.
 */
import { callerOf, remote, remoteAnalyticsStore, threadLogger, type EventLog, type StoreIdentity, type ThreadTask } from '@ust/platform';
import type { ImportManifest, ImportPlan } from '@ust/read-model';
import { ImportFailedError, runImport, type ImportOutcome, type TallyCounts } from '../run-import.js';

/** What the thread may call on the main thread's EventLog: publishing waits on the dataset writer's committed offsets. */
export const EVENT_CALLS = ['ensureTopics', 'publish', 'endOffsets', 'committedOffsets'] as const;

export interface ImportTask extends ThreadTask {
  plan: ImportPlan;
  replayOf?: ImportManifest;
  rebuildWithALaterImport?: boolean;
  store: StoreIdentity;
  events: Pick<EventLog, 'adapter' | 'target'>;
}

/** An import that stopped before its commit crosses back as its manifest and reason, to be thrown again as an ImportFailedError. */
export type ImportTaskResult = ({ outcome: 'published' } & ImportOutcome) | { outcome: 'failed'; manifest: ImportManifest; reason: string };

export default async function runImportTask(task: ImportTask): Promise<ImportTaskResult> {
  const call = callerOf(task);
  try {
    const { manifest, tally } = await runImport(
      task.plan,
      {
        events: remote<EventLog>(call, 'events', EVENT_CALLS, { ...task.events }),
        store: remoteAnalyticsStore(call, task.store),
        log: threadLogger('pipelines', task),
        // Not awaited: progress is a report, and the next one follows.
        onProgress: (tally) => void call('progress', 'report', [countsOf(tally)]),
        ...(task.rebuildWithALaterImport ? { rebuildWithALaterImport: true } : {}),
      },
      task.replayOf,
    );
    return { outcome: 'published', manifest, tally: countsOf(tally) };
  } catch (error) {
    if (error instanceof ImportFailedError) return { outcome: 'failed', manifest: error.manifest, reason: error.reason };
    throw error;
  } finally {
    task.port.close();
  }
}

const countsOf = (tally: TallyCounts): TallyCounts => ({ records: tally.records, counts: { ...tally.counts } });
