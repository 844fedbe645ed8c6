/**
 * Follows an import (or a replay) the platform runs, polling the admin API, on the same progress
 * bar as an offline import, until it is live or failed.
 */
import type { ImportRun, ImportStatus } from '@ust/schemas';
import { createProgressBar } from './progress.js';

/** What both an import run and a replay run say of where they stand. */
export interface FollowedRun {
  status: ImportStatus;
  failure: string | null;
  progress: ImportRun['progress'];
}

export interface FollowOptions {
  /** @defaultValue 1000 */
  pollMs?: number;
}

const writing = (status?: ImportStatus) => status === 'written' || status === 'rebuilding';

export async function followRun<Run extends FollowedRun>(label: string, readRun: () => Promise<Run>, { pollMs = 1_000 }: FollowOptions = {}): Promise<Run> {
  let bar: ReturnType<typeof createProgressBar> | undefined;
  let said: ImportStatus | undefined;
  let polls = 0;
  for (; ; polls++) {
    const run = await readRun();
    // Still queued a poll later: another import runs (one at a time,
    // docs/decisions/0036-import-uploads.md).
    if (run.status === 'queued' && polls === 1) process.stderr.write(`${label}: queued behind another import on the platform...\n`);
    if (run.status === 'reading') {
      bar ??= createProgressBar(label, run.progress.total ?? 0);
      bar.show(run.progress.records, run.progress.total);
    } else if (bar) {
      // Read to the end: the bar ends on what was read, whatever the estimate was.
      bar.show(run.progress.records);
      bar.stop();
      bar = undefined;
    }
    if (writing(run.status) && !writing(said)) process.stderr.write('Writing ClickHouse and rebuilding maps and statistics...\n');
    said = run.status;
    if (run.status === 'live' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
