/**
 * A done screening whose results file is a named pipe: a CPU pool task that reads it (its PDF or
 * workbook) waits until the test releases it, so a test can hold the pool's threads and queue
 * full for as long as it needs, whatever the machine's speed.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScreeningRow } from '@ust/schemas';
import { createScreening, newScreeningId, queuedScreening, writeScreeningRecord, type StoredScreening } from '../screenings/screening-store.js';

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
  /** Writes the results, so the task reading them goes on. */
  release(): Promise<void>;
}

/** A done screening of one row; with `held`, its results wait in a named pipe until released. */
export async function doneScreening(dataDir: string, owner: { userId: string; email: string | null }, { held = false } = {}): Promise<HeldScreening> {
  const screening: StoredScreening = { ...queuedScreening(newScreeningId(), 'held.csv', owner, 1), status: 'done', rows_done: 1, not_located: 1 };
  await createScreening(dataDir, screening, new Uint8Array());
  const results = path.join(dataDir, 'screenings', screening.id, 'results.jsonl');
  const line = `${JSON.stringify(NOT_LOCATED_ROW)}\n`;
  if (held) await run('mkfifo', [results]);
  else await writeFile(results, line);
  await writeScreeningRecord(dataDir, screening);
  // Opening a pipe to write waits for its reader: this settles once the task has read it.
  return { screening, release: () => (held ? writeFile(results, line) : Promise.resolve()) };
}
