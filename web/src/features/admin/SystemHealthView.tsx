/**
 * System Health (docs/decisions/0019-admin-and-broker-tools.md): each port with where it points
 * and its round trip, consumer lag per topic and partition, dead letters of the last hour with
 * their reasons, the job queues with a Retry button on failed jobs, and the age of the derived
 * data. Asked again every SYSTEM_HEALTH_REFRESH_MS while shown; mounted only while shown, which
 * stops the polling.
 */
import type { JobQueueName, SystemHealth } from '@ust/schemas';
import { SYSTEM_HEALTH_REFRESH_MS, useRetryJobMutation, useSystemHealthQuery } from '../../api';
import { formatCount, formatTimestamp } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Time } from './Badges';
import { LoadFailure } from './LoadFailure';
import { formatAge, formatCommitted, formatRoundTrip, healthSummary, lagByTopic } from './system-health-format';
import { useFailureLog } from './useAdminData';
import './system-health.css';

export function SystemHealthView() {
  const query = useSystemHealthQuery();
  useFailureLog('health', query);
  return (
    <section className="system-health" aria-labelledby="system-health-title">
      <h3 id="system-health-title">System Health</h3>
      {query.isPending && <Loading text="Checking the platform..." />}
      <LoadFailure what="the system health" query={query} />
      {query.data && <HealthReport health={query.data} />}
    </section>
  );
}

function HealthReport({ health }: { health: SystemHealth }) {
  return (
    <>
      <p className="system-health-summary" role="status">
        {healthSummary(health)}
      </p>
      <p className="admin-footnote muted">
        Checked at <Time iso={health.checked_at} format={formatTimestamp} />; updated every {SYSTEM_HEALTH_REFRESH_MS / 1000} s while shown.
      </p>
      <PortsTable ports={health.ports} />
      <LagTable lag={health.consumer_lag} />
      <DeadLetters deadLetters={health.dead_letters} />
      <JobQueues jobQueues={health.job_queues} />
      <DerivedData derived={health.derived_data} />
    </>
  );
}

function SectionError({ error }: { error: string | null }) {
  return error ? (
    <p className="admin-failure" role="alert">
      Could not read this: {error}
    </p>
  ) : null;
}

function PortsTable({ ports }: { ports: SystemHealth['ports'] }) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table system-health-ports">
        <caption>Ports</caption>
        <thead>
          <tr>
            <th scope="col">Port</th>
            <th scope="col">Adapter</th>
            <th scope="col">Target</th>
            <th scope="col">Reachable</th>
            <th scope="col" className="numeric">
              Round trip
            </th>
          </tr>
        </thead>
        <tbody>
          {ports.map((port) => (
            <tr key={port.port} data-port={port.port}>
              <th scope="row">{port.port}</th>
              <td>
                {port.adapter} <span className="muted">({port.mode})</span>
              </td>
              <td className="system-health-target">{port.target}</td>
              <td>
                <span className={`badge ${port.reachable ? 'badge-active' : 'badge-inactive'}`}>{port.reachable ? 'Yes' : 'No'}</span>
              </td>
              <td className="numeric">{formatRoundTrip(port)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LagTable({ lag }: { lag: SystemHealth['consumer_lag'] }) {
  const topics = lagByTopic(lag.partitions);
  return (
    <>
      <SectionError error={lag.error} />
      {topics.length === 0 && !lag.error ? (
        <p className="admin-empty muted">Consumer lag: no topic has messages yet.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table system-health-lag">
            <caption>Consumer lag (committed offset against end offset)</caption>
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Topic</th>
                <th scope="col" className="numeric">
                  Partition
                </th>
                <th scope="col" className="numeric">
                  Committed
                </th>
                <th scope="col" className="numeric">
                  End
                </th>
                <th scope="col" className="numeric">
                  Lag
                </th>
              </tr>
            </thead>
            {/* One row group per group and topic, named once, with its total lag. */}
            {topics.map((topic) => (
              <tbody key={`${topic.group} ${topic.topic}`} className="system-health-topic">
                {topic.partitions.map((partition, index) => (
                  <tr key={partition.partition} className={partition.lag > 0 ? 'system-health-behind' : undefined}>
                    {index === 0 && (
                      <>
                        <th scope="rowgroup" rowSpan={topic.partitions.length} className="admin-code">
                          {topic.group}
                        </th>
                        <th scope="rowgroup" rowSpan={topic.partitions.length} className="admin-code">
                          {topic.topic}
                          <span className="system-health-topic-lag muted">{formatCount(topic.lag)} behind</span>
                        </th>
                      </>
                    )}
                    <td className="numeric">{partition.partition}</td>
                    <td className="numeric">{formatCommitted(partition.committed)}</td>
                    <td className="numeric">{formatCount(Number(partition.end))}</td>
                    <td className="numeric">{formatCount(partition.lag)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </>
  );
}

function DeadLetters({ deadLetters }: { deadLetters: SystemHealth['dead_letters'] }) {
  return (
    <div className="system-health-block">
      <h4>
        Dead letters in the last {deadLetters.window_minutes} min: <span data-testid="dead-letter-total">{formatCount(deadLetters.total)}</span>
      </h4>
      <SectionError error={deadLetters.error} />
      {deadLetters.by_topic.length > 0 && (
        <ul className="system-health-counts">
          {deadLetters.by_topic.map(({ topic, count }) => (
            <li key={topic}>
              <span className="admin-code">{topic}</span>: {formatCount(count)}
            </li>
          ))}
        </ul>
      )}
      {deadLetters.latest.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>Latest dead letters, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">From topic</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {deadLetters.latest.map((entry, index) => (
                <tr key={`${entry.at} ${index}`}>
                  <td className="admin-nowrap">
                    <Time iso={entry.at} format={formatTimestamp} />
                  </td>
                  <td className="admin-code">{entry.source_topic || entry.topic}</td>
                  <td className="admin-message">{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function JobQueues({ jobQueues }: { jobQueues: SystemHealth['job_queues'] }) {
  const retry = useRetryJobMutation();
  const failedJobs = jobQueues.queues.flatMap((queue) => queue.failed_jobs.map((job) => ({ ...job, queue: queue.queue })));
  return (
    <div className="system-health-block">
      <SectionError error={jobQueues.error} />
      <div className="admin-table-scroll">
        <table className="admin-table system-health-queues">
          <caption>Job queues</caption>
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col" className="numeric">
                Waiting
              </th>
              <th scope="col" className="numeric">
                Delayed
              </th>
              <th scope="col" className="numeric">
                Active
              </th>
              <th scope="col" className="numeric">
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {jobQueues.queues.map((queue) => (
              <tr key={queue.queue}>
                <th scope="row">{queue.queue}</th>
                <td className="numeric">{formatCount(queue.waiting)}</td>
                <td className="numeric">{formatCount(queue.delayed)}</td>
                <td className="numeric">{formatCount(queue.active)}</td>
                <td className="numeric">{formatCount(queue.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {retry.isError && (
        <p className="admin-failure" role="alert">
          Could not retry the job: {retry.error.message}
        </p>
      )}
      {failedJobs.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>Latest failed jobs</caption>
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col">Job</th>
                <th scope="col">Name</th>
                <th scope="col">Reason</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {failedJobs.map((job) => (
                <tr key={`${job.queue} ${job.id}`}>
                  <td>{job.queue}</td>
                  <td className="admin-code">{job.id}</td>
                  <td className="admin-code">{job.name}</td>
                  <td className="admin-message">{job.reason}</td>
                  <td>
                    <RetryButton queue={job.queue} id={job.id} name={job.name} retry={retry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function RetryButton(props: { queue: JobQueueName; id: string; name: string; retry: ReturnType<typeof useRetryJobMutation> }) {
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

function DerivedData({ derived }: { derived: SystemHealth['derived_data'] }) {
  return (
    <div className="system-health-block">
      <h4>Derived data</h4>
      <SectionError error={derived.error} />
      {derived.dataset_version === null ? (
        <p className="muted">No dataset version is live yet.</p>
      ) : (
        <dl className="system-health-derived">
          <div>
            <dt>Live dataset version</dt>
            <dd>{derived.dataset_version}</dd>
          </div>
          <div>
            <dt>Built</dt>
            <dd>{derived.built_at ? <Time iso={derived.built_at} format={formatTimestamp} /> : 'N/A'}</dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd>{formatAge(derived.age_seconds)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
