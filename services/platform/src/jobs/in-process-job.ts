/** A job of the embedded adapter as it is stored, and the callers waiting for it to settle. */
import type { JobState } from '../ports/job-queue.js';
import type { JournalRecord } from './in-process-journal.js';

/** The journal's fields (dataJson is kept as JSON so every try parses a fresh copy, as a worker reading Redis would), and this process's own. */
export interface StoredJob extends JournalRecord {
  timer?: NodeJS.Timeout;
  settleWaiters: SettleWaiter[];
}

/** What the journal keeps of the job. */
export function toJournalRecord(job: StoredJob): JournalRecord {
  const { timer: _timer, settleWaiters: _waiters, ...record } = job;
  return record;
}

export interface SettleWaiter {
  settled(state: JobState): void;
  abandoned(error: Error): void;
}

/** The job as getJob reports it. */
export function toJobState(job: StoredJob): JobState {
  return {
    id: job.id,
    name: job.name,
    status: job.status,
    attemptsMade: job.attemptsMade,
    stalledCount: job.stalledCount,
    ...(job.status === 'completed' ? { returnValue: job.returnValue } : {}),
    ...(job.failedReason === undefined ? {} : { failedReason: job.failedReason }),
  };
}

/**
 * Resolves with the job's state when it settles; rejects after `timeoutMs`, or when the queue
 * closes first (the queue calls the waiter's `abandoned`).
 */
export function waitForSettle(job: StoredJob, queueName: string, timeoutMs: number): Promise<JobState> {
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
      reject(new Error(`Job ${job.id} in queue ${queueName} did not settle within ${timeoutMs} ms (status ${job.status})`));
    }, timeoutMs);
    job.settleWaiters.push(waiter);
  });
}
