/**
 * The port's defaults and argument checks, shared by both adapters so that the same options are
 * accepted, refused and defaulted the same way in embedded and production runs.
 */
import type { JobOptions, ProcessOptions } from '../ports/job-queue.js';

/** How long waitUntilSettled waits when not told. */
export const DEFAULT_SETTLE_TIMEOUT_MS = 30_000;

/**
 * Times a job is taken back from a dead worker before it fails for good: a job that kills its
 * process every time it runs (out of memory) must not take the platform down forever.
 */
export const MAX_STALLED_COUNT = 2;

/** BullMQ's reason for a job taken back too often, used by both adapters. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/** How long a worker's lock on a running job holds without being renewed. @defaultValue 30 s, as BullMQ's */
export const DEFAULT_LOCK_MS = 30_000;

/** How many failed jobs failedJobs lists when not told. */
export const DEFAULT_FAILED_JOBS_LIMIT = 10;

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

/** A worker's concurrency, 1 when not told, and the queue's global limit, if any. */
export function resolveConcurrency(options?: ProcessOptions): { concurrency: number; globalConcurrency?: number } {
  const concurrency = options?.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number >= 1, got ${concurrency}`);
  const globalConcurrency = options?.globalConcurrency;
  if (globalConcurrency === undefined) return { concurrency };
  if (!Number.isInteger(globalConcurrency) || globalConcurrency < 1)
    throw new RangeError(`globalConcurrency must be a whole number >= 1, got ${globalConcurrency}`);
  return { concurrency, globalConcurrency };
}
