/** Prints benchmark results as an aligned plain-text table (and nothing else). */
export type Row = Record<string, string | number>;

function format(value: string | number): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function printTable(title: string, rows: readonly Row[]): void {
  if (rows.length === 0) {
    console.log(`${title}\n(no rows)`);
    return;
  }
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) => columns.map((column) => format(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => values.map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(columns));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const values of cells) console.log(line(values));
}

/** Median and 95th percentile of a sample (nearest-rank). */
export function summarize(samples: readonly number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

export function rssMegabytes(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}
