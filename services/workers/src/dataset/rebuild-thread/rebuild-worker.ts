/**
 * What the rebuild thread runs (rebuild-thread.ts starts it on this module): one rebuild of the
 * derived data, or one prune of old versions, with the main thread's AnalyticsStore and JobQueue called over a MessagePort and
 * the cache opened here on the same LMDB directory (lmdb-js shares one environment between the
 * threads of a process, and every write is a committed transaction the main thread reads at once).
 * chDB is never loaded here: it crashes in a worker thread.
 */
import { callerOf, createLmdbCache, remote, remoteAnalyticsStore, threadLogger, type JobQueue, type StoreIdentity, type ThreadTask } from '@ust/platform';
import { rebuildDataset, type RebuildRequest, type RebuildResult } from '../rebuild.js';
import { pruneOldVersions, type PruneResult } from '../../processors/prune-dataset-versions.js';

export interface RebuildTask extends ThreadTask {
  kind: 'rebuild';
  request: RebuildRequest;
  /** The LMDB directory of the main thread's cache, and the prefix of its view. */
  cache: { path: string; prefix: string };
  store: StoreIdentity;
  riskModel?: string;
  /** The rebuild's clock (epoch ms), when the main thread's is fixed. */
  now?: number;
}

/** A prune of old dataset versions: hundreds of thousands of keys read and deleted, off the event loop too. */
export interface PruneTask extends ThreadTask {
  kind: 'prune';
  cache: { path: string; prefix: string };
}

export type DatasetTask = RebuildTask | PruneTask;

export default async function runDatasetTask(task: DatasetTask): Promise<RebuildResult | PruneResult> {
  return task.kind === 'prune' ? runPruneTask(task) : runRebuildTask(task);
}

async function runPruneTask(task: PruneTask): Promise<PruneResult> {
  const root = createLmdbCache({ path: task.cache.path });
  try {
    const result = await pruneOldVersions(task.cache.prefix ? root.withPrefix(task.cache.prefix) : root);
    threadLogger('workers', task).info(result, `pruned old dataset versions: ${result.deletedVersions.join(', ') || 'none'} (${result.deletedKeys} keys)`);
    return result;
  } finally {
    await root.close();
    task.port.close();
  }
}

async function runRebuildTask(task: RebuildTask): Promise<RebuildResult> {
  const call = callerOf(task);
  const root = createLmdbCache({ path: task.cache.path });
  try {
    const now = task.now;
    return await rebuildDataset(
      {
        store: remoteAnalyticsStore(call, task.store),
        jobs: remote<JobQueue>(call, 'jobs', ['enqueue'], {}),
        cache: task.cache.prefix ? root.withPrefix(task.cache.prefix) : root,
        log: threadLogger('workers', task),
        ...(now === undefined ? {} : { now: () => new Date(now) }),
        ...(task.riskModel === undefined ? {} : { riskModel: task.riskModel }),
      },
      task.request,
    );
  } finally {
    await root.close();
    task.port.close();
  }
}
