/**
 * JobQueue: the BullMQ port. Production runs BullMQ queues and workers on Redis; the embedded
 * adapter runs the same processors in-process with the same retry, back-off, idempotent job id
 * and UnrecoverableError semantics.
 *
 * Jobs outlive the process that runs them: BullMQ keeps them in Redis, the embedded adapter in
 * files under DATA_DIR. A worker holds a lock on each job it runs and renews it while it runs;
 * a job whose worker died (SIGKILL, out of memory, a lost machine) is taken back once its lock
 * has expired (the stalled-job check) and runs again from the start of its processor, without
 * using one of its attempts. A job taken back more than MAX_STALLED_COUNT times fails for good.
 * So a processor must be safe to run again after any of its steps (docs/decisions/0108).
 */
export interface JobOptions {
  /** A job with an id that is already waiting, active, completed or failed is not added again. */
  jobId?: string;
  /** Total tries including the first. @defaultValue 3 */
  attempts?: number;
  /** Exponential back-off base between tries. @defaultValue 1000 */
  backoffMs?: number;
  /** Wait before the first try. @defaultValue 0 */
  delayMs?: number;
}

export interface Job<Data = unknown> {
  id: string;
  name: string;
  data: Data;
  /** Tries already made before this one. */
  attemptsMade: number;
  /** Times the job was taken back from a worker that died while running it. */
  stalledCount: number;
}

export type Processor<Data = unknown, Result = unknown> = (job: Job<Data>) => Promise<Result>;

export type JobStatus = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

export interface JobState {
  id: string;
  name: string;
  status: JobStatus;
  attemptsMade: number;
  /** Times the job was taken back from a worker that died while running it. */
  stalledCount: number;
  returnValue?: unknown;
  failedReason?: string;
}

export interface EnqueueResult {
  id: string;
  /** False when a job with the same id already existed and nothing was added. */
  added: boolean;
}

/** How many jobs of a queue are in each state; settled jobs only as far as the queue keeps them. */
export interface QueueCounts {
  waiting: number;
  delayed: number;
  active: number;
  completed: number;
  failed: number;
}

export interface WorkerHandle {
  close(): Promise<void>;
}

export interface ProcessOptions {
  /** Jobs this worker runs at once. @defaultValue 1 */
  concurrency?: number;
  /**
   * Jobs of the queue that run at once across every worker of every process (BullMQ's global
   * concurrency, kept in Redis): two gateways each processing imports still run one import at a
   * time. Every worker of the queue should pass the same value. @defaultValue no limit
   */
  globalConcurrency?: number;
}

export interface JobQueue {
  readonly adapter: 'bullmq' | 'in-process';
  readonly target: string;
  enqueue(queue: string, name: string, data: unknown, options?: JobOptions): Promise<EnqueueResult>;
  /**
   * Starts processing `queue`: each job is handed to the processor registered for its name.
   * A job whose name has no processor fails without retry.
   */
  process(queue: string, processors: Record<string, Processor>, options?: ProcessOptions): Promise<WorkerHandle>;
  getJob(queue: string, id: string): Promise<JobState | null>;
  /** Resolves when the job has completed or failed for good (or rejects after `timeoutMs`). */
  waitUntilSettled(queue: string, id: string, timeoutMs?: number): Promise<JobState>;
  /** The queue's jobs per state, for admins watching its depth. */
  counts(queue: string): Promise<QueueCounts>;
  /** The jobs that failed for good, most recent first, at most `limit` (@defaultValue 10). */
  failedJobs(queue: string, limit?: number): Promise<JobState[]>;
  /**
   * Gives a failed job a new round of tries (its attempts start again from zero, as an admin
   * retrying it expects). False when the queue has no failed job with that id.
   */
  retryJob(queue: string, id: string): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
