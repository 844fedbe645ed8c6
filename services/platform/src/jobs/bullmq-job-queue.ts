/**
 * The production JobQueue adapter: BullMQ queues (created on first use) and workers on Redis.
 *
 * Idempotent enqueue: BullMQ's add script returns the id of an existing job without saying
 * whether it added one, so `added` is decided in two steps. First getJob: an id that already
 * exists is reported `added: false` without calling add at all. Otherwise add, then read the
 * stored job back: a job this call wrote carries the timestamp of the Job object add returned.
 * The remaining race: two producers adding the same new id within the same millisecond both
 * see their timestamp and both report `added: true` (still only one job exists and runs).
 */
import { Queue, Worker, type Job as BullJob, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { closeRedisConnection, redactPassword } from '../cache/redis-cache.js';
import type { Logger } from '../logger.js';
import type { EnqueueResult, JobQueue, JobState, JobStatus, WorkerHandle } from '../ports/job-queue.js';
import { DEFAULT_SETTLE_TIMEOUT_MS, resolveJobOptions } from './job-options.js';
import { unknownJobError } from './job-processors.js';

export interface BullMqJobQueueOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Prefix of every BullMQ key, so queues of several apps can share one Redis. @defaultValue 'ust:bull' */
  prefix?: string;
  /** Failed tries and connection errors are logged here. */
  logger?: Logger;
}

/**
 * Finished jobs BullMQ keeps, so getJob and idempotent job ids work for recent jobs while Redis
 * does not grow without bound. Failed jobs are kept longer: someone will want to look at them.
 */
const KEEP_COMPLETED = 1_000;
const KEEP_FAILED = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;

export function createBullMqJobQueue(options: BullMqJobQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'ust:bull';
  const log = options.logger;
  const target = redactPassword(options.url);
  // Producers fail after a couple of reconnection attempts instead of waiting forever.
  const connection = new Redis(options.url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2 });
  connection.on('error', () => {}); // surfaced through the Queue's 'error' event below
  const queues = new Map<string, Queue>();
  const workers = new Set<{ worker: Worker; connection: Redis }>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('Job queue is closed');
  };
  const queueFor = (name: string): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      // An EventEmitter 'error' without a listener would crash the process.
      queue.on('error', (error) => log?.warn({ queue: name, target, err: error }, 'job queue connection error'));
      queues.set(name, queue);
    }
    return queue;
  };

  const getJob = async (queueName: string, id: string): Promise<JobState | null> => {
    assertOpen();
    const queue = queueFor(queueName);
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
      ...(status === 'completed' ? { returnValue: job.returnvalue ?? undefined } : {}),
      ...(job.failedReason ? { failedReason: job.failedReason } : {}),
    };
  };

  const closeWorker = async (entry: { worker: Worker; connection: Redis }) => {
    workers.delete(entry);
    await entry.worker.close(); // waits for the active jobs to finish
    await closeRedisConnection(entry.connection);
  };

  return {
    adapter: 'bullmq',
    target,

    async enqueue(queueName, name, data, jobOptions): Promise<EnqueueResult> {
      assertOpen();
      const resolved = resolveJobOptions(jobOptions);
      const queue = queueFor(queueName);
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
      if (job.id === undefined) throw new Error(`BullMQ returned no id for job ${name} in queue ${queueName}`);
      if (resolved.jobId === undefined) return { id: job.id, added: true };
      const stored = await queue.getJob(job.id);
      // Gone already means it ran and was trimmed: it was ours, since nothing existed a moment ago.
      return { id: job.id, added: !stored || stored.timestamp === job.timestamp };
    },

    async process(queueName, processors, processOptions): Promise<WorkerHandle> {
      assertOpen();
      const concurrency = processOptions?.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number >= 1, got ${concurrency}`);
      const table = { ...processors };
      // A worker blocks on Redis; BullMQ requires its connection to retry forever.
      const workerConnection = new Redis(options.url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: null });
      workerConnection.on('error', () => {}); // surfaced through the Worker's 'error' event below
      const worker = new Worker(
        queueName,
        async (job: BullJob) => {
          const processor = Object.hasOwn(table, job.name) ? table[job.name] : undefined;
          if (!processor) throw unknownJobError(queueName, job.name);
          return processor({ id: job.id ?? '', name: job.name, data: job.data as unknown, attemptsMade: job.attemptsMade });
        },
        { connection: workerConnection, prefix, concurrency },
      );
      worker.on('failed', (job, error) => {
        log?.warn(
          {
            queue: queueName,
            jobId: job?.id,
            name: job?.name,
            attempt: job?.attemptsMade,
            attempts: job?.opts.attempts,
            reason: error.message,
            willRetry: job ? job.finishedOn === undefined : false,
          },
          'job failed',
        );
      });
      worker.on('error', (error) => log?.warn({ queue: queueName, target, err: error }, 'job worker error'));
      const entry = { worker, connection: workerConnection };
      workers.add(entry);
      return { close: () => closeWorker(entry) };
    },

    getJob,

    async waitUntilSettled(queueName, id, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      // Poll quickly at first (most jobs here are short) and back off towards half a second.
      let pause = 20;
      for (;;) {
        const state = await getJob(queueName, id);
        if (!state) throw new Error(`Job ${id} not found in queue ${queueName}`);
        if (state.status === 'completed' || state.status === 'failed') return state;
        if (Date.now() >= deadline) {
          throw new Error(`Job ${id} in queue ${queueName} did not settle within ${timeoutMs} ms (status ${state.status})`);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
        pause = Math.min(pause * 1.5, 500);
      }
    },

    async ping() {
      if (closed) return false;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      const answered = connection.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      try {
        return await Promise.race([answered, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...workers].map(closeWorker));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      await closeRedisConnection(connection);
    },
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
