/** A BullMQ job as the port reports it. */
import type { Queue } from 'bullmq';
import type { JobState, JobStatus } from '../ports/job-queue.js';

/** The job's state, or null when the queue has no such job (never added, or trimmed). */
export async function readJobState(queue: Queue, id: string): Promise<JobState | null> {
  // State first: once it says completed or failed, the job hash read next is final too.
  // (Reading the hash first could pair an active job's fields with a settled state.)
  const status = toJobStatus(await queue.getJobState(id));
  if (!status) return null;
  const job = await queue.getJob(id);
  if (!job) return null; // removed between the two reads
  return {
    id,
    name: job.name,
    status,
    attemptsMade: job.attemptsMade,
    stalledCount: job.stalledCounter ?? 0,
    ...(status === 'completed' ? { returnValue: job.returnvalue ?? undefined } : {}),
    ...(job.failedReason ? { failedReason: job.failedReason } : {}),
  };
}

/** BullMQ's states in the port's words; prioritized and waiting-children jobs are waiting. */
function toJobStatus(state: string): JobStatus | undefined {
  switch (state) {
    case 'completed':
    case 'failed':
    case 'delayed':
    case 'active':
    case 'waiting':
      return state;
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    default:
      return undefined; // 'unknown': the job is gone
  }
}
