/**
 * The embedded JobQueue adapter: the same processors, retries, exponential back-off, delays,
 * idempotent job ids and UnrecoverableError handling as BullMQ, in this process's memory.
 * Job data and return values go through JSON as they do in Redis, so a processor sees the same
 * values in both modes.
 */
import type { Logger } from '../logger.js';
import type { EnqueueResult, JobQueue, JobState, WorkerHandle } from '../ports/job-queue.js';
import { toJobState, waitForSettle } from './in-process-job.js';
import { closeQueues, InProcessQueue, type InProcessWorker } from './in-process-queue.js';
import { pumpQueue } from './in-process-worker-loop.js';
import { DEFAULT_FAILED_JOBS_LIMIT, DEFAULT_SETTLE_TIMEOUT_MS, resolveConcurrency, resolveJobOptions } from './job-options.js';

export interface InProcessJobQueueOptions {
  /** Failed tries are logged here at warn. */
  logger?: Logger;
}

export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobQueue {
  const log = options.logger;
  const queues = new Map<string, InProcessQueue>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('Job queue is closed');
  };
  // Never start a processor inside enqueue()'s own call stack, as BullMQ never would.
  const schedulePump = (queue: InProcessQueue) => setImmediate(() => closed || pumpQueue(queue, log));
  const queueFor = (name: string): InProcessQueue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new InProcessQueue(name, schedulePump);
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    adapter: 'in-process',
    target: 'in-process',

    async enqueue(queueName, name, data, jobOptions): Promise<EnqueueResult> {
      assertOpen();
      const resolved = resolveJobOptions(jobOptions);
      return queueFor(queueName).enqueue(name, data, resolved);
    },

    async process(queueName, processors, processOptions): Promise<WorkerHandle> {
      assertOpen();
      const { concurrency, globalConcurrency } = resolveConcurrency(processOptions);
      const queue = queueFor(queueName);
      if (globalConcurrency !== undefined) queue.globalConcurrency = globalConcurrency;
      const worker: InProcessWorker = { processors: { ...processors }, concurrency, active: new Set(), closed: false };
      queue.addWorker(worker);
      return { close: () => queue.closeWorker(worker) };
    },

    async getJob(queueName, id) {
      assertOpen();
      const job = queues.get(queueName)?.jobs.get(id);
      return job ? toJobState(job) : null;
    },

    async waitUntilSettled(queueName, id, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS): Promise<JobState> {
      assertOpen();
      const job = queues.get(queueName)?.jobs.get(id);
      if (!job) throw new Error(`Job ${id} not found in queue ${queueName}`);
      if (job.status === 'completed' || job.status === 'failed') return toJobState(job);
      return waitForSettle(job, queueName, timeoutMs);
    },

    async counts(queueName) {
      assertOpen();
      return queueFor(queueName).counts();
    },

    async failedJobs(queueName, limit = DEFAULT_FAILED_JOBS_LIMIT) {
      assertOpen();
      return queueFor(queueName).latestFailed(limit).map(toJobState);
    },

    async retryJob(queueName, id) {
      assertOpen();
      return queueFor(queueName).retry(id);
    },

    async ping() {
      return !closed;
    },

    async close() {
      if (closed) return;
      closed = true;
      await closeQueues([...queues.values()]);
    },
  };
}
