import { JobNames, JobQueueOf, rebuildJobId } from '@ust/schemas';
import type { AnalyticsStore, JobQueue, JobState } from '@ust/platform';
import { commitRecorded, type ImportManifest } from '@ust/read-model';

export interface AwaitRebuildOptions {
  /** Enqueue the rebuild (under ingest's job id) when it is not there: for a commit ingest has recorded. */
  enqueueIfMissing?: boolean;
  /** How long ingest may take to enqueue it. @defaultValue 15 minutes */
  enqueueTimeoutMs?: number;
}

/** How often a started rebuild is checked on: it takes minutes at national scale. */
const REBUILD_POLL_MS = 500;

/**
 * Waits until the workers have rebuilt the derived data after `manifest`'s commit: ingest
 * enqueues that job once every record of the import is written, within `enqueueTimeoutMs`.
 * Once enqueued, the rebuild is waited for however long it runs: it settles (completed or
 * failed, after its retries) on its own, and a national rebuild on a busy machine can take
 * longer than any deadline that would still catch a stuck ingest.
 */
export async function awaitRebuild(jobs: JobQueue, manifest: ImportManifest, options: AwaitRebuildOptions = {}): Promise<JobState> {
  const id = await awaitRebuildEnqueued(jobs, manifest, options);
  return awaitRebuildJob(jobs, id, `after import ${manifest.import_id}`);
}

/**
 * Waits until ingest has written every record of `manifest`'s import to the live tables and
 * enqueued the rebuild after it; answers the rebuild's job id. A later import's rebuild reads
 * these rows too, so a caller with more imports to run need not wait for this one's.
 */
export async function awaitRebuildEnqueued(jobs: JobQueue, manifest: ImportManifest, options: AwaitRebuildOptions = {}): Promise<string> {
  const queue = JobQueueOf[JobNames.rebuildDataset];
  const id = rebuildJobId(manifest.import_id, manifest.committed_at);
  const enqueueTimeoutMs = options.enqueueTimeoutMs ?? 15 * 60_000;
  if (options.enqueueIfMissing) await jobs.enqueue(queue, JobNames.rebuildDataset, { import_id: manifest.import_id }, { jobId: id });
  const deadline = Date.now() + enqueueTimeoutMs;
  while (!(await jobs.getJob(queue, id))) {
    if (Date.now() > deadline) throw new Error(`The rebuild after import ${manifest.import_id} was not enqueued within ${enqueueTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return id;
}

/** Waits for the enqueued rebuild `id` to settle; throws when it failed or is gone. */
export async function awaitRebuildJob(jobs: JobQueue, id: string, what = `(job ${id})`): Promise<JobState> {
  const queue = JobQueueOf[JobNames.rebuildDataset];
  let state = await jobs.getJob(queue, id);
  while (state && state.status !== 'completed' && state.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, REBUILD_POLL_MS));
    // Settled jobs are remembered (BullMQ keeps them; the embedded queue its latest 5,000).
    state = await jobs.getJob(queue, id);
  }
  if (!state) throw new Error(`The rebuild ${what} is no longer in the queue`);
  if (state.status === 'failed') throw new Error(`The rebuild ${what} failed: ${state.failedReason}`);
  return state;
}

/**
 * Waits until ingest has written every record of `manifest`'s import to the live tables and
 * recorded its commit: for an import whose rebuild is left to a later import of its series.
 */
export async function awaitCommitRecorded(store: AnalyticsStore, manifest: ImportManifest, timeoutMs = 15 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await commitRecorded(store, manifest.import_id, manifest.committed_at!))) {
    if (Date.now() > deadline) throw new Error(`Import ${manifest.import_id} was not written within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
