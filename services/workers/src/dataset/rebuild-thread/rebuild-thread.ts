/**
 * Runs rebuilds on a worker thread of their own, so that deriving every document of a dataset
 * (minutes of CPU at national scale) never holds the event loop that answers requests: in the
 * embedded platform the workers share the API's process (docs/decisions/0115-rebuild-thread.md).
 * The thread reaches chDB and the job queue through this thread (port-calls.ts) and writes the
 * cache itself, which it can only do on a cache two threads can open: LMDB. A rebuild on any other
 * cache (Redis, where the workers run as their own process; the in-memory one of unit tests) runs
 * here as before.
 */
import { Piscina } from 'piscina';
import { returnFreedMemoryWhenThreadsExit, runOnThread, storeIdentity, STORE_CALLS } from '@ust/platform';
import { rebuildDataset, type RebuildDeps, type RebuildRequest, type RebuildResult } from '../rebuild.js';
import type { Cache, Logger } from '@ust/platform';
import { pruneOldVersions, type PruneResult } from '../../processors/prune-dataset-versions.js';
import type { DatasetTask } from './rebuild-worker.js';

export interface RebuildRunner {
  run(deps: RebuildDeps, request: RebuildRequest): Promise<RebuildResult>;
  /** Prunes old dataset versions, on the thread too where the cache allows: deleting a national version's keys is seconds of CPU. */
  prune(cache: Cache, log: Logger): Promise<PruneResult>;
  /** Stops the thread (the workers call it once their queues have closed); a rebuild still running is abandoned, and its job taken back at the next start. */
  close(): Promise<void>;
}

/**
 * The entry of the thread. Compiled, rebuild-worker.js lies beside this file; run from the
 * TypeScript source (tsx, vitest), this file is .ts and a JavaScript entry loads the worker
 * through tsx.
 */
function workerEntry(): string {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./load-typescript-worker.mjs', here).href : new URL('./rebuild-worker.js', here).href;
}

export function createRebuildRunner(): RebuildRunner {
  let rebuildPool: Piscina<DatasetTask, RebuildResult> | undefined;
  let prunePool: Piscina<DatasetTask, PruneResult> | undefined;
  // One thread each, started for a task and gone as soon as it is done, so the heap a rebuild
  // grew is not held through the prune that follows it, nor between imports; each exit is
  // followed by malloc_trim, or what the thread freed outside V8's heap stays resident (0130).
  const rebuildThread = (log: Logger) => {
    if (rebuildPool) return rebuildPool;
    rebuildPool = new Piscina<DatasetTask, RebuildResult>({
      filename: workerEntry(),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 0,
      // Not niced below the event loop as the CPU pool's document threads are: a rebuild is one
      // thread that takes one core, and on a busy machine a niced one starves while imports wait
      // for it to go live (decision 0115).
    });
    returnFreedMemoryWhenThreadsExit(rebuildPool, 'rebuild', log);
    return rebuildPool;
  };
  const pruneThread = (log: Logger) => {
    if (prunePool) return prunePool;
    prunePool = new Piscina<DatasetTask, PruneResult>({ filename: workerEntry(), minThreads: 0, maxThreads: 1, idleTimeout: 0 });
    returnFreedMemoryWhenThreadsExit(prunePool, 'prune', log);
    return prunePool;
  };
  return {
    async run(deps, request) {
      if (deps.cache.adapter !== 'lmdb') return rebuildDataset(deps, request);
      return (await runOnThread(
        rebuildThread(deps.log),
        { thread: 'rebuild', targets: { store: deps.store, jobs: deps.jobs }, callable: { store: STORE_CALLS, jobs: ['enqueue'] }, log: deps.log },
        {
          kind: 'rebuild',
          request,
          cache: { path: deps.cache.target, prefix: deps.cache.prefix },
          store: storeIdentity(deps.store),
          ...(deps.riskModel === undefined ? {} : { riskModel: deps.riskModel }),
          ...(deps.now ? { now: deps.now().getTime() } : {}),
        },
      )) as RebuildResult;
    },
    async prune(cache, log) {
      if (cache.adapter !== 'lmdb') return pruneOldVersions(cache);
      return (await runOnThread(
        pruneThread(log),
        { thread: 'prune', targets: {}, callable: {}, log },
        { kind: 'prune', cache: { path: cache.target, prefix: cache.prefix } },
      )) as PruneResult;
    },
    async close() {
      await Promise.all([rebuildPool?.destroy(), prunePool?.destroy()]);
    },
  };
}
