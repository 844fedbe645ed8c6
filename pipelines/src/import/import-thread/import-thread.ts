/**
 * Reads and publishes imports on a worker thread of their own (docs/decisions/0117): parsing a
 * state's workbook or generating the national demo is seconds to minutes of CPU, and in the
 * embedded platform the workers share the API's process, so on its event loop every import held
 * up searches (a Delaware import: waits of 300-600 ms). The thread reaches the EventLog and the
 * AnalyticsStore through this thread (@ust/platform's port calls); its log lines and progress
 * come back here.
 */
import { Piscina } from 'piscina';
import { returnFreedMemoryWhenThreadsExit, runOnThread, storeIdentity, STORE_CALLS, type Logger } from '@ust/platform';
import type { ImportManifest, ImportPlan } from '@ust/read-model';
import { ImportFailedError, type ImportOutcome, type RunImportDeps, type TallyCounts } from '../run-import.js';
import { EVENT_CALLS, type ImportTask, type ImportTaskResult } from './import-worker.js';

export interface ImportReader {
  /** runImport on the thread: the same records, rejects, manifest and commit, or the same ImportFailedError. */
  run(plan: ImportPlan, deps: RunImportDeps, replayOf?: ImportManifest): Promise<ImportOutcome>;
  /** Stops the thread; an import still being read is abandoned (its job is taken back at the next start). */
  close(): Promise<void>;
}

/**
 * The entry of the thread. Compiled, import-worker.js lies beside this file; run from the
 * TypeScript source (tsx, vitest), this file is .ts and a JavaScript entry loads the worker
 * through tsx.
 */
function workerEntry(): string {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./load-typescript-worker.mjs', here).href : new URL('./import-worker.js', here).href;
}

export function createImportReader(): ImportReader {
  let pool: Piscina<ImportTask, ImportTaskResult> | undefined;
  const threadPool = (log: Logger) => {
    if (pool) return pool;
    pool = new Piscina<ImportTask, ImportTaskResult>({
      filename: workerEntry(),
      minThreads: 0,
      maxThreads: 1,
      // Imports come one at a time (the imports queue runs one job across the platform), and each
      // is followed by a rebuild: the thread goes as soon as its import is published, so the heap
      // it read the files with is not held through the rebuild, the platform's memory peak.
      // Starting a thread for the next import costs little beside reading one.
      idleTimeout: 0,
    });
    // What the thread freed outside V8's heap goes back to the kernel when it exits (decision 0130).
    returnFreedMemoryWhenThreadsExit(pool, 'import', log);
    return pool;
  };
  return {
    async run(plan, deps, replayOf) {
      const progress = { report: async (tally: TallyCounts) => deps.onProgress?.(tally) };
      const result = await runOnThread(
        threadPool(deps.log),
        {
          thread: 'import',
          targets: { store: deps.store, events: deps.events, progress },
          callable: { store: STORE_CALLS, events: EVENT_CALLS, progress: ['report'] },
          log: deps.log,
        },
        {
          plan,
          ...(replayOf ? { replayOf } : {}),
          ...(deps.rebuildWithALaterImport ? { rebuildWithALaterImport: true } : {}),
          store: storeIdentity(deps.store),
          events: { adapter: deps.events.adapter, target: deps.events.target },
        },
      );
      if (result.outcome === 'failed') throw new ImportFailedError(result.manifest, result.reason);
      return { manifest: result.manifest, tally: result.tally };
    },
    async close() {
      await pool?.destroy();
    },
  };
}
