/**
 * A screening's rows are kept as JSON lines and read from any row on, so a job resumes without
 * parsing the rows it has screened; one saved with its rows as a single JSON array (rows.json)
 * reads the same.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonLines } from './json-lines.js';
import type { PortfolioRow } from './portfolio-csv.js';
import { createScreening, newScreeningId, queuedScreening, readPortfolioRows } from './screening-store.js';

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
