/**
 * /screenings/:id: a screening's live progress while it is queued or running (polled every
 * second), then its rows, filters and downloads. Another user's screening reads as not found,
 * as the gateway answers it.
 */
import { Link, useParams } from 'react-router-dom';
import type { ScreeningRun } from '@ust/schemas';
import { ApiError, useScreeningQuery } from '../../api';
import { formatCount, formatDateTime } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ScreeningAccess, ScreeningForbidden } from './ScreeningAccess';
import { ScreeningProgress } from './ScreeningProgress';
import { ScreeningResults } from './ScreeningResults';
import { STATUS_LABELS } from './screening-format';
import { SCREENINGS_PATH } from './screening-paths';
import './screening.css';

export const SCREENING_NOT_FOUND = 'Screening not found';

export function ScreeningPage() {
  const { id = '' } = useParams();
  return (
    <ScreeningAccess>
      <Screening id={id} />
    </ScreeningAccess>
  );
}

function Screening({ id }: { id: string }) {
  const query = useScreeningQuery(id);
  if (query.isPending) return <Loading text="Loading the screening..." />;
  if (query.isError && !query.data) return <ScreeningFailure error={query.error} />;
  const run = query.data!;
  return (
    <Page title={`Screening: ${run.file_name}`} lead={<RunFacts run={run} />}>
      <p>
        <Link to={SCREENINGS_PATH}>All screenings</Link>
      </p>
      {(run.status === 'queued' || run.status === 'running') && <ScreeningProgress run={run} />}
      {run.status === 'failed' && (
        <div className="card screening-failed" role="alert">
          <h2>The screening failed</h2>
          <p>{run.failure ?? 'No reason was given.'}</p>
        </div>
      )}
      {run.status === 'done' && <ScreeningResults run={run} />}
    </Page>
  );
}

function RunFacts({ run }: { run: ScreeningRun }) {
  return (
    <span className="screening-facts">
      <span className={`badge screening-status screening-status-${run.status}`}>{STATUS_LABELS[run.status]}</span> {formatCount(run.rows_total)} rows · uploaded{' '}
      {formatDateTime(run.created_at)}
      {run.owner_email && ` by ${run.owner_email}`}
      {run.finished_at && ` · finished ${formatDateTime(run.finished_at)}`}
      {run.dataset_version !== null && ` · dataset version ${run.dataset_version}`}
    </span>
  );
}

function ScreeningFailure({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) return <ScreeningForbidden />;
  return (
    <div className="notice card notice-error" role="alert">
      <h1>{status === 404 ? SCREENING_NOT_FOUND : 'The screening could not be loaded'}</h1>
      <p>{status === 404 ? 'It does not exist, or it belongs to someone else.' : error.message}</p>
      <p>
        <Link to={SCREENINGS_PATH}>Back to your screenings</Link>
      </p>
    </div>
  );
}
