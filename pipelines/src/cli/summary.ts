import type { ImportResult } from '../import/run-import.js';

/** The final summary of an import: counts per table, rejects per reason, where the report is. */
export function printImportSummary({ manifest, tally, rejectsFile }: ImportResult, seconds: number): void {
  const rows: Array<[string, string]> = [
    ['import id', manifest.import_id],
    ['facilities', tally.facilities.toLocaleString('en-US')],
    ['tanks', tally.tanks.toLocaleString('en-US')],
    ['releases', tally.releases.toLocaleString('en-US')],
    ['rejected rows', tally.rejects.toLocaleString('en-US')],
    ...[...tally.rejectsByReason].sort((a, b) => b[1] - a[1]).map(([reason, count]): [string, string] => [`  ${reason}`, count.toLocaleString('en-US')]),
    ['records/s', Math.round(tally.records / Math.max(seconds, 0.001)).toLocaleString('en-US')],
    ['seconds', seconds.toFixed(1)],
    ['rejects report', rejectsFile],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\nImport summary`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}
