/**
 * The embedded adapter's worker loop: each worker takes waiting jobs while it has free slots and
 * runs them through its processors; a failed try is retried after the back-off or fails for good,
 * as the retry policy says.
 */
import type { Logger } from '../logger.js';
import type { InProcessQueue, InProcessWorker } from './in-process-queue.js';
import type { StoredJob } from './in-process-job.js';
import { processorFor } from './job-processors.js';
import { retryDelayMs, willRetry } from './retry-policy.js';

/** Starts waiting jobs on the queue's workers, up to each worker's concurrency and the queue's global one. */
export function pumpQueue(queue: InProcessQueue, log: Logger | undefined): void {
  for (const worker of queue.workers) {
    while (!worker.closed && worker.active.size < worker.concurrency && queue.activeJobs() < queue.globalConcurrency) {
      const job = queue.waiting.shift();
      if (!job) return;
      const run: Promise<void> = runJob(queue, worker, job, log).finally(() => {
        worker.active.delete(run);
        queue.scheduleWork();
      });
      worker.active.add(run);
    }
  }
}

/** One try of the job: a failure is the job's outcome (settled or retried), not the loop's. */
async function runJob(queue: InProcessQueue, worker: InProcessWorker, job: StoredJob, log: Logger | undefined): Promise<void> {
  try {
    await queue.markActive(job);
    const processor = processorFor(worker.processors, queue.name, job.name);
    const data: unknown = JSON.parse(job.dataJson);
    const result = await processor({ id: job.id, name: job.name, data, attemptsMade: job.attemptsMade, stalledCount: job.stalledCount });
    // Through JSON like BullMQ's stored return value; a value that cannot be stored fails the try.
    const returnValue: unknown = result === undefined ? undefined : JSON.parse(JSON.stringify(result));
    job.attemptsMade++;
    job.returnValue = returnValue;
    queue.settle(job, 'completed');
  } catch (error) {
    job.attemptsMade++;
    job.failedReason = error instanceof Error ? error.message : String(error);
    const retry = willRetry(error, job.attemptsMade, job.attempts);
    log?.warn(
      { queue: queue.name, jobId: job.id, name: job.name, attempt: job.attemptsMade, attempts: job.attempts, reason: job.failedReason, willRetry: retry },
      'job failed',
    );
    if (!retry) queue.settle(job, 'failed');
    else queue.makeWaitingAfter(job, retryDelayMs(job.backoffMs, job.attemptsMade));
  }
}
