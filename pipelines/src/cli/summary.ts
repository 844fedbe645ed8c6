import type { ImportRun } from '@ust/schemas';

const number = (value: number) => value.toLocaleString('en-US');

/** The summary of an import the platform ran (through its API or embedded), from its run record. */
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
  const warnings = Object.entries(run.warnings_by_reason);
  if (warnings.length) {
    const width = Math.max(14, ...warnings.map(([reason]) => reason.length));
    console.log('\nwarnings');
    for (const [reason, count] of warnings) console.log(`  ${reason.padEnd(width)}  ${number(count).padStart(10)}`);
  }
  const { by_id, by_address, unlinked } = run.release_links;
  if (by_id + by_address + unlinked > 0) {
    console.log('\nreleases linked to their facility');
    for (const [name, count] of [
      ['by id', by_id],
      ['by address', by_address],
      ['no facility', unlinked],
    ] as const)
      console.log(`  ${name.padEnd(14)}  ${number(count).padStart(10)}`);
  }
  if (run.columns_not_mapped.length) console.log(`\ncolumns not mapped (left out)\n${run.columns_not_mapped.map((column) => `  ${column}`).join('\n')}`);
  console.log(`\n${number(Math.round(run.records_read / Math.max(seconds, 0.001)))} records/s, ${seconds.toFixed(1)} s`);
  if (run.rejected > 0) console.log(`Rejects report: ${rejectsUrl}`);
}
