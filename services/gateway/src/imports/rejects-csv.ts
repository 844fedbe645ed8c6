/**
 * The rejects report (rejects.jsonl, one rejected or repaired field per line) as CSV for a
 * spreadsheet, through the exports' CSV writer (BOM, formula cells guarded), line by line.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { csvChunks, type CsvColumn } from '../exports/csv-writer.js';

type Reject = Record<string, unknown>;

const COLUMNS: ReadonlyArray<CsvColumn<Reject>> = ['file', 'line', 'field', 'value', 'reason'].map((name) => ({
  header: name,
  cell: (row: Reject) => row[name],
}));

async function* rejectsOf(file: string): AsyncGenerator<Reject> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as Reject;
}

export function rejectsCsv(file: string): AsyncGenerator<string> {
  return csvChunks(COLUMNS, rejectsOf(file));
}
