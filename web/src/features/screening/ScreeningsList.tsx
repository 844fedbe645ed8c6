import { Link } from 'react-router-dom';
import type { ScreeningRun } from '@ust/schemas';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatCount, formatDateTime } from '../../components/format';
import { STATUS_LABELS, formatRowsDone } from './screening-format';
import { screeningPath } from './screening-paths';

const FILE_COLUMN: DataTableColumn<ScreeningRun> = {
  key: 'file',
  header: 'File',
  rowHeader: true,
  cell: (run) => <Link to={screeningPath(run.id)}>{run.file_name}</Link>,
};

const OWNER_COLUMN: DataTableColumn<ScreeningRun> = { key: 'owner', header: 'Owner', cell: (run) => run.owner_email ?? run.owner_id };

const RUN_COLUMNS: DataTableColumn<ScreeningRun>[] = [
  { key: 'created', header: 'Created', className: 'screening-nowrap', cell: (run) => formatDateTime(run.created_at) },
  {
    key: 'status',
    header: 'Status',
    cell: (run) => (
      <>
        <span className={`badge screening-status screening-status-${run.status}`}>{STATUS_LABELS[run.status]}</span>
        {run.status === 'running' && <div className="muted">{formatRowsDone(run)}</div>}
      </>
    ),
  },
  { key: 'rows', header: 'Rows', numeric: true, cell: (run) => formatCount(run.rows_total) },
  { key: 'matched', header: 'Matched', numeric: true, cell: (run) => formatCount(run.matched) },
  { key: 'screened', header: 'Screened', numeric: true, cell: (run) => formatCount(run.screened) },
  { key: 'not-located', header: 'Not located', numeric: true, cell: (run) => formatCount(run.not_located) },
];

const WITH_OWNER = [FILE_COLUMN, OWNER_COLUMN, ...RUN_COLUMNS];
const WITHOUT_OWNER = [FILE_COLUMN, ...RUN_COLUMNS];

/** The user's screenings (every one for an admin), newest first, each opening its page. */
export function ScreeningsList({ runs, showOwner }: { runs: readonly ScreeningRun[]; showOwner: boolean }) {
  return (
    <DataTable
      rows={runs}
      columns={showOwner ? WITH_OWNER : WITHOUT_OWNER}
      rowKey={(run) => run.id}
      rowAttributes={(run) => ({ 'data-screening': run.id, 'data-status': run.status })}
      wrapperClassName="screening-table-scroll"
      regionLabel="Screenings"
      className="screening-table"
      caption="Screenings, newest first"
      captionHidden
      empty={<p className="muted">No screenings yet: upload a file above to start one.</p>}
    />
  );
}
