import { describe, expect, it } from 'vitest';
import type { ImportRun, RunAttempt } from '@ust/schemas';
import {
  newestBuild,
  formatAttemptNote,
  formatAttemptOutcome,
  formatImportStatus,
  formatProgress,
  formatRejectReasons,
  formatStates,
  isRunning,
  progressPercent,
} from './data-updates-format';

const progress = (records: number, total: number | null, rate = 0, eta: number | null = null): ImportRun['progress'] => ({
  records,
  total,
  records_per_second: rate,
  eta_seconds: eta,
});

const attempt = (resumedAt: RunAttempt['resumed_at'], step: RunAttempt['step'], outcome: RunAttempt['outcome']): RunAttempt => ({
  started_at: '2026-11-27T12:01:03.000Z',
  resumed_at: resumedAt,
  step,
  outcome,
});

describe('Data Updates formats', () => {
  it('names the status, a failure with its reason', () => {
    expect(formatImportStatus({ status: 'live', failure: null })).toBe('Live');
    expect(formatImportStatus({ status: 'failed', failure: 'UST/compartment.csv, line 40: unclosed quote' })).toBe(
      'Failed: UST/compartment.csv, line 40: unclosed quote',
    );
  });

  it('notes the attempt a crash made a run take, and the step it resumed at', () => {
    expect(formatAttemptNote([])).toBeNull();
    expect(formatAttemptNote([attempt(null, 'live', 'live')])).toBeNull();
    expect(formatAttemptNote([attempt(null, 'rebuilding', 'cut off'), attempt('rebuilding', 'live', 'live')])).toBe('Attempt 2 · resumed at rebuilding');
    expect(formatAttemptNote([attempt(null, 'reading', 'cut off'), attempt('queued', 'reading', 'cut off'), attempt('reading', 'reading', 'running')])).toBe(
      'Attempt 3 · resumed at reading',
    );
  });

  it('says what each attempt did: where it was cut off, where it resumed, how it ended', () => {
    expect(formatAttemptOutcome(attempt(null, 'rebuilding', 'cut off'))).toBe('cut off at rebuilding');
    expect(formatAttemptOutcome(attempt('rebuilding', 'live', 'live'))).toBe('resumed at rebuilding · live');
    expect(formatAttemptOutcome(attempt('written', 'rebuilding', 'running'))).toBe('resumed at written · running at rebuilding');
    expect(formatAttemptOutcome(attempt('reading', 'reading', 'failed'))).toBe('resumed at reading · failed at reading');
    expect(formatAttemptOutcome(attempt(null, 'failed', 'failed'))).toBe('failed');
  });

  it('fills the bar from rows read against the rows counted, full once written', () => {
    expect(progressPercent({ status: 'queued', progress: progress(0, 100) })).toBe(0);
    expect(progressPercent({ status: 'reading', progress: progress(2_500, 10_000) })).toBe(25);
    expect(progressPercent({ status: 'reading', progress: progress(50, null) })).toBe(0);
    expect(progressPercent({ status: 'reading', progress: progress(12_000, 10_000) })).toBe(100);
    expect(progressPercent({ status: 'rebuilding', progress: progress(9_000, 10_000) })).toBe(100);
    expect(progressPercent({ status: 'failed', progress: progress(4_000, 10_000) })).toBe(40);
  });

  it('writes rows, rate and time left while reading, and only the rows once done', () => {
    expect(formatProgress({ status: 'reading', progress: progress(12_400, 20_000, 3_100, 185) })).toBe(
      '12,400 of 20,000 rows · 3,100 rows/s · about 3 min left',
    );
    expect(formatProgress({ status: 'reading', progress: progress(300, null, 150) })).toBe('300 rows · 150 rows/s');
    expect(formatProgress({ status: 'live', progress: progress(11_651, 11_700) })).toBe('11,651 rows');
    expect(formatProgress({ status: 'queued', progress: progress(0, null) })).toBe('Waiting for the import before it');
  });

  it('lists reject reasons most frequent first, states joined, and knows when to poll', () => {
    expect(formatRejectReasons({ 'missing id': 1, 'facility does not exist': 2_000 })).toBe('facility does not exist 2,000, missing id 1');
    expect(formatRejectReasons({})).toBe('none');
    expect(formatStates(['DE', 'IL'])).toBe('DE, IL');
    expect(formatStates([])).toBe('N/A');
    expect(isRunning({ status: 'rebuilding' })).toBe(true);
    expect(isRunning({ status: 'failed' })).toBe(false);
  });

  it('finds the newest build the imports name', () => {
    expect(newestBuild([{ dataset_version: '9' }, { dataset_version: null }, { dataset_version: '12' }])).toBe('12');
    expect(newestBuild([{ dataset_version: null }])).toBeNull();
  });
});
