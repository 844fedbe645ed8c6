/**
 * The embedded JobQueue adapter: the same processors, retries, exponential back-off, delays,
 * idempotent job ids, UnrecoverableError handling and stalled-job check as BullMQ, in this
 * process. With a directory its jobs are kept there and outlive the process (in-process-journal.ts);
 * without one they live in memory only. Job data and return values go through JSON as they do
 * in Redis, so a processor sees the same values in both modes.
 */
import type { Logger } from '../logger.js';
import type { EnqueueResult, JobQueue, JobState, WorkerHandle } from '../ports/job-queue.js';
import { toJobState, waitForSettle } from './in-process-job.js';
import { JobJournal } from './in-process-journal.js';
import { closeQueues, InProcessQueue, type InProcessWorker, type QueueSettings } from './in-process-queue.js';
import { pumpQueue } from './in-process-worker-loop.js';
import { DEFAULT_FAILED_JOBS_LIMIT, DEFAULT_LOCK_MS, DEFAULT_SETTLE_TIMEOUT_MS, resolveConcurrency, resolveJobOptions } from './job-options.js';
import { newLockOwner } from './lock-owner.js';

export interface InProcessJobQueueOptions {
  /** Failed tries, jobs taken back from a dead worker and journal write errors are logged here at warn. */
  logger?: Logger;
  /** Where jobs are kept so that they outlive the process (DATA_DIR/job-queue); unset: memory only. */
  directory?: string;
  /** How long a running job's lock holds unless renewed. @defaultValue DEFAULT_LOCK_MS */
  lockMs?: number;
}

export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobQueue {
  const log = options.logger;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const queues = new Map<string, InProcessQueue>();
  let closed = false;
  const journal = options.directory
    ? new JobJournal(options.directory, (error, queue, file) => log?.warn({ err: error, queue, file }, 'a kept job could not be read back; it is skipped'))
    : undefined;
  const settings: Omit<QueueSettings, 'onWork'> = {
    ...(journal ? { journal } : {}),
    owner: newLockOwner(),
    lockMs,
    onWriteError: (error, job) => log?.warn({ err: error, jobId: job.id, name: job.name }, 'a job change could not be kept on disk'),
    onStalled: (job, failedForGood) =>
      log?.warn(
        { jobId: job.id, name: job.name, stalledCount: job.stalledCount, failedForGood },
        failedForGood ? 'job failed: its worker died too many times' : 'job taken back from a worker that died; it runs again',
      ),
  };
  // Renews this process's locks, and takes back jobs whose holder died, as BullMQ's workers do.
  const lockTimer = setInterval(
    () => {
      for (const queue of queues.values()) {
        queue.renewLocks();
        queue.takeBackStalledJobs();
      }
    },
    Math.max(250, lockMs / 2),
  );
  lockTimer.unref();

  const assertOpen = () => {
    if (closed) throw new Error('Job queue is closed');
  };
  // Never start a processor inside enqueue()'s own call stack, as BullMQ never would.
  const schedulePump = (queue: InProcessQueue) => setImmediate(() => closed || pumpQueue(queue, log));
  const queueFor = (name: string): InProcessQueue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new InProcessQueue(name, { ...settings, onWork: schedulePump });
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
      const job = queueFor(queueName).jobs.get(id);
      return job ? toJobState(job) : null;
    },

    async waitUntilSettled(queueName, id, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS): Promise<JobState> {
      assertOpen();
      const job = queueFor(queueName).jobs.get(id);
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
      clearInterval(lockTimer);
      await closeQueues([...queues.values()]);
      await journal?.idle();
    },
  };
}
