// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemHealth } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { SystemHealthView } from './SystemHealthView';

const port = (name: SystemHealth['ports'][number]['port'], adapter: string, target: string, latency: number) => ({
  port: name,
  adapter,
  mode: 'production' as const,
  target,
  reachable: true,
  latency_ms: latency,
});

function healthBody(
  failedJobs: SystemHealth['job_queues']['queues'][number]['failed_jobs'],
  recoveries: SystemHealth['recoveries'] = { latest: [], error: null },
): SystemHealth {
  return {
    checked_at: '2026-11-27T04:00:00.000Z',
    ports: [
      port('AnalyticsStore', 'clickhouse', 'http://clickhouse:8123', 4.26),
      port('EventLog', 'kafka', 'kafka-0:9092,kafka-1:9092', 12),
      port('JobQueue', 'bullmq', 'redis://redis:6379', 0.8),
      port('Cache', 'redis', 'redis://redis:6379', 0.7),
    ],
    consumer_lag: {
      partitions: [
        { group: 'ingest.telemetry-logs', topic: 'telemetry.logs.v1', partition: 0, committed: '1200', end: '1202', lag: 2 },
        { group: 'ingest.telemetry-logs', topic: 'telemetry.logs.v1', partition: 1, committed: null, end: '0', lag: 0 },
      ],
      error: null,
    },
    dead_letters: {
      window_minutes: 60,
      total: 3,
      by_topic: [{ topic: 'telemetry.dead-letter.v1', count: 3 }],
      latest: [{ topic: 'telemetry.dead-letter.v1', source_topic: 'telemetry.logs.v1', reason: 'value is not JSON', at: '2026-11-27T03:59:00.000Z' }],
      error: null,
    },
    job_queues: {
      queues: [
        { queue: 'maintenance', waiting: 0, delayed: 1, active: 0, failed: 0, failed_jobs: [] },
        { queue: 'dataset', waiting: 2, delayed: 0, active: 1, failed: failedJobs.length, failed_jobs: failedJobs },
      ],
      error: null,
    },
    recoveries,
    derived_data: { dataset_version: 12, built_at: '2026-11-27T02:55:00.000Z', age_seconds: 3900, error: null },
  };
}

const FAILED = [{ id: '7', name: 'rebuild-dataset', reason: 'ClickHouse refused the batch', attempts_made: 3 }];

const RECOVERED: SystemHealth['recoveries']['latest'] = [
  {
    at: '2026-11-27T03:58:00.000Z',
    kind: 'taken back',
    queue: 'imports',
    job_id: 'run-import-imp-2026-11-27-0001',
    subject: 'run-import imp-2026-11-27-0001',
    action: 'runs again (taken back 1 time)',
  },
  {
    at: '2026-11-27T03:57:00.000Z',
    kind: 'repaired at start',
    queue: 'screenings',
    job_id: 'scr-42',
    subject: 'screening scr-42',
    action: 'marked failed: its file is gone',
  },
];

/** The health body with its recoveries section as given, and nothing failed. */
async function renderRecoveries(recoveries: SystemHealth['recoveries']) {
  renderApp(<SystemHealthView />, {
    role: 'admin',
    path: '/dashboard?admin=system-health',
    routes: { 'GET /api/admin/health': () => healthBody([], recoveries) },
  });
  const heading = await screen.findByRole('heading', { name: 'Recoveries after crashes' });
  return heading.parentElement as HTMLElement;
}

/** Each body row of a table as its header and cell texts. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));

describe('System Health', () => {
  it('shows the ports, lag, dead letters, queues and data age, and retries a failed job', async () => {
    const user = userEvent.setup();
    let retried = false;
    const { gateway } = renderApp(<SystemHealthView />, {
      role: 'admin',
      path: '/dashboard?admin=system-health',
      routes: {
        'GET /api/admin/health': () => healthBody(retried ? [] : FAILED),
        'POST /api/admin/jobs/7/retry': () => {
          retried = true;
          return { id: '7', queue: 'dataset', retried: true };
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'System Health' });
    const ports = await within(region).findByRole('table', { name: 'Ports' });
    expect(rows(ports)).toEqual([
      ['AnalyticsStore', 'clickhouse (production)', 'http://clickhouse:8123', 'Yes', '4.3 ms'],
      ['EventLog', 'kafka (production)', 'kafka-0:9092,kafka-1:9092', 'Yes', '12.0 ms'],
      ['JobQueue', 'bullmq (production)', 'redis://redis:6379', 'Yes', '0.8 ms'],
      ['Cache', 'redis (production)', 'redis://redis:6379', 'Yes', '0.7 ms'],
    ]);
    expect(within(region).getByRole('status')).toHaveTextContent(
      'All 4 ports reachable · 2 messages behind · 3 dead-lettered in the last 60 min · 1 failed job',
    );

    const lag = within(region).getByRole('table', { name: 'Consumer lag (committed offset against end offset)' });
    expect(rows(lag)).toEqual([
      ['ingest.telemetry-logs', 'telemetry.logs.v12 behind', '0', '1,200', '1,202', '2'],
      ['1', 'none yet', '0', '0'],
    ]);
    expect(within(region).getByRole('heading', { name: 'Dead letters in the last 60 min: 3' })).toBeInTheDocument();
    expect(rows(within(region).getByRole('table', { name: 'Latest dead letters, newest first' }))[0]?.slice(1)).toEqual([
      'telemetry.logs.v1',
      'value is not JSON',
    ]);
    expect(rows(within(region).getByRole('table', { name: 'Job queues' }))).toEqual([
      ['maintenance', '0', '1', '0', '0'],
      ['dataset', '2', '0', '1', '1'],
    ]);
    expect(within(region).getByText('Live dataset version').nextElementSibling).toHaveTextContent('12');
    expect(within(region).getByText('Age').nextElementSibling).toHaveTextContent('1 h 5 min');

    const failed = within(region).getByRole('table', { name: 'Latest failed jobs' });
    expect(rows(failed)).toEqual([['dataset', '7', 'rebuild-dataset', 'ClickHouse refused the batch', 'Retry']]);
    await user.click(within(failed).getByRole('button', { name: 'Retry job 7 (rebuild-dataset)' }));
    expect(gateway.callsTo('POST /api/admin/jobs/7/retry').map((call) => call.body)).toEqual([{ queue: 'dataset' }]);
    // Asked again at once: the retried job leaves the failed list without waiting for the next poll.
    await within(region).findByText(/0 failed jobs$/);
    expect(within(region).queryByRole('table', { name: 'Latest failed jobs' })).toBeNull();
    expect(gateway.unexpected).toEqual([]);
  });

  it('lists the jobs recovered after crashes, newest first, below the job queues', async () => {
    const section = await renderRecoveries({ latest: RECOVERED, error: null });
    const table = within(section).getByRole('table', { name: 'Recoveries after crashes, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'What', 'Queue', 'Job', 'Subject', 'Action']);
    expect(rows(table).map((cells) => cells.slice(1))).toEqual([
      ['Taken back', 'imports', 'run-import-imp-2026-11-27-0001', 'run-import imp-2026-11-27-0001', 'runs again (taken back 1 time)'],
      ['Repaired at start', 'screenings', 'scr-42', 'screening scr-42', 'marked failed: its file is gone'],
    ]);
    expect(within(table).getAllByRole('row')[1]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T03:58:00.000Z');
    const queues = screen.getByRole('table', { name: 'Job queues' });
    expect(queues.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when no job needed recovering', async () => {
    const empty = await renderRecoveries({ latest: [], error: null });
    expect(within(empty).getByText('No job needed recovering.')).toBeInTheDocument();
    expect(within(empty).queryByRole('table')).toBeNull();
  });

  it('shows why the recoveries could not be read, without calling them empty', async () => {
    const unread = await renderRecoveries({ latest: [], error: 'the job queue did not answer' });
    expect(within(unread).getByRole('alert')).toHaveTextContent('Could not read this: the job queue did not answer');
    expect(within(unread).queryByText('No job needed recovering.')).toBeNull();
  });
});
