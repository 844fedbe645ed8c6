import { JobNames, JobQueueOf } from '@ust/schemas';
import type { JobQueue, JobState } from '@ust/platform';
import type { ImportManifest } from '@ust/read-model';

/** How often a started rebuild is checked on: it takes minutes at national scale. */
const REBUILD_POLL_MS = 500;

/**
 * Waits until the workers have rebuilt the derived data after `manifest`'s commit: ingest
 * enqueues that job once every record of the import is written, within `enqueueTimeoutMs`.
 * Once enqueued, the rebuild is waited for however long it runs: it settles (completed or
 * failed, after its retries) on its own, and a national rebuild on a busy machine can take
 * longer than any deadline that would still catch a stuck ingest.
 */
export async function awaitRebuild(jobs: JobQueue, manifest: ImportManifest, enqueueTimeoutMs = 15 * 60_000): Promise<JobState> {
  const queue = JobQueueOf[JobNames.rebuildDataset];
  const id = `rebuild-after-${manifest.import_id}-${manifest.committed_at}`;
  const deadline = Date.now() + enqueueTimeoutMs;
  let state = await jobs.getJob(queue, id);
  while (!state) {
    if (Date.now() > deadline) throw new Error(`The rebuild after import ${manifest.import_id} was not enqueued within ${enqueueTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await jobs.getJob(queue, id);
  }
  while (state.status !== 'completed' && state.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, REBUILD_POLL_MS));
    const next = await jobs.getJob(queue, id);
    // Settled jobs are remembered (BullMQ keeps them; the embedded queue its latest 5,000).
    if (!next) throw new Error(`The rebuild after import ${manifest.import_id} (job ${id}) is no longer in the queue`);
    state = next;
  }
  if (state.status === 'failed') throw new Error(`The rebuild after import ${manifest.import_id} failed: ${state.failedReason}`);
  return state;
}
