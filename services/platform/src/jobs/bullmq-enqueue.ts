/**
 * Idempotent enqueue on BullMQ. Its add script returns the id of an existing job without saying
 * whether it added one, so `added` is decided in two steps. First getJob: an id that already
 * exists is reported `added: false` without calling add at all. Otherwise add, then read the
 * stored job back: a job this call wrote carries the timestamp of the Job object add returned.
 * The remaining race: two producers adding the same new id within the same millisecond both
 * see their timestamp and both report `added: true` (still only one job exists and runs).
 */
import type { JobsOptions, Queue } from 'bullmq';
import type { EnqueueResult } from '../ports/job-queue.js';
import type { ResolvedJobOptions } from './job-options.js';

/**
 * Finished jobs BullMQ keeps, so getJob and idempotent job ids work for recent jobs while Redis
 * does not grow without bound. Failed jobs are kept longer: someone will want to look at them.
 */
const KEEP_COMPLETED = 1_000;
const KEEP_FAILED = 5_000;

export async function addJobOnce(queue: Queue, name: string, data: unknown, resolved: ResolvedJobOptions): Promise<EnqueueResult> {
  if (resolved.jobId !== undefined && (await queue.getJob(resolved.jobId))) return { id: resolved.jobId, added: false };
  const bullOptions: JobsOptions = {
    attempts: resolved.attempts,
    backoff: { type: 'exponential', delay: resolved.backoffMs },
    delay: resolved.delayMs,
    removeOnComplete: { count: KEEP_COMPLETED },
    removeOnFail: { count: KEEP_FAILED },
    ...(resolved.jobId === undefined ? {} : { jobId: resolved.jobId }),
  };
  const job = await queue.add(name, data, bullOptions);
  if (job.id === undefined) throw new Error(`BullMQ returned no id for job ${name} in queue ${queue.name}`);
  if (resolved.jobId === undefined) return { id: job.id, added: true };
  const stored = await queue.getJob(job.id);
  // Gone already means it ran and was trimmed: it was ours, since nothing existed a moment ago.
  return { id: job.id, added: !stored || stored.timestamp === job.timestamp };
}
