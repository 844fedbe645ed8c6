/**
 * Gathers the admin System Health view afresh on every call: an admin refreshing it wants
 * the figures of now, and only admins can ask (unlike /ready, which is public and cached).
 * Each section catches its own failure, so an unreachable Kafka still leaves the queues and the
 * dead letters readable.
 */
import path from 'node:path';
import { checkPorts, consumerLag, UnknownTopicError, type Ports } from '@ust/platform';
import { latestRecoveries, readDatasetMeta } from '@ust/read-model';
import { DEAD_LETTER_WINDOW_MINUTES, Queues, TopicsOfGroup, type PartitionLagStatus, type QueueStatus, type SystemHealth } from '@ust/schemas';
import { getDeadLetterSummary } from '../queries/admin/get-dead-letter-summary.js';

/** The workers' queues, in the order System Health lists them. */
const SHOWN_QUEUES: Array<QueueStatus['queue']> = [Queues.maintenance, Queues.dataset, Queues.imports, Queues.screenings];

/** Failed jobs listed per queue. */
const FAILED_JOBS_SHOWN = 10;

async function section<T extends object>(read: () => Promise<T>, empty: T): Promise<T & { error: string | null }> {
  try {
    return { ...(await read()), error: null };
  } catch (error) {
    return { ...empty, error: error instanceof Error ? error.message : String(error) };
  }
}

async function readConsumerLag(events: Ports['events']): Promise<{ partitions: PartitionLagStatus[] }> {
  const pairs = Object.entries(TopicsOfGroup).flatMap(([group, topics]) => topics.map((topic) => ({ group, topic })));
  const perPair = await Promise.all(
    pairs.map(async ({ group, topic }) => {
      try {
        return (await consumerLag(events, group, topic)).map((partition) => ({ group, topic, ...partition }));
      } catch (error) {
        // Topics are created on first use: one nobody has published to yet has no lag to show.
        if (error instanceof UnknownTopicError) return [];
        throw error;
      }
    }),
  );
  return { partitions: perPair.flat() };
}

async function readJobQueues(jobs: Ports['jobs']): Promise<{ queues: QueueStatus[] }> {
  const queues = await Promise.all(
    SHOWN_QUEUES.map(async (queue): Promise<QueueStatus> => {
      const [counts, failed] = await Promise.all([jobs.counts(queue), jobs.failedJobs(queue, FAILED_JOBS_SHOWN)]);
      return {
        queue,
        waiting: counts.waiting,
        delayed: counts.delayed,
        active: counts.active,
        failed: counts.failed,
        failed_jobs: failed.map((job) => ({ id: job.id, name: job.name, reason: job.failedReason ?? '', attempts_made: job.attemptsMade })),
      };
    }),
  );
  return { queues };
}

async function readDerivedData(cache: Ports['cache'], now: Date) {
  const meta = await readDatasetMeta(cache);
  if (!meta) return { dataset_version: null, built_at: null, age_seconds: null };
  const built = new Date(meta.generated_at);
  return {
    dataset_version: meta.dataset_version,
    built_at: built.toISOString(),
    age_seconds: Math.max(0, Math.floor((now.getTime() - built.getTime()) / 1000)),
  };
}

/**
 * A port's target as the health view shows it: a path inside the data directory (chDB's tables)
 * as `DATA_DIR/...`, so no answer names the server's file system; URLs (their passwords already
 * hidden by the adapters) as they are.
 */
export function displayTarget(target: string, dataDir: string): string {
  const relative = path.relative(path.resolve(dataDir), target);
  if (!path.isAbsolute(target) || relative.startsWith('..') || path.isAbsolute(relative)) return target;
  return relative === '' ? 'DATA_DIR' : `DATA_DIR/${relative.split(path.sep).join('/')}`;
}

export async function readSystemHealth(ports: Ports, dataDir: string, now: Date = new Date()): Promise<SystemHealth> {
  const [portStatus, lag, deadLetters, jobQueues, recoveries, derived] = await Promise.all([
    checkPorts(ports).then((statuses) => statuses.map((status) => ({ ...status, target: displayTarget(status.target, dataDir) }))),
    section(() => readConsumerLag(ports.events), { partitions: [] }),
    section(
      async () => {
        const summary = await getDeadLetterSummary(ports.store, now);
        return { ...summary, total: summary.by_topic.reduce((sum, { count }) => sum + count, 0) };
      },
      { by_topic: [], latest: [], total: 0 },
    ),
    section(() => readJobQueues(ports.jobs), { queues: [] }),
    section(async () => ({ latest: await latestRecoveries(ports.store) }), { latest: [] }),
    section(() => readDerivedData(ports.cache, now), { dataset_version: null, built_at: null, age_seconds: null }),
  ]);
  return {
    checked_at: now.toISOString(),
    ports: portStatus,
    consumer_lag: lag,
    dead_letters: { window_minutes: DEAD_LETTER_WINDOW_MINUTES, ...deadLetters },
    job_queues: jobQueues,
    recoveries,
    derived_data: derived,
  };
}
