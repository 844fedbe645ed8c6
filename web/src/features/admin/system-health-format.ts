/**
 * How System Health writes its figures, as plain functions so the formats are unit-tested
 * without a DOM.
 */
import type { JobRecovery, PartitionLagStatus, PortStatus, SystemHealth } from '@ust/schemas';
import { formatCount, NOT_AVAILABLE } from '../../components/format';

const latencyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A ping's round trip: '3.2 ms'; an unreachable port's time is how long it was waited for. */
export function formatRoundTrip(port: Pick<PortStatus, 'reachable' | 'latency_ms'>): string {
  const time = `${latencyFormat.format(port.latency_ms)} ms`;
  return port.reachable ? time : `no answer (${time})`;
}

/** An age in the two largest units that matter: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function formatAge(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const whole = Math.floor(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

const RECOVERY_KINDS: Record<JobRecovery['kind'], string> = {
  'taken back': 'Taken back',
  'repaired at start': 'Repaired at start',
};

/** What the platform did after a crash: took a dead worker's job back, or repaired a record at start-up. */
export function formatRecoveryKind(kind: JobRecovery['kind']): string {
  return RECOVERY_KINDS[kind];
}

/** A committed offset, or what a group that committed nothing there reads as. */
export function formatCommitted(committed: string | null): string {
  return committed === null ? 'none yet' : formatCount(Number(committed));
}

export interface TopicLag {
  group: string;
  topic: string;
  lag: number;
  partitions: PartitionLagStatus[];
}

/** Partitions grouped by group and topic, in the server's order, with each pair's total lag. */
export function lagByTopic(partitions: readonly PartitionLagStatus[]): TopicLag[] {
  const pairs = new Map<string, TopicLag>();
  for (const partition of partitions) {
    const key = `${partition.group}\u0000${partition.topic}`;
    let pair = pairs.get(key);
    if (!pair) pairs.set(key, (pair = { group: partition.group, topic: partition.topic, lag: 0, partitions: [] }));
    pair.lag += partition.lag;
    pair.partitions.push(partition);
  }
  return [...pairs.values()];
}

/** The one-line verdict above the tables: which ports do not answer, and where work piles up. */
export function healthSummary(health: SystemHealth): string {
  const down = health.ports.filter((port) => !port.reachable).map((port) => port.port);
  const parts = [down.length ? `Unreachable: ${down.join(', ')}` : `All ${health.ports.length} ports reachable`];
  const lag = health.consumer_lag.partitions.reduce((sum, { lag: partitionLag }) => sum + partitionLag, 0);
  parts.push(`${formatCount(lag)} ${lag === 1 ? 'message' : 'messages'} behind`);
  parts.push(`${formatCount(health.dead_letters.total)} dead-lettered in the last ${health.dead_letters.window_minutes} min`);
  const failed = health.job_queues.queues.reduce((sum, queue) => sum + queue.failed, 0);
  parts.push(`${formatCount(failed)} failed ${failed === 1 ? 'job' : 'jobs'}`);
  return parts.join(' · ');
}
