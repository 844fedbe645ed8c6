/**
 * What the records jobs keep in the analytics store (docs/decisions/0106-shared-job-state.md)
 * cost to read on the embedded engine (chDB), as a gateway reads them while users follow their
 * runs: one screening's record (polled every second while it runs), the screenings list, a
 * 10,000-row screening's results in pages, where a resumed job starts, the import list, and a
 * rejects report of 50,000 lines. Each record is rewritten as a job would (progress writes), so
 * reads pick the latest of many revisions.
 *
 *   pnpm bench job-records [screenings] [revisions]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createChdbStore, migrationsDirectory } from '@ust/platform';
import {
  appendResultLines,
  countResults,
  createScreening,
  importRejectsWriter,
  listImportRuns,
  listScreenings,
  queuedRunRecord,
  queuedScreening,
  readImportRejects,
  readResultLines,
  readScreeningRecord,
  writeManifest,
  writeRunRecord,
  writeScreeningRecord,
} from '@ust/read-model';
import { printTable, rssMegabytes, summarize } from './table.js';

const screenings = Number(process.argv[2] ?? 500);
const revisions = Number(process.argv[3] ?? 20);
const RESULTS = 10_000;
const REJECTS = 50_000;
const SAMPLES = 50;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-job-records-'));
const store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'bench' });
await applyMigrations(store, migrationsDirectory);

const owner = { userId: 'user-1', email: 'bench@example.com' };
const ids: string[] = [];
for (let index = 0; index < screenings; index += 1) {
  const record = { ...queuedScreening(`scr-bench-${String(index).padStart(5, '0')}`, 'book.csv', owner, RESULTS), dataset_version: 1 };
  ids.push(record.id);
  await createScreening(store, record, new Uint8Array());
  for (let revision = 1; revision < revisions; revision += 1) await writeScreeningRecord(store, { ...record, status: 'running', rows_done: revision * 100 });
}
const big = { ...queuedScreening('scr-bench-big', 'big.csv', owner, RESULTS), dataset_version: 1, status: 'done' as const };
await createScreening(store, big, new Uint8Array());
const result = JSON.stringify({
  line: 2,
  reference: 'R',
  outcome: 'screened',
  reason: null,
  location: null,
  match: null,
  facility: null,
  surroundings: null,
  pad: 'x'.repeat(1_200),
});
for (let from = 0; from < RESULTS; from += 500)
  await appendResultLines(
    store,
    big,
    from,
    Array.from({ length: 500 }, () => result),
  );
for (let index = 0; index < 100; index += 1) {
  const plan = { kind: 'files' as const, paths: ['/uploads/x'], sourceRoot: '/uploads' };
  const importId = `imp-bench-${index}`;
  await writeManifest(store, { import_id: importId, version: index, plan, started_at: new Date().toISOString(), committed_at: new Date().toISOString() });
  for (let revision = 0; revision < revisions; revision += 1) await writeRunRecord(store, { ...queuedRunRecord(importId, 'upload', plan), records: revision });
}
const rejects = importRejectsWriter(store, 'imp-bench-0');
for (let line = 0; line < REJECTS; line += 1) await rejects.add({ file: 'DE/UST/tank.csv', line, field: 'tank_id', value: null, reason: 'missing id' });
await rejects.flush();

async function timed(name: string, samples: number, run: () => Promise<number>) {
  const times: number[] = [];
  let items = 0;
  for (let sample = 0; sample < samples; sample += 1) {
    const started = performance.now();
    items = await run();
    times.push(performance.now() - started);
  }
  const { median, p95 } = summarize(times);
  return { read: name, items, 'median ms': median, 'p95 ms': p95, 'rows/s (median)': Math.round((items / median) * 1000) };
}

const rows = [
  await timed('one screening record', SAMPLES * 4, async () => ((await readScreeningRecord(store, ids[Math.floor(Math.random() * ids.length)]!)) ? 1 : 0)),
  await timed(`screenings list (${screenings})`, SAMPLES, async () => (await listScreenings(store)).length),
  await timed(`imports list (100)`, SAMPLES, async () => (await listImportRuns(store)).length),
  await timed('where a job resumes (count of saved results)', SAMPLES, () => countResults(store, big)),
  await timed(`results of a ${RESULTS.toLocaleString('en-US')}-row screening, in pages`, 10, async () => {
    let count = 0;
    for await (const page of readResultLines(store, big)) count += page.length;
    return count;
  }),
  await timed(`rejects report of ${REJECTS.toLocaleString('en-US')} lines`, 5, async () => {
    let count = 0;
    for await (const _reject of readImportRejects(store, 'imp-bench-0')) count += 1;
    return count;
  }),
];
printTable(`Job records on chDB: ${screenings} screenings and 100 imports, each record written ${revisions} times; RSS ${rssMegabytes()} MB`, rows);
await store.close();
await rm(dataDir, { recursive: true, force: true });
