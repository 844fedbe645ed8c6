/**
 * Time to build the demo dataset on the embedded adapters, per phase: each real import, the
 * generated records for what they leave missing, and the rebuild of the derived data after each.
 *
 *   npx tsx bench/demo-build.ts [scale, default 1 = national]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createLogger, createPorts, loadConfig, migrationsDirectory } from '@ust/platform';
import { startIngest } from '@ust/ingest';
import { startWorkers } from '@ust/workers';
import { awaitRebuild, FIXTURES_DIRECTORY, getRealCountsByState, realImportsFor, runImport } from '@ust/pipelines';
import type { ImportPlan } from '@ust/read-model';
import { printTable, rssMegabytes } from './table.js';

const scale = Number(process.argv[2] ?? 1);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-demo-'));
const log = createLogger('bench', { level: 'warn' });
const ports = await createPorts(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), log, 'bench');
await applyMigrations(ports.store, migrationsDirectory);
const ingest = await startIngest({ ...ports, log });
const workers = await startWorkers({ ...ports, log });

// The demo build's phases (docs/decisions/0111): the real imports, then what they leave missing.
const realPlans: Array<[string, ImportPlan]> = realImportsFor('national').map((sources) => [
  `real ${sources.length > 1 ? `${sources.length} folders` : sources[0]}`,
  { kind: 'files', paths: sources.map((source) => path.join(FIXTURES_DIRECTORY, source)), sourceRoot: FIXTURES_DIRECTORY },
]);
const generatedPlan = async (): Promise<[string, ImportPlan]> => [
  `generated, scale ${scale}`,
  { kind: 'generated', seed: 20_241_101, scale, excludeStates: [], realCounts: await getRealCountsByState(ports.store) },
];
const rows = [];
const started = performance.now();
for (const next of [...realPlans.map((plan) => async () => plan), generatedPlan]) {
  const [label, plan] = await next();
  const importStarted = performance.now();
  const result = await runImport(plan, { events: ports.events, store: ports.store, log });
  const published = performance.now();
  await awaitRebuild(ports.jobs, result.manifest);
  const done = performance.now();
  const records = result.tally.records;
  rows.push({
    phase: label,
    records,
    'publish+write s': Math.round((published - importStarted) / 100) / 10,
    'write+rebuild s': Math.round((done - published) / 100) / 10,
    'records/s': Math.round(records / ((done - importStarted) / 1000)),
    'RSS MB': rssMegabytes(),
  });
}
const total = (performance.now() - started) / 1000;
await ingest.close();
await workers.close();
await ports.close();
await rm(dataDir, { recursive: true, force: true });
printTable(`Demo dataset build on the embedded adapters (total ${total.toFixed(1)} s)`, rows);
