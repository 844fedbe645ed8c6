import { Link } from 'react-router-dom';
import type { ScreeningRun } from '@ust/schemas';
import { formatCount, formatDateTime } from '../../components/format';
import { STATUS_LABELS, formatRowsDone } from './screening-format';
import { screeningPath } from './screening-paths';

/**
 * The user's screenings (every one for an admin), newest first, each opening its page. Written
 * out rather than through <DataTable>: this page's bundle budget (size-budgets.json) has no room
 * for that shared chunk, and this is the page's only table.
 */
export function ScreeningsList({ runs, showOwner }: { runs: readonly ScreeningRun[]; showOwner: boolean }) {
  if (!runs.length) return <p className="muted">No screenings yet: upload a file above to start one.</p>;
  return (
    <div className="screening-table-scroll" tabIndex={0} role="region" aria-label="Screenings">
      <table className="screening-table">
        <caption className="visually-hidden">Screenings, newest first</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            {showOwner && <th scope="col">Owner</th>}
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col" className="numeric">
              Rows
            </th>
            <th scope="col" className="numeric">
              Matched
            </th>
            <th scope="col" className="numeric">
              Screened
            </th>
            <th scope="col" className="numeric">
              Not located
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-screening={run.id} data-status={run.status}>
              <th scope="row">
                <Link to={screeningPath(run.id)}>{run.file_name}</Link>
              </th>
              {showOwner && <td>{run.owner_email ?? run.owner_id}</td>}
              <td className="screening-nowrap">{formatDateTime(run.created_at)}</td>
              <td>
                <span className={`badge screening-status screening-status-${run.status}`}>{STATUS_LABELS[run.status]}</span>
                {run.status === 'running' && <div className="muted">{formatRowsDone(run)}</div>}
              </td>
              <td className="numeric">{formatCount(run.rows_total)}</td>
              <td className="numeric">{formatCount(run.matched)}</td>
              <td className="numeric">{formatCount(run.screened)}</td>
              <td className="numeric">{formatCount(run.not_located)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
