import type { ImportRun } from '@ust/schemas';
import type { DataTableColumn } from '../../components/DataTable';
import { formatClockTime, formatCount, formatTimestamp } from '../../components/format';
import { Time } from './Badges';
import {
  formatAttemptNote,
  formatAttemptOutcome,
  formatImportNotes,
  formatImportStatus,
  formatProgress,
  formatRejectReasons,
  formatStates,
  progressPercent,
} from './data-updates-format';

interface ImportActions {
  onDownloadRejects: (id: string) => void;
  onReplay: (id: string) => void;
}

/** The imports table's columns: what each run read, kept and refused, its progress, and what can be done with it. */
export function importColumns(actions: ImportActions): DataTableColumn<ImportRun>[] {
  return [
    {
      key: 'import',
      header: 'Import',
      rowHeader: true,
      cell: (run) => (
        <>
          {run.id}
          <div className="muted">
            {run.source} · {formatStates(run.states)}
          </div>
          <ImportNotes run={run} />
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cellAttributes: (run) => ({ className: run.status === 'failed' ? 'admin-failure' : undefined }),
      cell: (run) => (
        <>
          {formatImportStatus(run)}
          <RunAttempts run={run} />
        </>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: (run) => (
        <>
          <progress max={100} value={progressPercent(run)} aria-label={`Progress of ${run.id}`} />
          <div className="muted">{formatProgress(run)}</div>
        </>
      ),
    },
    { key: 'read', header: 'Read', numeric: true, cell: (run) => formatCount(run.records_read) },
    { key: 'accepted', header: 'Accepted', numeric: true, cellAttributes: () => ({ 'data-testid': 'accepted' }), cell: (run) => formatCount(run.accepted) },
    {
      key: 'rejected',
      header: 'Rejected',
      numeric: true,
      cellAttributes: (run) => ({ title: formatRejectReasons(run.rejects_by_reason) }),
      cell: (run) => formatCount(run.rejected),
    },
    { key: 'warnings', header: 'Warnings', numeric: true, cell: (run) => formatCount(run.warnings) },
    { key: 'version', header: 'Version', cell: (run) => run.dataset_version ?? '' },
    {
      key: 'times',
      header: 'Started / finished',
      cell: (run) => (
        <>
          {run.started_at ? <Time iso={run.started_at} format={formatTimestamp} /> : ''}
          {run.finished_at && (
            <div>
              <Time iso={run.finished_at} format={formatTimestamp} />
            </div>
          )}
        </>
      ),
    },
    { key: 'actions', header: 'Actions', className: 'data-updates-actions', cell: (run) => <ImportRunActions run={run} {...actions} /> },
  ];
}

/** A run a crash cut off names its attempt, and opens to list each attempt with the step it reached. */
function RunAttempts({ run }: { run: ImportRun }) {
  const note = formatAttemptNote(run.attempts);
  if (!note) return null;
  return (
    <details className="data-updates-attempts">
      <summary>{note}</summary>
      <ol aria-label={`Attempts of ${run.id}`}>
        {run.attempts.map((attempt, index) => (
          <li key={`${attempt.started_at} ${index}`}>
            started <Time iso={attempt.started_at} format={formatClockTime} /> · {formatAttemptOutcome(attempt)}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** How the import linked releases, what it warned of and which columns it left out, on demand. */
function ImportNotes({ run }: { run: ImportRun }) {
  const notes = formatImportNotes(run);
  if (!notes.length) return null;
  return (
    <details className="data-updates-notes">
      <summary>Summary</summary>
      <ul aria-label={`Summary of ${run.id}`}>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </details>
  );
}

/** Rejects exist once a run has started reading; only a live run can be replayed. */
function ImportRunActions({ run, onDownloadRejects, onReplay }: { run: ImportRun } & ImportActions) {
  return (
    <>
      {run.status !== 'queued' && (
        <button type="button" className="button button-secondary" onClick={() => onDownloadRejects(run.id)}>
          Rejects CSV
        </button>
      )}
      {run.status === 'live' && (
        <button type="button" className="button button-secondary" onClick={() => onReplay(run.id)} aria-label={`Replay ${run.id}`}>
          Replay
        </button>
      )}
    </>
  );
}
