/**
 * A done screening whose results copy (screenings/results-copy.ts) is a named pipe: a CPU pool
 * task that reads it (its PDF or workbook) waits until the test releases it, so a test can hold
 * the pool's threads and queue full for as long as it needs, whatever the machine's speed.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AnalyticsStore } from '@ust/platform';
import { appendResultLines, createScreening, newScreeningId, queuedScreening, type StoredScreening } from '@ust/read-model';
import type { ScreeningRow } from '@ust/schemas';
import { resultsCopyFile } from '../screenings/results-copy.js';

const run = promisify(execFile);

/** One row, not located: enough for a PDF and a workbook to be made. */
export const NOT_LOCATED_ROW: ScreeningRow = {
  line: 2,
  reference: 'HELD-1',
  input: { address: null, city: null, state: null, zip: null, latitude: null, longitude: null },
  outcome: 'not_located',
  reason: 'no address and no latitude and longitude',
  location: null,
  match: null,
  facility: null,
  surroundings: null,
};

export interface HeldScreening {
  screening: StoredScreening;
  /** This gateway's copy of its results, as a CPU pool task reads it. */
  resultsFile: string;
  /** Writes the results, so the task reading them goes on. */
  release(): Promise<void>;
}

export interface DoneScreeningOptions {
  /** Its results copy waits in a named pipe until released. */
  held?: boolean;
  /** Where the screening is saved, as the workers save it; without one, only the gateway's copy of its results is written. */
  store?: AnalyticsStore;
}

/** A done screening of one row. */
export async function doneScreening(
  dataDir: string,
  owner: { userId: string; email: string | null },
  { held = false, store }: DoneScreeningOptions = {},
): Promise<HeldScreening> {
  const screening: StoredScreening = {
    ...queuedScreening(newScreeningId(), 'held.csv', owner, 1),
    status: 'done',
    rows_done: 1,
    not_located: 1,
    dataset_version: 1,
  };
  const line = JSON.stringify(NOT_LOCATED_ROW);
  if (store) {
    await createScreening(store, screening, new Uint8Array());
    if (!held) await appendResultLines(store, screening, 0, [line]);
  }
  const resultsFile = resultsCopyFile(dataDir, screening);
  await mkdir(path.dirname(resultsFile), { recursive: true });
  if (held) await run('mkfifo', [resultsFile]);
  // With a store, the gateway makes its copy from the stored results when first asked.
  else if (!store) await writeFile(resultsFile, `${line}\n`);
  // Opening a pipe to write waits for its reader: this settles once the task has read it.
  return { screening, resultsFile, release: () => (held ? writeFile(resultsFile, `${line}\n`) : Promise.resolve()) };
}
