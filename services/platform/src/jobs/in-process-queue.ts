/**
 * One named queue of the embedded adapter: its jobs by id, the line of waiting jobs, the timers
 * of delayed ones, its workers, and the settled jobs it remembers for getJob and idempotent ids.
 */
import type { EnqueueResult, Processor, QueueCounts } from '../ports/job-queue.js';
import { toJobState, type StoredJob } from './in-process-job.js';
import type { ResolvedJobOptions } from './job-options.js';

/** Settled jobs kept per queue for getJob and idempotency; older ones are forgotten. */
export const MAX_SETTLED_JOBS = 5_000;

export interface InProcessWorker {
  processors: Record<string, Processor>;
  concurrency: number;
  active: Set<Promise<void>>;
  closed: boolean;
}

export class InProcessQueue {
  readonly jobs = new Map<string, StoredJob>();
  readonly waiting: StoredJob[] = [];
  workers: InProcessWorker[] = [];
  /** Jobs running at once across the queue's workers (ProcessOptions.globalConcurrency). */
  globalConcurrency = Infinity;
  private lastId = 0;
  /** Ids of settled jobs, oldest first (a Set keeps insertion order). */
  private readonly settled = new Set<string>();

  /**
   * @param onWork called when a worker may have something to do: a job started waiting, a
   * worker arrived or a worker's slot came free
   */
  constructor(
    readonly name: string,
    private readonly onWork: (queue: InProcessQueue) => void,
  ) {}

  scheduleWork(): void {
    this.onWork(this);
  }

  /** Adds a job unless one with the same id is still remembered. */
  enqueue(name: string, data: unknown, options: ResolvedJobOptions): EnqueueResult {
    if (options.jobId !== undefined && this.jobs.has(options.jobId)) return { id: options.jobId, added: false };
    let id = options.jobId;
    while (id === undefined || this.jobs.has(id)) id = String(++this.lastId);
    const job: StoredJob = {
      id,
      name,
      dataJson: JSON.stringify(data === undefined ? {} : data), // BullMQ stores undefined as {}
      attempts: options.attempts,
      backoffMs: options.backoffMs,
      status: 'waiting',
      attemptsMade: 0,
      settleWaiters: [],
    };
    this.jobs.set(id, job);
    this.makeWaitingAfter(job, options.delayMs);
    return { id, added: true };
  }

  /** Puts the job in the waiting line after `delayMs`, or at once when there is no delay. */
  makeWaitingAfter(job: StoredJob, delayMs: number): void {
    if (delayMs > 0) this.delay(job, delayMs);
    else this.makeWaiting(job);
  }

  private makeWaiting(job: StoredJob): void {
    job.timer = undefined;
    job.status = 'waiting';
    this.waiting.push(job);
    this.scheduleWork();
  }

  private delay(job: StoredJob, ms: number): void {
    job.status = 'delayed';
    job.timer = setTimeout(() => this.makeWaiting(job), ms);
    job.timer.unref(); // a pending delayed job must not keep the process alive
  }

  /** Marks the job settled, answers its waiters and forgets the oldest settled jobs over the limit. */
  settle(job: StoredJob, status: 'completed' | 'failed'): void {
    job.status = status;
    const state = toJobState(job);
    for (const waiter of job.settleWaiters.splice(0)) waiter.settled(state);
    this.settled.add(job.id);
    for (const oldest of this.settled) {
      if (this.settled.size <= MAX_SETTLED_JOBS) break;
      this.settled.delete(oldest);
      this.jobs.delete(oldest);
    }
  }

  counts(): QueueCounts {
    const counts: QueueCounts = { waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 };
    for (const job of this.jobs.values()) counts[job.status] += 1;
    return counts;
  }

  /** Failed jobs, the most recently settled first. */
  latestFailed(limit: number): StoredJob[] {
    const failed: StoredJob[] = [];
    for (const id of [...this.settled].reverse()) {
      if (failed.length >= limit) break;
      const job = this.jobs.get(id);
      if (job?.status === 'failed') failed.push(job);
    }
    return failed;
  }

  /** Gives a failed job a fresh round of tries, as BullMQ's retry with its attempts reset. */
  retry(id: string): boolean {
    const job = this.jobs.get(id);
    if (job?.status !== 'failed') return false;
    this.settled.delete(id);
    job.attemptsMade = 0;
    delete job.failedReason;
    this.makeWaiting(job);
    return true;
  }

  /** Jobs running now on all of the queue's workers. */
  activeJobs(): number {
    return this.workers.reduce((sum, worker) => sum + worker.active.size, 0);
  }

  addWorker(worker: InProcessWorker): void {
    this.workers.push(worker);
    this.scheduleWork();
  }

  /** Stops the worker taking jobs and resolves once its active jobs have finished. */
  async closeWorker(worker: InProcessWorker): Promise<void> {
    worker.closed = true;
    this.workers = this.workers.filter((other) => other !== worker);
    await Promise.all(worker.active);
  }

  /** Stops the delay timers and rejects whoever still waits for a job: nothing will settle it now. */
  abandonJobs(): void {
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.timer = undefined;
      const error = new Error(`Job queue closed before job ${job.id} in queue ${this.name} settled`);
      for (const waiter of job.settleWaiters.splice(0)) waiter.abandoned(error);
    }
  }
}

/**
 * The close sequence: every worker of every queue finishes its active jobs first (a settled job
 * still answers its waiters), and only then are the remaining waiters told the queue closed.
 */
export async function closeQueues(queues: readonly InProcessQueue[]): Promise<void> {
  await Promise.all(queues.flatMap((queue) => queue.workers.map((worker) => queue.closeWorker(worker))));
  for (const queue of queues) queue.abandonJobs();
}
