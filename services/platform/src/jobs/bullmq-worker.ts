/** A BullMQ worker for one queue, on a Redis connection of its own, logging each failed try. */
import { Worker, type Job as BullJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeRedisConnection } from '../cache/redis-cache.js';
import type { Logger } from '../logger.js';
import type { Processor } from '../ports/job-queue.js';
import { openWorkerConnection } from './bullmq-connections.js';
import { processorFor } from './job-processors.js';
import { MAX_STALLED_COUNT } from './job-options.js';

export interface BullMqWorkerOptions {
  url: string;
  prefix: string;
  queueName: string;
  processors: Record<string, Processor>;
  concurrency: number;
  /** How long the worker's lock on a running job holds unless renewed; a dead worker's jobs are taken back after it. */
  lockMs: number;
  /** The Redis URL without its password, for log lines. */
  target: string;
  logger?: Logger;
}

export interface RunningWorker {
  worker: Worker;
  connection: Redis;
}

export function startBullMqWorker(options: BullMqWorkerOptions): RunningWorker {
  const { queueName, target, logger: log } = options;
  const table = { ...options.processors };
  const connection = openWorkerConnection(options.url);
  const worker = new Worker(
    queueName,
    async (job: BullJob) => {
      const processor = processorFor(table, queueName, job.name);
      return processor({ id: job.id ?? '', name: job.name, data: job.data as unknown, attemptsMade: job.attemptsMade, stalledCount: job.stalledCounter ?? 0 });
    },
    {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: Math.max(250, options.lockMs / 2),
      maxStalledCount: MAX_STALLED_COUNT,
    },
  );
  worker.on('stalled', (jobId) => log?.warn({ queue: queueName, jobId }, 'job taken back from a worker that died; it runs again'));
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
  // An EventEmitter 'error' without a listener would crash the process.
  worker.on('error', (error) => log?.warn({ queue: queueName, target, err: error }, 'job worker error'));
  return { worker, connection };
}

/** Waits for the worker's active jobs to finish, then closes its connection. */
export async function stopBullMqWorker(running: RunningWorker): Promise<void> {
  await running.worker.close();
  await closeRedisConnection(running.connection);
}
