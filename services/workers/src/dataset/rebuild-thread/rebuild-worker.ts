/**
 * What the rebuild thread runs (rebuild-thread.ts starts it on this module): one rebuild of the
 * derived data, with the main thread's AnalyticsStore and JobQueue called over a MessagePort and
 * the cache opened here on the same LMDB directory (lmdb-js shares one environment between the
 * threads of a process, and every write is a committed transaction the main thread reads at once).
 * chDB is never loaded here: it crashes in a worker thread.
 */
import { callerOf, createLmdbCache, remote, remoteAnalyticsStore, threadLogger, type JobQueue, type StoreIdentity, type ThreadTask } from '@ust/platform';
import { rebuildDataset, type RebuildRequest, type RebuildResult } from '../rebuild.js';

export interface RebuildTask extends ThreadTask {
  request: RebuildRequest;
  /** The LMDB directory of the main thread's cache, and the prefix of its view. */
  cache: { path: string; prefix: string };
  store: StoreIdentity;
  riskModel?: string;
  /** The rebuild's clock (epoch ms), when the main thread's is fixed. */
  now?: number;
}

export default async function runRebuildTask(task: RebuildTask): Promise<RebuildResult> {
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
