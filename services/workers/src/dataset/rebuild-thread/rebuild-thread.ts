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
import { runOnThread, storeIdentity, STORE_CALLS } from '@ust/platform';
import { rebuildDataset, type RebuildDeps, type RebuildRequest, type RebuildResult } from '../rebuild.js';
import type { RebuildTask } from './rebuild-worker.js';

export interface RebuildRunner {
  run(deps: RebuildDeps, request: RebuildRequest): Promise<RebuildResult>;
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
  let pool: Piscina<RebuildTask, RebuildResult> | undefined;
  const threadPool = () =>
    (pool ??= new Piscina<RebuildTask, RebuildResult>({
      filename: workerEntry(),
      minThreads: 0,
      maxThreads: 1,
      // A rebuild follows each import: the thread stays a while for the next, then goes.
      idleTimeout: 60_000,
      // Not niced below the event loop as the CPU pool's document threads are: a rebuild is one
      // thread that takes one core, and on a busy machine a niced one starves while imports wait
      // for it to go live (decision 0115).
    }));
  return {
    async run(deps, request) {
      if (deps.cache.adapter !== 'lmdb') return rebuildDataset(deps, request);
      return runOnThread(
        threadPool(),
        { thread: 'rebuild', targets: { store: deps.store, jobs: deps.jobs }, callable: { store: STORE_CALLS, jobs: ['enqueue'] }, log: deps.log },
        {
          request,
          cache: { path: deps.cache.target, prefix: deps.cache.prefix },
          store: storeIdentity(deps.store),
          ...(deps.riskModel === undefined ? {} : { riskModel: deps.riskModel }),
          ...(deps.now ? { now: deps.now().getTime() } : {}),
        },
      );
    },
    async close() {
      await pool?.destroy();
    },
  };
}
