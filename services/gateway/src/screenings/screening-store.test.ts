import { appendFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningRow } from '@ust/schemas';
import { appendResults, cutPartialResultsLine, readResults } from './screening-store.js';

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
