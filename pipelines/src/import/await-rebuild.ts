import { JobNames, JobQueueOf } from '@ust/schemas';
import type { JobQueue, JobState } from '@ust/platform';
import type { ImportManifest } from './manifest.js';

/**
 * Waits until the workers have rebuilt the derived data after `manifest`'s commit: ingest
 * enqueues that job once every record of the import is written.
 */
export async function awaitRebuild(jobs: JobQueue, manifest: ImportManifest, timeoutMs = 15 * 60_000): Promise<JobState> {
  const queue = JobQueueOf[JobNames.rebuildDataset];
  const id = `rebuild-after-${manifest.import_id}-${manifest.committed_at}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await jobs.getJob(queue, id))) {
    if (Date.now() > deadline) throw new Error(`The rebuild after import ${manifest.import_id} was not enqueued within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const state = await jobs.waitUntilSettled(queue, id, Math.max(1, deadline - Date.now()));
  if (state.status === 'failed') throw new Error(`The rebuild after import ${manifest.import_id} failed: ${state.failedReason}`);
  return state;
}
