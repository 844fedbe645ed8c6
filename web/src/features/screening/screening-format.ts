/** How the screening screens write progress, outcomes and distances. Pure, unit-tested without a DOM. */
import type { ScreeningOutcome, ScreeningRun, ScreeningStatus } from '@ust/schemas';
import { MAX_SCREENING_BYTES, MAX_SCREENING_ROWS, SCREENING_MATCH_FEET } from '@ust/schemas/constants';
import { formatCount, formatOneDecimal } from '../../components/format';

export const OUTCOME_LABELS: Record<ScreeningOutcome, string> = { matched: 'Matched', screened: 'Screened', not_located: 'Not located' };
export const STATUS_LABELS: Record<ScreeningStatus, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };

/** '10,000 rows and 10 MB': the limits as the upload form states them. */
export const SCREENING_LIMITS_TEXT = `${formatCount(MAX_SCREENING_ROWS)} rows and ${MAX_SCREENING_BYTES / (1024 * 1024)} MB`;

/**
 * The time left as a person reads it: 'about 40 s left', '3 min 5 s left', '1 h 2 min left';
 * 'estimating the time left' before the server can tell (no rows done yet).
 */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return 'estimating the time left';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `about ${whole} s left`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min left`;
  return `${minutes} min ${whole % 60} s left`;
}

/** '12.5 rows/s'. */
export function formatRate(rowsPerSecond: number): string {
  return `${formatOneDecimal(rowsPerSecond)} rows/s`;
}

/** The share of rows screened, 0-100, whole; 0 for an empty file. */
export function progressPercent(run: Pick<ScreeningRun, 'rows_done' | 'rows_total' | 'status'>): number {
  if (run.status === 'done') return 100;
  if (run.rows_total <= 0) return 0;
  return Math.min(100, Math.floor((run.rows_done / run.rows_total) * 100));
}

/** '1,234 of 10,000 rows'. */
export function formatRowsDone(run: Pick<ScreeningRun, 'rows_done' | 'rows_total'>): string {
  return `${formatCount(run.rows_done)} of ${formatCount(run.rows_total)} rows`;
}

/** A match distance: '35 ft'. */
export function formatFeet(feet: number): string {
  return `${formatCount(feet)} ft`;
}

/** How a row matched its facility: 'Same address · 12 ft' or 'Within 250 ft · 87 ft away'. */
export function formatMatch(match: { rule: 'address' | 'proximity'; distance_feet: number }): string {
  return match.rule === 'address'
    ? `Same address · ${formatFeet(match.distance_feet)}`
    : `Within ${SCREENING_MATCH_FEET} ft · ${formatFeet(match.distance_feet)} away`;
}

/**
 * The template the upload form offers: every column the server reads, one row given by its
 * address and one by its coordinates.
 */
export const SCREENING_TEMPLATE_CSV = [
  'reference,address,city,state,zip,latitude,longitude',
  'LOC-001,1 Main Street,Dover,DE,19901,,',
  'LOC-002,,,,,39.158200,-75.524400',
  '',
].join('\r\n');

export const SCREENING_TEMPLATE_NAME = 'screening-template.csv';
