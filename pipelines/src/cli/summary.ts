import type { ImportRun } from '@ust/schemas';
import type { ImportResult } from '../import/run-import.js';

const number = (value: number) => value.toLocaleString('en-US');

/** The final summary of an import: records per file and table, rejects and warnings per reason, repairs. */
export function printImportSummary({ manifest, tally }: ImportResult, seconds: number): void {
  const files = tally.toFileTable();
  const fileWidth = Math.max(4, ...files.map((row) => row.file.length));
  console.log(`\nImport ${manifest.import_id}`);
  console.log(
    `${'file'.padEnd(fileWidth)}  ${'facilities'.padStart(10)}  ${'tanks'.padStart(10)}  ${'releases'.padStart(10)}  ${'rejects'.padStart(8)}  ${'warnings'.padStart(8)}`,
  );
  for (const row of files) {
    console.log(
      `${row.file.padEnd(fileWidth)}  ${number(row.facilities).padStart(10)}  ${number(row.tanks).padStart(10)}  ${number(row.releases).padStart(10)}  ${number(row.rejects).padStart(8)}  ${number(row.warnings).padStart(8)}`,
    );
  }
  const rows = tally.toTable();
  const width = Math.max(...rows.map((row) => row.name.length), 14);
  for (const group of ['records', 'rejects', 'warnings', 'repairs'] as const) {
    const groupRows = rows.filter((row) => row.group === group);
    if (!groupRows.length) continue;
    console.log(`\n${group}`);
    for (const row of groupRows) console.log(`  ${row.name.padEnd(width)}  ${number(row.count).padStart(10)}`);
  }
  console.log(`\n${number(Math.round(tally.records / Math.max(seconds, 0.001)))} records/s, ${seconds.toFixed(1)} s`);
  console.log(`Rejects report: GET /api/admin/imports/${manifest.import_id}/rejects (Data Updates in the admin console)`);
}

/** The summary of an import the platform ran, from the figures its admin API gives. */
export function printImportRunSummary(run: ImportRun, rejectsUrl: string): void {
  const seconds = run.started_at && run.finished_at ? (Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000 : 0;
  console.log(`\nImport ${run.id}: live${run.dataset_version ? ` (dataset version ${run.dataset_version})` : ''}`);
  console.log(`files   ${run.files.join(', ')}`);
  console.log(`states  ${run.states.join(', ') || '(none)'}`);
  const rows: [string, number][] = [
    ['records read', run.records_read],
    ['accepted', run.accepted],
    ['rejected', run.rejected],
    ['warnings', run.warnings],
  ];
  console.log('\nrecords');
  for (const [name, count] of rows) console.log(`  ${name.padEnd(14)}  ${number(count).padStart(10)}`);
  const reasons = Object.entries(run.rejects_by_reason);
  if (reasons.length) {
    const width = Math.max(14, ...reasons.map(([reason]) => reason.length));
    console.log('\nrejects');
    for (const [reason, count] of reasons) console.log(`  ${reason.padEnd(width)}  ${number(count).padStart(10)}`);
  }
  console.log(`\n${number(Math.round(run.records_read / Math.max(seconds, 0.001)))} records/s, ${seconds.toFixed(1)} s`);
  if (run.rejected > 0) console.log(`Rejects report: ${rejectsUrl}`);
}
