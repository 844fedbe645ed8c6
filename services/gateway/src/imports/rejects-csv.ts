/**
 * The rejects report (one rejected or repaired field per line) as CSV for a spreadsheet, through
 * the exports' CSV writer (BOM, formula cells guarded), line by line.
 */
import type { RejectedRow } from '@ust/schemas';
import { csvChunks, type CsvColumn } from '../exports/csv-writer.js';

type Reject = Record<string, unknown>;

const COLUMNS: ReadonlyArray<CsvColumn<Reject>> = ['file', 'line', 'field', 'value', 'reason'].map((name) => ({
  header: name,
  cell: (row: Reject) => row[name],
}));

async function* asRecords(rejects: AsyncIterable<RejectedRow>): AsyncGenerator<Reject> {
  for await (const reject of rejects) yield reject as unknown as Reject;
}

export function rejectsCsv(rejects: AsyncIterable<RejectedRow>): AsyncGenerator<string> {
  return csvChunks(COLUMNS, asRecords(rejects));
}
