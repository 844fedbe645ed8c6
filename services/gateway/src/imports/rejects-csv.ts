/**
 * The rejects report (rejects.jsonl, one rejected or repaired field per line) as CSV for a
 * spreadsheet: UTF-8 with a BOM so Excel reads the accents, and cells a spreadsheet would run
 * as a formula (= + - @ tab CR) prefixed with a quote.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const COLUMNS = ['file', 'line', 'field', 'value', 'reason'] as const;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function* rejectsCsv(file: string): AsyncGenerator<string> {
  yield `\uFEFF${COLUMNS.join(',')}\r\n`;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    yield `${COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;
  }
}
