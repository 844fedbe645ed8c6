/**
 * The attempts of an import's or a replay's job, as its record lists them: each run of the job
 * appends one; a run still 'running' when the next begins was cut off (its process died).
 */
import type { ImportStatus, RunAttempt } from '@ust/schemas';

/** The attempts with a new one begun now, resuming at `resumedAt` (null: from the start). */
export function beginAttempt(attempts: readonly RunAttempt[] | undefined, step: ImportStatus, resumedAt: ImportStatus | null): RunAttempt[] {
  const earlier = (attempts ?? []).map((attempt) => (attempt.outcome === 'running' ? { ...attempt, outcome: 'cut off' as const } : attempt));
  return [...earlier, { started_at: new Date().toISOString(), resumed_at: resumedAt, step, outcome: 'running' }];
}

/** The attempts with the latest one at `step`, and ended when the step is final. */
export function attemptAt(attempts: readonly RunAttempt[] | undefined, step: ImportStatus): RunAttempt[] {
  const list = [...(attempts ?? [])];
  const latest = list.at(-1);
  if (!latest) return list;
  const outcome = step === 'live' || step === 'failed' ? step : 'running';
  list[list.length - 1] = { ...latest, step, outcome };
  return list;
}

/** True for the statuses nothing follows. */
export const isFinalStatus = (status: ImportStatus): boolean => status === 'live' || status === 'failed';
