/**
 * CSV for a spreadsheet, written as it is read: UTF-8 with a byte order mark so Excel reads the
 * accents, CRLF line ends, and every cell a spreadsheet would run as a formula (one starting
 * with = + - @ tab or CR) prefixed with a quote. The rows come from an iterator and leave in
 * batches, so a list of any length is never one string.
 */

export const CSV_BOM = '\uFEFF';

/** Rows joined into one chunk of the stream: fewer, larger writes than one per row. */
const ROWS_PER_CHUNK = 256;

/** A column of an export: its header and how a row's cell is read. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => unknown;
}

/**
 * One cell: empty for null, guarded against formulas, quoted when it holds a quote, comma or
 * line end. A number is written as it is: -75.5 is a longitude, not a formula.
 */
export function csvCell(value: unknown): string {
  if (typeof value === 'number') return String(value);
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ending in CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The BOM and header line, then the rows' lines in chunks of ROWS_PER_CHUNK. */
export async function* csvChunks<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: AsyncIterable<Row> | Iterable<Row>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(columns.map((column) => column.header));
  let chunk = '';
  let inChunk = 0;
  for await (const row of rows) {
    chunk += csvLine(columns.map((column) => column.cell(row)));
    if (++inChunk === ROWS_PER_CHUNK) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}
