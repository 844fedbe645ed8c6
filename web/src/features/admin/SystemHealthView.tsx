/**
 * System Health (docs/decisions/0019-admin-and-broker-tools.md): each port with where it points
 * and its round trip, consumer lag per topic and partition, dead letters of the last hour with
 * their reasons, the job queues with a Retry button on failed jobs, the jobs taken up again
 * after a crash, and the age of the derived data. Asked again every SYSTEM_HEALTH_REFRESH_MS
 * while shown; mounted only while shown, which stops the polling.
 */
import type { SystemHealth } from '@ust/schemas';
import { SYSTEM_HEALTH_REFRESH_MS, useRetryJobMutation, useSystemHealthQuery } from '../../api';
import { DataTable } from '../../components/DataTable';
import { formatCount, formatTimestamp } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Time } from './Badges';
import { LoadFailure } from './LoadFailure';
import { DEAD_LETTER_COLUMNS, failedJobColumns, PORT_COLUMNS, QUEUE_COLUMNS, RECOVERY_COLUMNS } from './system-health-columns';
import { formatAge, formatCommitted, healthSummary, lagByTopic } from './system-health-format';
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
      <Recoveries recoveries={health.recoveries} />
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
    <DataTable
      rows={ports}
      columns={PORT_COLUMNS}
      rowKey={(port) => port.port}
      rowAttributes={(port) => ({ 'data-port': port.port })}
      wrapperClassName="admin-table-scroll"
      className="admin-table system-health-ports"
      caption="Ports"
    />
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
        <DataTable
          rows={deadLetters.latest}
          columns={DEAD_LETTER_COLUMNS}
          rowKey={(entry, index) => `${entry.at} ${index}`}
          wrapperClassName="admin-table-scroll"
          className="admin-table"
          caption="Latest dead letters, newest first"
        />
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
      <DataTable
        rows={jobQueues.queues}
        columns={QUEUE_COLUMNS}
        rowKey={(queue) => queue.queue}
        wrapperClassName="admin-table-scroll"
        className="admin-table system-health-queues"
        caption="Job queues"
      />
      {retry.isError && (
        <p className="admin-failure" role="alert">
          Could not retry the job: {retry.error.message}
        </p>
      )}
      {failedJobs.length > 0 && (
        <DataTable
          rows={failedJobs}
          columns={failedJobColumns(retry)}
          rowKey={(job) => `${job.queue} ${job.id}`}
          wrapperClassName="admin-table-scroll"
          className="admin-table"
          caption="Latest failed jobs"
        />
      )}
    </div>
  );
}

/** Jobs taken back from a worker that died, and unfinished records the start-up check repaired. */
function Recoveries({ recoveries }: { recoveries: SystemHealth['recoveries'] }) {
  // An unread section is not an empty one: its error stands alone.
  const unread = recoveries.error !== null && recoveries.latest.length === 0;
  return (
    <div className="system-health-block">
      <h4>Recoveries after crashes</h4>
      <SectionError error={recoveries.error} />
      {!unread && (
        <DataTable
          rows={recoveries.latest}
          columns={RECOVERY_COLUMNS}
          rowKey={(recovery, index) => `${recovery.at} ${recovery.job_id} ${index}`}
          wrapperClassName="admin-table-scroll"
          className="admin-table"
          caption="Recoveries after crashes, newest first"
          captionHidden
          empty={<p className="admin-empty muted">No job needed recovering.</p>}
        />
      )}
    </div>
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
