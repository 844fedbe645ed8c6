import type { JobQueueName, JobRecovery, SystemHealth } from '@ust/schemas';
import type { useRetryJobMutation } from '../../api';
import type { DataTableColumn } from '../../components/DataTable';
import { formatCount, formatTimestamp } from '../../components/format';
import { Time } from './Badges';
import { formatRecoveryKind, formatRoundTrip } from './system-health-format';

type Port = SystemHealth['ports'][number];
type DeadLetter = SystemHealth['dead_letters']['latest'][number];
type JobQueue = SystemHealth['job_queues']['queues'][number];
type JobRetry = ReturnType<typeof useRetryJobMutation>;
/** A failed job with the queue it failed in: the table lists the failed jobs of every queue together. */
export type FailedJob = JobQueue['failed_jobs'][number] & { queue: JobQueueName };

export const PORT_COLUMNS: DataTableColumn<Port>[] = [
  { key: 'port', header: 'Port', rowHeader: true, cell: (port) => port.port },
  {
    key: 'adapter',
    header: 'Adapter',
    cell: (port) => (
      <>
        {port.adapter} <span className="muted">({port.mode})</span>
      </>
    ),
  },
  { key: 'target', header: 'Target', className: 'system-health-target', cell: (port) => port.target },
  {
    key: 'reachable',
    header: 'Reachable',
    cell: (port) => <span className={`badge ${port.reachable ? 'badge-active' : 'badge-inactive'}`}>{port.reachable ? 'Yes' : 'No'}</span>,
  },
  { key: 'round-trip', header: 'Round trip', numeric: true, cell: formatRoundTrip },
];

export const DEAD_LETTER_COLUMNS: DataTableColumn<DeadLetter>[] = [
  { key: 'when', header: 'When', className: 'admin-nowrap', cell: (entry) => <Time iso={entry.at} format={formatTimestamp} /> },
  { key: 'from', header: 'From topic', className: 'admin-code', cell: (entry) => entry.source_topic || entry.topic },
  { key: 'reason', header: 'Reason', className: 'admin-message', cell: (entry) => entry.reason },
];

export const QUEUE_COLUMNS: DataTableColumn<JobQueue>[] = [
  { key: 'queue', header: 'Queue', rowHeader: true, cell: (queue) => queue.queue },
  { key: 'waiting', header: 'Waiting', numeric: true, cell: (queue) => formatCount(queue.waiting) },
  { key: 'delayed', header: 'Delayed', numeric: true, cell: (queue) => formatCount(queue.delayed) },
  { key: 'active', header: 'Active', numeric: true, cell: (queue) => formatCount(queue.active) },
  { key: 'failed', header: 'Failed', numeric: true, cell: (queue) => formatCount(queue.failed) },
];

export const RECOVERY_COLUMNS: DataTableColumn<JobRecovery>[] = [
  { key: 'when', header: 'When', className: 'admin-nowrap', cell: (recovery) => <Time iso={recovery.at} format={formatTimestamp} /> },
  { key: 'what', header: 'What', className: 'admin-nowrap', cell: (recovery) => formatRecoveryKind(recovery.kind) },
  { key: 'queue', header: 'Queue', cell: (recovery) => recovery.queue },
  { key: 'job', header: 'Job', className: 'admin-code', cell: (recovery) => recovery.job_id },
  { key: 'subject', header: 'Subject', className: 'admin-code', cell: (recovery) => recovery.subject },
  { key: 'action', header: 'Action', className: 'admin-message', cell: (recovery) => recovery.action },
];

export function failedJobColumns(retry: JobRetry): DataTableColumn<FailedJob>[] {
  return [
    { key: 'queue', header: 'Queue', cell: (job) => job.queue },
    { key: 'job', header: 'Job', className: 'admin-code', cell: (job) => job.id },
    { key: 'name', header: 'Name', className: 'admin-code', cell: (job) => job.name },
    { key: 'reason', header: 'Reason', className: 'admin-message', cell: (job) => job.reason },
    {
      key: 'action',
      header: <span className="visually-hidden">Action</span>,
      cell: (job) => <RetryButton queue={job.queue} id={job.id} name={job.name} retry={retry} />,
    },
  ];
}

function RetryButton(props: { queue: JobQueueName; id: string; name: string; retry: JobRetry }) {
  const { queue, id, name, retry } = props;
  const pending = retry.isPending && retry.variables.id === id && retry.variables.queue === queue;
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={pending}
      aria-label={`Retry job ${id} (${name})`}
      onClick={() => retry.mutate({ id, queue })}
    >
      {pending ? 'Retrying...' : 'Retry'}
    </button>
  );
}
