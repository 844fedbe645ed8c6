/** What admins see of a BullMQ queue: counts per state, the latest failures, and a retry. */
import type { Queue } from 'bullmq';
import type { JobState, QueueCounts } from '../ports/job-queue.js';

export async function readQueueCounts(queue: Queue): Promise<QueueCounts> {
  const counts = await queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'delayed', 'active', 'completed', 'failed');
  const count = (state: string) => counts[state] ?? 0;
  return {
    // The port's 'waiting', as getJob reports it (bullmq-job-state.ts).
    waiting: count('waiting') + count('prioritized') + count('waiting-children'),
    delayed: count('delayed'),
    active: count('active'),
    completed: count('completed'),
    failed: count('failed'),
  };
}

export async function readFailedJobs(queue: Queue, limit: number): Promise<JobState[]> {
  // BullMQ keeps failed jobs in a set scored by when they failed; getFailed lists the newest first.
  const jobs = await queue.getFailed(0, limit - 1);
  return jobs.flatMap((job) =>
    job.id === undefined
      ? []
      : [
          {
            id: job.id,
            name: job.name,
            status: 'failed' as const,
            attemptsMade: job.attemptsMade,
            stalledCount: job.stalledCounter ?? 0,
            ...(job.failedReason ? { failedReason: job.failedReason } : {}),
          },
        ],
  );
}

export async function retryFailedJob(queue: Queue, id: string): Promise<boolean> {
  const job = await queue.getJob(id);
  if (!job || (await job.getState()) !== 'failed') return false;
  try {
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  } catch (error) {
    // Retried by another admin (or removed) between the two reads: BullMQ refuses, and so do we.
    if ((await queue.getJobState(id)) !== 'failed') return false;
    throw error;
  }
  return true;
}
