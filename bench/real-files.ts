/**
 * Import time of each real state file (the template workbooks and the states' own exports of
 * pipelines/fixtures), one import after another into one embedded platform, as an operator
 * would bring them in: reading and writing the rows, then the rebuild of the derived data.
 *
 *   pnpm bench real-files
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createLogger, createPorts, loadConfig, migrationsDirectory } from '@ust/platform';
import { startIngest } from '@ust/ingest';
import { startWorkers } from '@ust/workers';
import { awaitRebuild, FIXTURES_DIRECTORY, runImport } from '@ust/pipelines';
import { printTable, rssMegabytes } from './table.js';

/** Each a folder of pipelines/fixtures, imported on its own. */
const FOLDERS = [
  'epa-template-xlsx/UT',
  'epa-template-xlsx/MD',
  'epa-template-xlsx/OK',
  'epa-template-xlsx/WV',
  'state-native/UT',
  'state-native/WV',
  'state-native/TN',
];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-real-files-'));
const log = createLogger('bench', { level: 'warn' });
const ports = await createPorts(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), log, 'bench');
await applyMigrations(ports.store, migrationsDirectory);
const ingest = await startIngest({ ...ports, log });
const workers = await startWorkers({ ...ports, log });

const seconds = (from: number, to: number) => Math.round((to - from) / 100) / 10;
const rows = [];
const started = performance.now();
for (const folder of FOLDERS) {
  const importStarted = performance.now();
  const { manifest, tally } = await runImport(
    { kind: 'files', paths: [path.join(FIXTURES_DIRECTORY, folder)], sourceRoot: FIXTURES_DIRECTORY },
    { events: ports.events, store: ports.store, log },
  );
  const written = performance.now();
  await awaitRebuild(ports.jobs, manifest);
  const live = performance.now();
  const { facilities, tanks, releases, rejects, warnings } = tally.counts;
  rows.push({
    folder,
    'rows read': facilities + tanks + releases + rejects,
    imported: facilities + tanks + releases,
    rejected: rejects,
    warnings,
    'read+write s': seconds(importStarted, written),
    'rebuild s': seconds(written, live),
    'rows/s': Math.round((facilities + tanks + releases + rejects) / ((written - importStarted) / 1000)),
    'RSS MB': rssMegabytes(),
  });
}
const total = seconds(started, performance.now());
await ingest.close();
await workers.close();
await ports.close();
await rm(dataDir, { recursive: true, force: true });
printTable(`Real state files imported one after another on the embedded adapters (total ${total} s)`, rows);
