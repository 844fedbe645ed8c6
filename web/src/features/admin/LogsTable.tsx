import type { AdminLogEntry } from '@ust/schemas';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatTimestamp } from '../../components/format';
import { logDetails, userLabel } from './admin-format';
import { LevelBadge, Time } from './Badges';

const LOG_COLUMNS: DataTableColumn<AdminLogEntry>[] = [
  { key: 'timestamp', header: 'Timestamp', className: 'admin-nowrap', cell: (entry) => <Time iso={entry.timestamp} format={formatTimestamp} /> },
  { key: 'level', header: 'Level', cell: (entry) => <LevelBadge level={entry.level} /> },
  { key: 'category', header: 'Category', className: 'admin-code', cell: (entry) => entry.category },
  { key: 'message', header: 'Message', className: 'admin-message', cell: (entry) => entry.message },
  { key: 'user', header: 'User', cellAttributes: (entry) => ({ title: entry.user_id ?? undefined }), cell: (entry) => userLabel(entry.user_id) },
  {
    key: 'details',
    header: 'Details',
    className: 'admin-details',
    cell: (entry) => logDetails(entry).map((detail) => <span key={detail}>{detail}</span>),
  },
];

export function LogsTable({ logs, filtered }: { logs: readonly AdminLogEntry[]; filtered: boolean }) {
  return (
    <DataTable
      rows={logs}
      columns={LOG_COLUMNS}
      rowKey={(entry) => entry.id}
      rowAttributes={(entry) => ({ className: `admin-log-row admin-log-${entry.level.toLowerCase()}` })}
      wrapperClassName="admin-table-scroll"
      className="admin-table"
      caption="System logs, newest first"
      captionHidden
      empty={<p className="admin-empty muted">{filtered ? 'No log entries match these filters.' : 'No log entries yet.'}</p>}
    />
  );
}
