/**
 * One named queue of the embedded adapter: its jobs by id, the line of waiting jobs, the timers
 * of delayed ones, its workers, and the settled jobs it remembers for getJob and idempotent ids.
 * With a journal, every change of a job is written to it, and a new queue starts from what the
 * journal holds: waiting and delayed jobs wait again, and an active job whose worker is gone is
 * taken back (the stalled-job check).
 */
import type { EnqueueResult, Processor, QueueCounts } from '../ports/job-queue.js';
import { toJobState, toJournalRecord, type StoredJob } from './in-process-job.js';
import type { JobJournal, JournalRecord } from './in-process-journal.js';
import { MAX_STALLED_COUNT, STALLED_TOO_OFTEN, type ResolvedJobOptions } from './job-options.js';
import { lockHolderIsGone } from './lock-owner.js';

/** Settled jobs kept per queue for getJob and idempotency; older ones are forgotten. */
export const MAX_SETTLED_JOBS = 5_000;

export interface InProcessWorker {
  processors: Record<string, Processor>;
  concurrency: number;
  active: Set<Promise<void>>;
  closed: boolean;
}

export interface QueueSettings {
  /** Called when a worker may have something to do: a job started waiting, a worker arrived or a worker's slot came free. */
  onWork: (queue: InProcessQueue) => void;
  /** Where the queue's jobs are kept; none: in this process's memory only. */
  journal?: JobJournal;
  /** This process's lock owner id ("<pid>:<random>"). */
  owner: string;
  lockMs: number;
  /** Told of a job change that could not be written to the journal. */
  onWriteError: (error: unknown, job: StoredJob) => void;
  /** Told of each job taken back from a worker that died. */
  onStalled: (job: StoredJob, failedForGood: boolean) => void;
}

export class InProcessQueue {
  readonly jobs = new Map<string, StoredJob>();
  readonly waiting: StoredJob[] = [];
  workers: InProcessWorker[] = [];
  /** Jobs running at once across the queue's workers (ProcessOptions.globalConcurrency). */
  globalConcurrency = Infinity;
  private lastId = 0;
  private lastOrder = 0;
  /** Ids of settled jobs, oldest first (a Set keeps insertion order). */
  private readonly settled = new Set<string>();

  constructor(
    readonly name: string,
    private readonly settings: QueueSettings,
  ) {
    if (settings.journal) this.restore(settings.journal.load(name));
  }

  scheduleWork(): void {
    this.settings.onWork(this);
  }

  /** Writes the job's current state to the journal, if there is one. */
  persist(job: StoredJob): Promise<void> {
    return this.settings.journal?.write(this.name, toJournalRecord(job)) ?? Promise.resolve();
  }

  /** persist() for a change the caller does not wait on: a failed write is reported, not thrown. */
  persistInBackground(job: StoredJob): void {
    this.persist(job).catch((error: unknown) => this.settings.onWriteError(error, job));
  }

  /** Adds a job unless one with the same id is still remembered; resolves once the job is kept. */
  async enqueue(name: string, data: unknown, options: ResolvedJobOptions): Promise<EnqueueResult> {
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
      stalledCount: 0,
      order: ++this.lastOrder,
      settleWaiters: [],
    };
    this.jobs.set(id, job);
    this.makeWaitingAfter(job, options.delayMs, { persist: false });
    try {
      await this.persist(job);
    } catch (error) {
      // Not kept, so not added: the caller hears why, and nothing runs a job it was told failed.
      this.forget(job);
      throw error;
    }
    return { id, added: true };
  }

  /** Puts the job in the waiting line after `delayMs`, or at once when there is no delay. */
  makeWaitingAfter(job: StoredJob, delayMs: number, { persist = true } = {}): void {
    if (delayMs > 0) this.delay(job, Date.now() + delayMs);
    else this.makeWaiting(job);
    if (persist) this.persistInBackground(job);
  }

  private makeWaiting(job: StoredJob, { first = false } = {}): void {
    job.timer = undefined;
    job.status = 'waiting';
    delete job.availableAt;
    delete job.lockOwner;
    delete job.lockExpiresAt;
    if (first) this.waiting.unshift(job);
    else this.waiting.push(job);
    this.scheduleWork();
  }

  private delay(job: StoredJob, availableAt: number): void {
    job.status = 'delayed';
    job.availableAt = availableAt;
    job.timer = setTimeout(
      () => {
        this.makeWaiting(job);
        this.persistInBackground(job);
      },
      Math.max(0, availableAt - Date.now()),
    );
    job.timer.unref(); // a pending delayed job must not keep the process alive
  }

  /**
   * Marks the job taken by this process's worker, locked for lockMs; resolves once that is kept,
   * so a processor never runs a job the journal still has waiting (BullMQ's move to active is
   * atomic too).
   */
  async markActive(job: StoredJob): Promise<void> {
    job.status = 'active';
    job.lockOwner = this.settings.owner;
    job.lockExpiresAt = Date.now() + this.settings.lockMs;
    await this.persist(job).catch((error: unknown) => this.settings.onWriteError(error, job));
  }

  /** Marks the job settled, answers its waiters and forgets the oldest settled jobs over the limit. */
  settle(job: StoredJob, status: 'completed' | 'failed'): void {
    job.status = status;
    job.settledAt = Date.now();
    delete job.lockOwner;
    delete job.lockExpiresAt;
    this.persistInBackground(job);
    const state = toJobState(job);
    for (const waiter of job.settleWaiters.splice(0)) waiter.settled(state);
    this.settled.add(job.id);
    this.forgetSettledOverLimit();
  }

  private forgetSettledOverLimit(): void {
    for (const oldest of this.settled) {
      if (this.settled.size <= MAX_SETTLED_JOBS) break;
      const job = this.jobs.get(oldest);
      if (job) this.forget(job);
    }
  }

  private forget(job: StoredJob): void {
    this.settled.delete(job.id);
    this.jobs.delete(job.id);
    const waitingAt = this.waiting.indexOf(job);
    if (waitingAt >= 0) this.waiting.splice(waitingAt, 1);
    clearTimeout(job.timer);
    this.settings.journal?.remove(this.name, job.id).catch((error: unknown) => this.settings.onWriteError(error, job));
  }

  /** Renews the locks of the jobs this process runs, as a BullMQ worker renews its own. */
  renewLocks(): void {
    for (const job of this.jobs.values()) {
      if (job.status !== 'active' || job.lockOwner !== this.settings.owner) continue;
      job.lockExpiresAt = Date.now() + this.settings.lockMs;
      this.persistInBackground(job);
    }
  }

  /**
   * The stalled-job check: an active job that no live worker holds (its lock expired, or the
   * process that took it is gone) goes back to the front of the line, or fails for good once it
   * was taken back more than MAX_STALLED_COUNT times.
   */
  takeBackStalledJobs(): void {
    for (const job of this.jobs.values()) {
      if (job.status !== 'active' || job.lockOwner === this.settings.owner) continue;
      if (!lockHolderIsGone(job.lockOwner, job.lockExpiresAt)) continue;
      job.stalledCount += 1;
      const failedForGood = job.stalledCount > MAX_STALLED_COUNT;
      this.settings.onStalled(job, failedForGood);
      if (failedForGood) {
        job.failedReason = STALLED_TOO_OFTEN;
        this.settle(job, 'failed');
      } else {
        this.makeWaiting(job, { first: true });
        this.persistInBackground(job);
      }
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
    job.stalledCount = 0;
    delete job.failedReason;
    delete job.settledAt;
    this.makeWaiting(job);
    this.persistInBackground(job);
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

  /** Takes up the journal's jobs: settled ones are remembered, the others wait (or are taken back) again. */
  private restore(records: JournalRecord[]): void {
    const settled: StoredJob[] = [];
    for (const record of records) {
      const job: StoredJob = { ...record, stalledCount: record.stalledCount ?? 0, settleWaiters: [] };
      this.jobs.set(job.id, job);
      this.lastOrder = Math.max(this.lastOrder, job.order);
      if (/^\d+$/.test(job.id)) this.lastId = Math.max(this.lastId, Number(job.id));
      if (job.status === 'waiting') this.waiting.push(job);
      else if (job.status === 'delayed') this.delay(job, job.availableAt ?? Date.now());
      else if (job.status === 'completed' || job.status === 'failed') settled.push(job);
    }
    for (const job of settled.sort((a, b) => (a.settledAt ?? 0) - (b.settledAt ?? 0))) this.settled.add(job.id);
    this.takeBackStalledJobs();
    if (this.waiting.length) this.scheduleWork();
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
