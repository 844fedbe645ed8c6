import type { SystemHealth } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { formatAge, formatCommitted, formatRecoveryKind, formatRoundTrip, healthSummary, lagByTopic } from './system-health-format';

const lag = (group: string, topic: string, partition: number, committed: string | null, end: string, behind: number) => ({
  group,
  topic,
  partition,
  committed,
  end,
  lag: behind,
});

describe('System Health formats', () => {
  it('writes round trips in ms with one decimal, and says when a port did not answer', () => {
    expect(formatRoundTrip({ reachable: true, latency_ms: 3.24 })).toBe('3.2 ms');
    expect(formatRoundTrip({ reachable: true, latency_ms: 0 })).toBe('0.0 ms');
    expect(formatRoundTrip({ reachable: false, latency_ms: 2001.5 })).toBe('no answer (2,001.5 ms)');
  });

  it('writes ages in their two largest units', () => {
    expect(formatAge(null)).toBe('N/A');
    expect(formatAge(0)).toBe('0 s');
    expect(formatAge(59.9)).toBe('59 s');
    expect(formatAge(60)).toBe('1 min');
    expect(formatAge(3599)).toBe('59 min');
    expect(formatAge(3600)).toBe('1 h');
    expect(formatAge(3600 + 5 * 60 + 7)).toBe('1 h 5 min');
    expect(formatAge(86_400)).toBe('1 d');
    expect(formatAge(2 * 86_400 + 4 * 3600 + 59)).toBe('2 d 4 h');
  });

  it('writes a committed offset with separators, and none for a group that committed nothing', () => {
    expect(formatCommitted('1234567')).toBe('1,234,567');
    expect(formatCommitted('0')).toBe('0');
    expect(formatCommitted(null)).toBe('none yet');
  });

  it('names what was done after a crash', () => {
    expect(formatRecoveryKind('taken back')).toBe('Taken back');
    expect(formatRecoveryKind('repaired at start')).toBe('Repaired at start');
  });

  it('groups partitions by group and topic, in order, with their total lag', () => {
    const rows = [
      lag('ingest.telemetry-logs', 'telemetry.logs.v1', 0, '10', '12', 2),
      lag('ingest.telemetry-logs', 'telemetry.logs.v1', 1, null, '3', 3),
      lag('ingest.dataset-records', 'ust.dataset.tanks.v1', 0, '5', '5', 0),
    ];
    expect(lagByTopic(rows).map(({ group, topic, lag: total, partitions }) => [group, topic, total, partitions.length])).toEqual([
      ['ingest.telemetry-logs', 'telemetry.logs.v1', 5, 2],
      ['ingest.dataset-records', 'ust.dataset.tanks.v1', 0, 1],
    ]);
  });

  it('sums up the state in one line', () => {
    const port = (name: SystemHealth['ports'][number]['port'], reachable: boolean) => ({
      port: name,
      adapter: 'x',
      mode: 'production' as const,
      target: 't',
      reachable,
      latency_ms: 1,
    });
    const health: SystemHealth = {
      checked_at: '2026-11-27T04:00:00.000Z',
      ports: [port('AnalyticsStore', true), port('EventLog', false), port('JobQueue', true), port('Cache', true)],
      consumer_lag: { partitions: [lag('g', 't', 0, '1', '2', 1)], error: null },
      dead_letters: { window_minutes: 60, total: 1200, by_topic: [], latest: [], error: null },
      job_queues: {
        queues: [
          { queue: 'maintenance', waiting: 0, delayed: 0, active: 0, failed: 2, failed_jobs: [] },
          { queue: 'dataset', waiting: 1, delayed: 0, active: 0, failed: 1, failed_jobs: [] },
        ],
        error: null,
      },
      recoveries: { latest: [], error: null },
      derived_data: { dataset_version: 3, built_at: '2026-11-27T03:00:00.000Z', age_seconds: 3600, error: null },
    };
    expect(healthSummary(health)).toBe('Unreachable: EventLog · 1 message behind · 1,200 dead-lettered in the last 60 min · 3 failed jobs');
    expect(healthSummary({ ...health, ports: health.ports.map((entry) => ({ ...entry, reachable: true })) })).toMatch(/^All 4 ports reachable · /);
  });
});
