import type { AdminLogEntry } from '@ust/schemas';
import { formatTimestamp } from '../../components/format';
import { logDetails, userLabel } from './admin-format';
import { LevelBadge, Time } from './Badges';

export function LogsTable({ logs, filtered }: { logs: readonly AdminLogEntry[]; filtered: boolean }) {
  if (logs.length === 0) return <p className="admin-empty muted">{filtered ? 'No log entries match these filters.' : 'No log entries yet.'}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">System logs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Timestamp</th>
            <th scope="col">Level</th>
            <th scope="col">Category</th>
            <th scope="col">Message</th>
            <th scope="col">User</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((entry) => (
            <tr key={entry.id} className={`admin-log-row admin-log-${entry.level.toLowerCase()}`}>
              <td className="admin-nowrap">
                <Time iso={entry.timestamp} format={formatTimestamp} />
              </td>
              <td>
                <LevelBadge level={entry.level} />
              </td>
              <td className="admin-code">{entry.category}</td>
              <td className="admin-message">{entry.message}</td>
              <td title={entry.user_id ?? undefined}>{userLabel(entry.user_id)}</td>
              <td className="admin-details">
                {logDetails(entry).map((detail) => (
                  <span key={detail}>{detail}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
