/**
 * Failpoints: named places in long-running jobs where a crash test parks the process, so that
 * it can kill it (SIGKILL) in a known step of a job rather than at a moment a race picks. They
 * do nothing unless UST_FAILPOINTS_FILE names a file; a failpoint is armed while that file lists
 * its name on a line of its own, so a test arms one for the next run only, after the previous
 * one has recovered. Parked, the process logs `failpoint <name> reached` and the job waits until
 * the process is killed. Which failpoints exist: FAILPOINTS below.
 */
import { readFileSync } from 'node:fs';
import type { Logger } from './logger.js';

export const FAILPOINTS = {
  /** An import (or a replay of one) has published its records, not yet its commit. */
  importReading: 'import.reading',
  /** An import's commit is published and its record says written; the rebuild is not yet awaited. */
  importWritten: 'import.written',
  /** A rebuild of the derived data has written its facility summaries, not yet switched versions. */
  rebuilding: 'rebuild.building',
  /** A screening has saved its first batch of results. */
  screeningRunning: 'screening.running',
} as const;
export type Failpoint = (typeof FAILPOINTS)[keyof typeof FAILPOINTS];

function armed(name: Failpoint): boolean {
  const file = process.env['UST_FAILPOINTS_FILE'];
  if (!file) return false;
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => line.trim() === name);
  } catch {
    return false; // no file: nothing armed
  }
}

/** Parks the calling job for good when `name` is armed; returns at once otherwise. */
export async function failpoint(name: Failpoint, log?: Logger): Promise<void> {
  if (!armed(name)) return;
  log?.warn({ failpoint: name }, `failpoint ${name} reached: parked until the process is killed`);
  process.stderr.write(`failpoint ${name} reached\n`);
  await new Promise<never>(() => undefined);
}
