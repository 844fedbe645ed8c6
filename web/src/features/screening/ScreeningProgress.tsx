import type { ScreeningRun } from '@ust/schemas';
import { formatCount } from '../../components/format';
import { formatEta, formatRate, formatRowsDone, progressPercent } from './screening-format';

/**
 * A queued or running screening: a progress bar, rows done of total, the rate and the time
 * left, as the page polls them. The figures are a polite live region so a screen reader hears
 * them without losing its place.
 */
export function ScreeningProgress({ run }: { run: ScreeningRun }) {
  const percent = progressPercent(run);
  const queued = run.status === 'queued';
  return (
    <section className="card screening-progress" aria-labelledby="screening-progress-title" aria-busy="true">
      <h2 id="screening-progress-title">{queued ? 'Waiting to start' : 'Screening in progress'}</h2>
      <progress className="screening-progress-bar" max={100} value={percent} aria-label="Screening progress" aria-valuetext={`${percent}%`} />
      <p className="screening-progress-figures" role="status" aria-live="polite" data-testid="screening-progress">
        <strong>{formatRowsDone(run)}</strong> ({percent}%)
        {!queued && (
          <>
            {' · '}
            {formatRate(run.rows_per_second)}
            {' · '}
            {formatEta(run.eta_seconds)}
          </>
        )}
      </p>
      <p className="muted">
        So far: {formatCount(run.matched)} matched, {formatCount(run.screened)} screened, {formatCount(run.not_located)} not located.
      </p>
    </section>
  );
}
