/**
 * A screening's rows are kept as JSON lines and read from any row on, so a job resumes without
 * parsing the rows it has screened; one saved with its rows as a single JSON array (rows.json)
 * reads the same. Its results are read while the job may be appending to them, so a read never
 * writes; only the job that resumes cuts a half-written last line.
 */
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningRow } from '@ust/schemas';
import { toJsonLines } from './json-lines.js';
import type { PortfolioRow } from './portfolio-csv.js';
import { appendResults, createScreening, cutPartialResultsLine, newScreeningId, queuedScreening, readPortfolioRows, readResults } from './screening-store.js';

/** Only what the store reads back matters here: a row is a JSON line. */
const row = (reference: string) => ({ reference, outcome: 'screened', note: 'Überprüft – ✓' }) as unknown as ScreeningRow;

describe('the results file of a screening', () => {
  let dataDir: string;
  const id = 'scr-20260101T000000-000000000000';
  const file = () => path.join(dataDir, 'screenings', id, 'results.jsonl');

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-screening-store-'));
    await mkdir(path.dirname(file()), { recursive: true });
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is read while a line is half appended: the whole lines come back and the file is left byte for byte', async () => {
    await appendResults(dataDir, id, [row('A'), row('B')]);
    // Cut inside the UTF-8 of a character, as a write can stop anywhere.
    const line = Buffer.from(`${JSON.stringify(row('C'))}\n`);
    const cut = line.indexOf(Buffer.from('Ü')) + 1;
    await appendFile(file(), line.subarray(0, cut));
    const before = await readFile(file());

    expect((await readResults(dataDir, id)).map((result) => result.reference)).toEqual(['A', 'B']);
    expect((await readResults(dataDir, id)).map((result) => result.reference)).toEqual(['A', 'B']);
    expect(await readFile(file())).toEqual(before);

    // The append finishes: the next read has the row, nothing was lost under it.
    await appendFile(file(), line.subarray(cut));
    expect((await readResults(dataDir, id)).map((result) => result.reference)).toEqual(['A', 'B', 'C']);
  });

  it('has a half line cut off by the job that resumes, before it appends after it', async () => {
    await appendResults(dataDir, id, [row('A')]);
    const whole = await readFile(file());
    await appendFile(file(), Buffer.from(JSON.stringify(row('B'))).subarray(0, 9));
    await cutPartialResultsLine(dataDir, id);
    expect(await readFile(file())).toEqual(whole);
    await appendResults(dataDir, id, [row('B')]);
    expect((await readResults(dataDir, id)).map((result) => result.reference)).toEqual(['A', 'B']);
    // Nothing to cut: the file stays as it is, and so does a screening with no results yet.
    await cutPartialResultsLine(dataDir, id);
    expect((await readResults(dataDir, id)).map((result) => result.reference)).toEqual(['A', 'B']);
    await rm(file());
    await cutPartialResultsLine(dataDir, id);
    expect(await readResults(dataDir, id)).toEqual([]);
  });
});

const rows: PortfolioRow[] = ['A', 'B', 'C'].map((reference, index) => ({
  line: index + 2,
  reference,
  input: { address: `${index + 1} Main St`, city: 'Dover', state: 'DE', zip: '19901', latitude: null, longitude: null },
  problem: null,
  note: null,
}));

async function all<T>(values: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const value of values) read.push(value);
  return read;
}

describe('readPortfolioRows', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-screening-store-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const owner = { userId: 'user-1', email: null };

  it('reads the rows saved as JSON lines, from any row on', async () => {
    const screening = queuedScreening(newScreeningId(), 'book.csv', owner, rows.length);
    await createScreening(dataDir, screening, toJsonLines(rows));
    expect(await all(readPortfolioRows(dataDir, screening.id))).toEqual(rows);
    expect(await all(readPortfolioRows(dataDir, screening.id, 2))).toEqual(rows.slice(2));
    expect(await all(readPortfolioRows(dataDir, screening.id, 3))).toEqual([]);
  });

  it('reads the rows of a screening that keeps them as one JSON array', async () => {
    const id = newScreeningId();
    await createScreening(dataDir, queuedScreening(id, 'book.csv', owner, rows.length), new Uint8Array());
    const folder = path.join(dataDir, 'screenings', id);
    await rm(path.join(folder, 'rows.jsonl'));
    await writeFile(path.join(folder, 'rows.json'), JSON.stringify(rows));
    expect(await all(readPortfolioRows(dataDir, id, 1))).toEqual(rows.slice(1));
  });
});
