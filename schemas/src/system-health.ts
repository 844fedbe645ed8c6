/**
 * The admin System Health view (`GET /api/admin/health`): what an operator checks first when
 * something looks wrong. Each section reports its own `error` so one failing port still leaves
 * the others readable.
 */
import Type, { type Static } from 'typebox';
import { PortStatus } from './health.js';
import { Queues } from './jobs.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const SectionError = Nullable(Type.String({ description: 'Why this section could not be read; null when it was.' }));

/** The window dead letters are counted over. */
export const DEAD_LETTER_WINDOW_MINUTES = 60;
/** How many of the newest dead letters the view lists. */
export const LATEST_DEAD_LETTERS = 10;

export const PartitionLagStatus = Type.Object({
  group: Type.String(),
  topic: Type.String(),
  partition: Type.Integer({ minimum: 0 }),
  /** Offset the group committed; null when it committed nothing on this partition yet. */
  committed: Nullable(Type.String()),
  /** The partition's end offset (high watermark). */
  end: Type.String(),
  lag: Type.Integer({ minimum: 0 }),
});
export type PartitionLagStatus = Static<typeof PartitionLagStatus>;

export const DeadLetterEntry = Type.Object({
  topic: Type.String(),
  source_topic: Type.String(),
  reason: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type DeadLetterEntry = Static<typeof DeadLetterEntry>;

export const FailedJobStatus = Type.Object({
  id: Type.String(),
  name: Type.String(),
  reason: Type.String(),
  attempts_made: Type.Integer({ minimum: 0 }),
});
export type FailedJobStatus = Static<typeof FailedJobStatus>;

/** A queue of Queues, as the API names it. */
export const JobQueueName = Type.Union([
  Type.Literal(Queues.maintenance),
  Type.Literal(Queues.dataset),
  Type.Literal(Queues.imports),
  Type.Literal(Queues.screenings),
]);
export type JobQueueName = Static<typeof JobQueueName>;

export const QueueStatus = Type.Object({
  queue: JobQueueName,
  waiting: Type.Integer({ minimum: 0 }),
  delayed: Type.Integer({ minimum: 0 }),
  active: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** The latest jobs that failed for good, newest first. */
  failed_jobs: Type.Array(FailedJobStatus),
});
export type QueueStatus = Static<typeof QueueStatus>;

/** How many of the newest recoveries the view lists. */
export const LATEST_RECOVERIES = 20;

/**
 * Work the platform took up again after a crash: a job taken back from a worker that died
 * (BullMQ's stalled-job check, or the embedded queue's at its next start), or an unfinished
 * record the start-up check found with no job behind it.
 */
export const JobRecovery = Type.Object({
  at: Type.String({ format: 'date-time' }),
  kind: Type.Union([Type.Literal('taken back'), Type.Literal('repaired at start')]),
  queue: JobQueueName,
  job_id: Type.String(),
  /** What the job runs: "import imp-…", "replay replay-all-…", "screening scr-…", "rebuild-dataset". */
  subject: Type.String(),
  /** What was done: "runs again (taken back 1 time)", "queued job …", "marked failed: …". */
  action: Type.String(),
});
export type JobRecovery = Static<typeof JobRecovery>;

export const SystemHealth = Type.Object(
  {
    checked_at: Type.String({ format: 'date-time' }),
    /** Each port with where it points and the round-trip time of a ping. */
    ports: Type.Array(PortStatus),
    consumer_lag: Type.Object({ partitions: Type.Array(PartitionLagStatus), error: SectionError }),
    dead_letters: Type.Object({
      window_minutes: Type.Integer(),
      total: Type.Integer({ minimum: 0 }),
      by_topic: Type.Array(Type.Object({ topic: Type.String(), count: Type.Integer({ minimum: 0 }) })),
      latest: Type.Array(DeadLetterEntry),
      error: SectionError,
    }),
    job_queues: Type.Object({ queues: Type.Array(QueueStatus), error: SectionError }),
    /** The newest recoveries after crashes, newest first. */
    recoveries: Type.Object({ latest: Type.Array(JobRecovery), error: SectionError }),
    derived_data: Type.Object({
      dataset_version: Nullable(Type.Integer()),
      built_at: Nullable(Type.String({ format: 'date-time' })),
      age_seconds: Nullable(Type.Integer({ minimum: 0 })),
      error: SectionError,
    }),
  },
  { $id: 'SystemHealth', description: 'Ports, consumer lag, dead letters, job queues, recoveries after crashes and the age of the derived data, read afresh.' },
);
export type SystemHealth = Static<typeof SystemHealth>;

export const JobIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export type JobIdParams = Static<typeof JobIdParams>;

export const RetryJobBody = Type.Object({ queue: JobQueueName }, { additionalProperties: false });
export type RetryJobBody = Static<typeof RetryJobBody>;

export const RetryJobResponse = Type.Object({ id: Type.String(), queue: JobQueueName, retried: Type.Literal(true) });
export type RetryJobResponse = Static<typeof RetryJobResponse>;
