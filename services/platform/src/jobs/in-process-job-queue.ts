/**
 * The embedded JobQueue adapter: the same processors, retries, exponential back-off, delays,
 * idempotent job ids and UnrecoverableError handling as BullMQ, in this process's memory.
 * Job data and return values go through JSON as they do in Redis, so a processor sees the same
 * values in both modes.
 */
import { UnrecoverableError } from 'bullmq';
import type { Logger } from '../logger.js';
import type { EnqueueResult, JobOptions, JobQueue, JobState, JobStatus, Processor, WorkerHandle } from '../ports/job-queue.js';

export interface InProcessJobQueueOptions {
  /** Failed tries are logged here at warn. */
  logger?: Logger;
}

/** Settled jobs kept per queue for getJob and idempotency; older ones are forgotten. */
export const MAX_SETTLED_JOBS = 5_000;
/** How long waitUntilSettled waits when not told. */
export const DEFAULT_SETTLE_TIMEOUT_MS = 30_000;

/** JobOptions with the port's defaults applied, validated the same way for both adapters. */
export interface ResolvedJobOptions {
  jobId?: string;
  attempts: number;
  backoffMs: number;
  delayMs: number;
}

export function resolveJobOptions(options: JobOptions = {}): ResolvedJobOptions {
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 1_000;
  const delayMs = options.delayMs ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a whole number >= 1, got ${attempts}`);
  if (!(backoffMs >= 0)) throw new RangeError(`backoffMs must be >= 0, got ${backoffMs}`);
  if (!(delayMs >= 0)) throw new RangeError(`delayMs must be >= 0, got ${delayMs}`);
  if (options.jobId === '') throw new RangeError('jobId must not be empty');
  return { ...(options.jobId === undefined ? {} : { jobId: options.jobId }), attempts, backoffMs, delayMs };
}

/** BullMQ recognises the class or, across module copies, the error's name. */
export function isUnrecoverable(error: unknown): boolean {
  return error instanceof UnrecoverableError || (error instanceof Error && error.name === 'UnrecoverableError');
}

export function unknownJobError(queue: string, name: string): UnrecoverableError {
  return new UnrecoverableError(`No processor for job "${name}" in queue "${queue}"`);
}

interface StoredJob {
  id: string;
  name: string;
  /** Kept as JSON so every try parses a fresh copy, as a worker reading Redis would. */
  dataJson: string;
  attempts: number;
  backoffMs: number;
  status: JobStatus;
  attemptsMade: number;
  returnValue?: unknown;
  failedReason?: string;
  timer?: NodeJS.Timeout;
  settleWaiters: SettleWaiter[];
}

interface SettleWaiter {
  settled(state: JobState): void;
  abandoned(error: Error): void;
}

interface Worker {
  processors: Record<string, Processor>;
  concurrency: number;
  active: Set<Promise<void>>;
  closed: boolean;
}

interface QueueState {
  name: string;
  lastId: number;
  jobs: Map<string, StoredJob>;
  waiting: StoredJob[];
  workers: Worker[];
  /** Ids of settled jobs, oldest first (a Set keeps insertion order). */
  settled: Set<string>;
}

export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobQueue {
  const log = options.logger;
  const queues = new Map<string, QueueState>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('Job queue is closed');
  };
  const queueFor = (name: string): QueueState => {
    let queue = queues.get(name);
    if (!queue) {
      queue = { name, lastId: 0, jobs: new Map(), waiting: [], workers: [], settled: new Set() };
      queues.set(name, queue);
    }
    return queue;
  };

  const snapshot = (job: StoredJob): JobState => ({
    id: job.id,
    name: job.name,
    status: job.status,
    attemptsMade: job.attemptsMade,
    ...(job.status === 'completed' ? { returnValue: job.returnValue } : {}),
    ...(job.failedReason === undefined ? {} : { failedReason: job.failedReason }),
  });

  const settle = (queue: QueueState, job: StoredJob, status: 'completed' | 'failed') => {
    job.status = status;
    const state = snapshot(job);
    for (const waiter of job.settleWaiters.splice(0)) waiter.settled(state);
    queue.settled.add(job.id);
    for (const oldest of queue.settled) {
      if (queue.settled.size <= MAX_SETTLED_JOBS) break;
      queue.settled.delete(oldest);
      queue.jobs.delete(oldest);
    }
  };

  const makeWaiting = (queue: QueueState, job: StoredJob) => {
    job.timer = undefined;
    job.status = 'waiting';
    queue.waiting.push(job);
    schedulePump(queue);
  };
  const delay = (queue: QueueState, job: StoredJob, ms: number) => {
    job.status = 'delayed';
    job.timer = setTimeout(() => makeWaiting(queue, job), ms);
    job.timer.unref(); // a pending delayed job must not keep the process alive
  };

  const runJob = async (queue: QueueState, worker: Worker, job: StoredJob): Promise<void> => {
    job.status = 'active';
    try {
      const processor = Object.hasOwn(worker.processors, job.name) ? worker.processors[job.name] : undefined;
      if (!processor) throw unknownJobError(queue.name, job.name);
      const data: unknown = JSON.parse(job.dataJson);
      const result = await processor({ id: job.id, name: job.name, data, attemptsMade: job.attemptsMade });
      // Through JSON like BullMQ's stored return value; a value that cannot be stored fails the try.
      const returnValue: unknown = result === undefined ? undefined : JSON.parse(JSON.stringify(result));
      job.attemptsMade++;
      job.returnValue = returnValue;
      settle(queue, job, 'completed');
    } catch (error) {
      job.attemptsMade++;
      job.failedReason = error instanceof Error ? error.message : String(error);
      const willRetry = !isUnrecoverable(error) && job.attemptsMade < job.attempts;
      log?.warn(
        { queue: queue.name, jobId: job.id, name: job.name, attempt: job.attemptsMade, attempts: job.attempts, reason: job.failedReason, willRetry },
        'job failed',
      );
      if (!willRetry) settle(queue, job, 'failed');
      else {
        const backoff = job.backoffMs * 2 ** (job.attemptsMade - 1);
        if (backoff > 0) delay(queue, job, backoff);
        else makeWaiting(queue, job);
      }
    }
  };

  const pump = (queue: QueueState) => {
    for (const worker of queue.workers) {
      while (!worker.closed && worker.active.size < worker.concurrency) {
        const job = queue.waiting.shift();
        if (!job) return;
        const run: Promise<void> = runJob(queue, worker, job).finally(() => {
          worker.active.delete(run);
          schedulePump(queue);
        });
        worker.active.add(run);
      }
    }
  };
  // Never start a processor inside enqueue()'s own call stack, as BullMQ never would.
  const schedulePump = (queue: QueueState) => setImmediate(() => closed || pump(queue));

  const closeWorker = async (queue: QueueState, worker: Worker) => {
    worker.closed = true;
    queue.workers = queue.workers.filter((other) => other !== worker);
    await Promise.all(worker.active);
  };

  return {
    adapter: 'in-process',
    target: 'in-process',

    async enqueue(queueName, name, data, jobOptions): Promise<EnqueueResult> {
      assertOpen();
      const resolved = resolveJobOptions(jobOptions);
      const queue = queueFor(queueName);
      if (resolved.jobId !== undefined && queue.jobs.has(resolved.jobId)) return { id: resolved.jobId, added: false };
      let id = resolved.jobId;
      while (id === undefined || queue.jobs.has(id)) id = String(++queue.lastId);
      const job: StoredJob = {
        id,
        name,
        dataJson: JSON.stringify(data === undefined ? {} : data), // BullMQ stores undefined as {}
        attempts: resolved.attempts,
        backoffMs: resolved.backoffMs,
        status: 'waiting',
        attemptsMade: 0,
        settleWaiters: [],
      };
      queue.jobs.set(id, job);
      if (resolved.delayMs > 0) delay(queue, job, resolved.delayMs);
      else makeWaiting(queue, job);
      return { id, added: true };
    },

    async process(queueName, processors, processOptions): Promise<WorkerHandle> {
      assertOpen();
      const concurrency = processOptions?.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number >= 1, got ${concurrency}`);
      const queue = queueFor(queueName);
      const worker: Worker = { processors: { ...processors }, concurrency, active: new Set(), closed: false };
      queue.workers.push(worker);
      schedulePump(queue);
      return { close: () => closeWorker(queue, worker) };
    },

    async getJob(queueName, id) {
      assertOpen();
      const job = queues.get(queueName)?.jobs.get(id);
      return job ? snapshot(job) : null;
    },

    async waitUntilSettled(queueName, id, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS) {
      assertOpen();
      const job = queues.get(queueName)?.jobs.get(id);
      if (!job) throw new Error(`Job ${id} not found in queue ${queueName}`);
      if (job.status === 'completed' || job.status === 'failed') return snapshot(job);
      return new Promise<JobState>((resolve, reject) => {
        const waiter: SettleWaiter = {
          settled(state) {
            clearTimeout(timer);
            resolve(state);
          },
          abandoned(error) {
            clearTimeout(timer);
            reject(error);
          },
        };
        // Not unref'd: whoever waits wants the process to stay up until the job settles.
        const timer = setTimeout(() => {
          job.settleWaiters = job.settleWaiters.filter((other) => other !== waiter);
          reject(new Error(`Job ${id} in queue ${queueName} did not settle within ${timeoutMs} ms (status ${job.status})`));
        }, timeoutMs);
        job.settleWaiters.push(waiter);
      });
    },

    async ping() {
      return !closed;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...queues.values()].flatMap((queue) => queue.workers.map((worker) => closeWorker(queue, worker))));
      for (const queue of queues.values()) {
        for (const job of queue.jobs.values()) {
          clearTimeout(job.timer);
          job.timer = undefined;
          const error = new Error(`Job queue closed before job ${job.id} in queue ${queue.name} settled`);
          for (const waiter of job.settleWaiters.splice(0)) waiter.abandoned(error);
        }
      }
    },
  };
}
