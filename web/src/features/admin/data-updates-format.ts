/**
 * How Data Updates writes an import's figures, as plain functions so the formats are unit-tested
 * without a DOM.
 */
import type { ImportRun, ImportStatus, RunAttempt } from '@ust/schemas';
import { formatCount, NOT_AVAILABLE } from '../../components/format';
import { formatAge } from './system-health-format';

const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Queued',
  reading: 'Reading',
  written: 'Written',
  rebuilding: 'Rebuilding',
  live: 'Live',
  failed: 'Failed',
};

export function formatImportStatus(run: Pick<ImportRun, 'status' | 'failure'>): string {
  return run.status === 'failed' && run.failure ? `Failed: ${run.failure}` : STATUS_LABELS[run.status];
}

/**
 * The note under the status of a run a crash cut off: 'Attempt 2 · resumed at rebuilding', the
 * latest attempt's number and the step it took up; null while the run has had one attempt.
 */
export function formatAttemptNote(attempts: readonly RunAttempt[]): string | null {
  const latest = attempts.at(-1);
  if (attempts.length < 2 || !latest) return null;
  const note = `Attempt ${attempts.length}`;
  return latest.resumed_at ? `${note} · resumed at ${latest.resumed_at}` : note;
}

/** A step an attempt stopped in, unless its outcome already says it ('live', or 'failed' as a step). */
const stepOf = (attempt: RunAttempt) => (attempt.step === 'live' || attempt.step === 'failed' ? '' : ` at ${attempt.step}`);

/**
 * What one attempt did, after its start time: 'cut off at rebuilding', 'resumed at rebuilding ·
 * live', 'running at reading'.
 */
export function formatAttemptOutcome(attempt: RunAttempt): string {
  const outcome = attempt.outcome === 'live' ? 'live' : `${attempt.outcome}${stepOf(attempt)}`;
  return attempt.resumed_at ? `resumed at ${attempt.resumed_at} · ${outcome}` : outcome;
}

/** The bar's fill, 0-100: rows read against the files' rows; a settled import is full or empty. */
export function progressPercent(run: Pick<ImportRun, 'status' | 'progress'>): number {
  if (run.status === 'live' || run.status === 'written' || run.status === 'rebuilding') return 100;
  const { records, total } = run.progress;
  if (run.status === 'queued' || !total) return 0;
  return Math.min(100, Math.floor((records / total) * 100));
}

/** '12,400 of 20,000 rows · 3,100 rows/s · about 3 s left' while reading; the counts once done. */
export function formatProgress(run: Pick<ImportRun, 'status' | 'progress'>): string {
  const { records, total, records_per_second: rate, eta_seconds: eta } = run.progress;
  if (run.status === 'queued') return 'Waiting for the import before it';
  if (run.status !== 'reading') return `${formatCount(records)} rows`;
  const rows = total ? `${formatCount(records)} of ${formatCount(total)} rows` : `${formatCount(records)} rows`;
  const parts = [rows, `${formatCount(rate)} rows/s`];
  if (eta !== null) parts.push(`about ${formatAge(eta)} left`);
  return parts.join(' · ');
}

/** Rejected rows by reason, most frequent first: 'facility does not exist 2, missing id 1'. */
export function formatRejectReasons(byReason: Record<string, number>): string {
  const entries = Object.entries(byReason).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length ? entries.map(([reason, count]) => `${reason} ${formatCount(count)}`).join(', ') : 'none';
}

/**
 * What an import did with the links and columns of its files, one line each, empty when there is
 * nothing to say: 'Releases: 5,493 linked to their facility by id, 0 by address, 138 without a
 * facility record', 'Columns not mapped (21): UT/fac.csv: OWNERNAME, ...'.
 */
export function formatImportNotes(run: Pick<ImportRun, 'release_links' | 'columns_not_mapped' | 'warnings_by_reason'>): string[] {
  const notes: string[] = [];
  const { by_id, by_address, unlinked } = run.release_links;
  if (by_id + by_address + unlinked > 0) {
    notes.push(
      `Releases: ${formatCount(by_id)} linked to their facility by id, ${formatCount(by_address)} by street address and ZIP, ${formatCount(unlinked)} without a facility record`,
    );
  }
  const warnings = Object.entries(run.warnings_by_reason).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (warnings.length) notes.push(`Warnings: ${warnings.map(([reason, count]) => `${reason} ${formatCount(count)}`).join(', ')}`);
  if (run.columns_not_mapped.length) notes.push(`Columns not mapped (${formatCount(run.columns_not_mapped.length)}): ${run.columns_not_mapped.join(', ')}`);
  return notes;
}

export function formatStates(states: readonly string[]): string {
  return states.length ? states.join(', ') : NOT_AVAILABLE;
}

/** Whether to keep polling: an import is queued or on its way to live. */
export const isRunning = (run: Pick<ImportRun, 'status'>) => run.status !== 'live' && run.status !== 'failed';

/** The newest dataset version an import went live with, or null. */
export function newestBuild(runs: readonly Pick<ImportRun, 'dataset_version'>[]): string | null {
  const versions = runs.map((run) => run.dataset_version).filter((version): version is string => version !== null);
  return versions.length ? versions.reduce((newest, version) => (Number(version) > Number(newest) ? version : newest)) : null;
}
