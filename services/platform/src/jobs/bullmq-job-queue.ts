/**
 * The production JobQueue adapter: BullMQ queues (created on first use) and workers on Redis.
 * Queues share one producer connection; each worker has its own (bullmq-connections.ts).
 */
import { Queue } from 'bullmq';
import { closeRedisConnection, pingRedis, redactPassword } from '../cache/redis-cache.js';
import type { Logger } from '../logger.js';
import type { EnqueueResult, JobQueue, JobState, WorkerHandle } from '../ports/job-queue.js';
import { openProducerConnection } from './bullmq-connections.js';
import { addJobOnce } from './bullmq-enqueue.js';
import { readFailedJobs, readQueueCounts, retryFailedJob } from './bullmq-job-health.js';
import { readJobState } from './bullmq-job-state.js';
import { pollUntilSettled } from './bullmq-settle-polling.js';
import { startBullMqWorker, stopBullMqWorker, type RunningWorker } from './bullmq-worker.js';
import { DEFAULT_FAILED_JOBS_LIMIT, DEFAULT_LOCK_MS, DEFAULT_SETTLE_TIMEOUT_MS, resolveConcurrency, resolveJobOptions } from './job-options.js';

export interface BullMqJobQueueOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Prefix of every BullMQ key, so queues of several apps can share one Redis. @defaultValue 'ust:bull' */
  prefix?: string;
  /** Failed tries and connection errors are logged here. */
  logger?: Logger;
  /** How long a running job's lock holds unless renewed. @defaultValue DEFAULT_LOCK_MS */
  lockMs?: number;
}

const PING_TIMEOUT_MS = 2_000;

export function createBullMqJobQueue(options: BullMqJobQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'ust:bull';
  const log = options.logger;
  const target = redactPassword(options.url);
  const connection = openProducerConnection(options.url);
  const queues = new Map<string, Queue>();
  const workers = new Set<RunningWorker>();
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
    return readJobState(queueFor(queueName), id);
  };

  const closeWorker = async (running: RunningWorker) => {
    workers.delete(running);
    await stopBullMqWorker(running);
  };

  return {
    adapter: 'bullmq',
    target,

    async enqueue(queueName, name, data, jobOptions): Promise<EnqueueResult> {
      assertOpen();
      const resolved = resolveJobOptions(jobOptions);
      return addJobOnce(queueFor(queueName), name, data, resolved);
    },

    async process(queueName, processors, processOptions): Promise<WorkerHandle> {
      assertOpen();
      const { concurrency, globalConcurrency } = resolveConcurrency(processOptions);
      if (globalConcurrency !== undefined) await queueFor(queueName).setGlobalConcurrency(globalConcurrency);
      const running = startBullMqWorker({
        url: options.url,
        prefix,
        queueName,
        processors,
        concurrency,
        lockMs: options.lockMs ?? DEFAULT_LOCK_MS,
        target,
        ...(log ? { logger: log } : {}),
      });
      workers.add(running);
      return { close: () => closeWorker(running) };
    },

    getJob,

    async waitUntilSettled(queueName, id, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS) {
      return pollUntilSettled(() => getJob(queueName, id), queueName, id, timeoutMs);
    },

    async counts(queueName) {
      assertOpen();
      return readQueueCounts(queueFor(queueName));
    },

    async failedJobs(queueName, limit = DEFAULT_FAILED_JOBS_LIMIT) {
      assertOpen();
      return readFailedJobs(queueFor(queueName), limit);
    },

    async retryJob(queueName, id) {
      assertOpen();
      return retryFailedJob(queueFor(queueName), id);
    },

    async ping() {
      if (closed) return false;
      return pingRedis(connection, PING_TIMEOUT_MS);
    },

    async close() {
      if (closed) return;
      closed = true;
      // Workers first, so their active jobs finish; then the queues, then the connection they share.
      await Promise.allSettled([...workers].map(closeWorker));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      await closeRedisConnection(connection);
    },
  };
}
