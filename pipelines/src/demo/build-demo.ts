/**
 * The demo dataset the embedded platform builds on first start: every real file of
 * pipelines/fixtures, then, in the background, generated records for what they leave missing in
 * each state (up to EPA's per-state totals), so the national map is complete
 * (docs/decisions/0111-national-demo-real-records.md, 0131). Later starts find the recorded
 * imports and reuse them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { JobNames, JobQueueOf } from '@ust/schemas';
import { writePrivateFile, type AnalyticsStore, type Cache, type Config, type EventLog, type JobQueue, type Logger } from '@ust/platform';
import {
  DATASET_POINTER_KEY,
  DERIVED_DATA_FORMAT,
  listManifests,
  newImportId,
  queueImport,
  queuedRunRecord,
  readDatasetMeta,
  readRunRecord,
  type ImportPlan,
} from '@ust/read-model';
import type { RunImport } from '../import/run-import.js';
import { createImportReader } from '../import/import-thread/import-thread.js';
import { awaitCommitRecorded, awaitRebuild } from '../import/await-rebuild.js';
import { plannedCounts } from '../generate/index.js';
import { createProgressBar } from '../cli/progress.js';
import { estimateRows } from '../cli/estimate.js';
import { getRealCountsByState } from '../queries/demo/get-real-counts-by-state.js';
import { realImportsFor } from './real-sources.js';

export const FIXTURES_DIRECTORY = path.resolve(import.meta.dirname, '../../fixtures');

export const DEMO_SEED = 20_241_101;

export interface DemoDeps {
  config: Pick<Config, 'DEMO_SCALE' | 'dataDir'>;
  events: EventLog;
  store: AnalyticsStore;
  jobs: JobQueue;
  cache: Cache;
  log: Logger;
}

/** DemoDeps, and how the build reads and publishes each import. */
type DemoBuild = DemoDeps & { runImport: RunImport };

const DEMO_MARKER = 'demo-dataset.json';

/** Written once the real imports are live and the generated one is chosen, so an interrupted build starts again. */
interface DemoMarker {
  scale: string;
  seconds: number;
  imports: Record<string, number>;
  /** The import that generates what the real files leave missing, run in the background. */
  generated?: { import_id: string; plan: Extract<ImportPlan, { kind: 'generated' }> };
  built_at: string;
}

/**
 * Builds the demo dataset unless it was built before; returns whether it built. The real
 * imports are live when it returns; the generated records, at a generated scale, follow as an
 * import job in the background, so the platform answers with every real record in about a
 * minute instead of after the whole national build (docs/decisions/0131). When the dataset
 * exists but the cache lost the derived data (the process was killed before it could save its
 * cache), rebuilds the derived data from ClickHouse. Re-importing after an interruption is
 * safe: the tables keep the latest version of each record.
 */
export async function ensureDemoDataset(deps: DemoDeps): Promise<boolean> {
  const scale = deps.config.DEMO_SCALE;
  const markerPath = path.join(deps.config.dataDir, DEMO_MARKER);
  const marker = await readMarker(markerPath);
  if (marker || scale === 'none') {
    const hasImports = (await listManifests(deps.store)).length > 0;
    if (hasImports && (await deps.cache.get(DATASET_POINTER_KEY)) === null) {
      await rebuildFromTables(deps, 'Rebuilding maps, statistics and facility lists from the stored tables...');
    } else if (hasImports && ((await readDatasetMeta(deps.cache))?.format ?? 0) < DERIVED_DATA_FORMAT) {
      await rebuildFromTables(deps, 'The derived data was built by an older version of the platform; rebuilding it from the stored tables...');
    }
    // Stopped between writing the marker and queueing its generated import: queued now. Once
    // queued, the job queue takes the import up after any stop (docs/decisions/0108).
    if (marker?.generated && !(await readRunRecord(deps.store, marker.generated.import_id))) await queueGenerated(deps, marker.generated);
    return false;
  }
  // Off the event loop: reading the real files overlaps with the main thread's writes of what
  // they already published.
  const reader = createImportReader();
  try {
    await buildDemo({ ...deps, runImport: reader.run }, scale, markerPath);
  } finally {
    await reader.close();
  }
  return true;
}

async function buildDemo(deps: DemoBuild, scale: string, markerPath: string): Promise<void> {
  const started = performance.now();
  process.stderr.write(`Building the demo dataset (DEMO_SCALE=${scale}); later starts reuse it.\n`);
  const imports: Record<string, number> = {};
  const realImports = realImportsFor(scale);
  for (const [index, sources] of realImports.entries()) {
    const label = index === 0 ? 'real EPA files' : `real ${sources.join(', ')}`;
    const paths = sources.map((source) => path.join(FIXTURES_DIRECTORY, source));
    const last = index === realImports.length - 1;
    imports[label] = await importTo(
      last ? 'live' : 'written',
      deps,
      label,
      { kind: 'files', paths, sourceRoot: FIXTURES_DIRECTORY },
      await estimateRows(paths),
    );
  }
  const marker: DemoMarker = { scale, seconds: Math.round((performance.now() - started) / 100) / 10, imports, built_at: new Date().toISOString() };
  if (scale !== 'fixtures') {
    // What the real imports were accepted with, so generation fills only what they leave missing.
    const realCounts = await getRealCountsByState(deps.store);
    const plan = { kind: 'generated' as const, seed: DEMO_SEED, scale: scale === 'national' ? 1 : Number(scale), excludeStates: [], realCounts };
    marker.generated = { import_id: newImportId(), plan };
  }
  // Before the generated import is queued: a start that finds the marker queues it if this one
  // could not. Whole or not at all, so a stop while writing it leaves no marker to misread.
  await writePrivateFile(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
  deps.log.info({ seconds: marker.seconds, imports }, 'demo dataset: the real records are live');
  if (marker.generated) {
    await queueGenerated(deps, marker.generated);
    const planned = plannedCounts(marker.generated.plan);
    process.stderr.write(
      `The real records are live. ${(planned.facilities + planned.tanks + planned.releases).toLocaleString('en-US')} generated records ` +
        'for what they leave missing follow in the background (Data Updates shows their progress); the map fills in when they go live.\n',
    );
  }
}

/** The marker of an earlier build; undefined when there is none. */
async function readMarker(markerPath: string): Promise<DemoMarker | undefined> {
  const text = await readFile(markerPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as DemoMarker;
  } catch {
    throw new Error(`${markerPath} is not JSON: remove it to build the demo dataset again (the imported tables are kept)`);
  }
}

/** Queues the demo's generated import as an ordinary import job: the workers' import thread runs it, and Data Updates lists it. */
async function queueGenerated(deps: DemoDeps, generated: NonNullable<DemoMarker['generated']>): Promise<void> {
  await queueImport(deps, queuedRunRecord(generated.import_id, 'cli', generated.plan));
}

/**
 * Runs one import of the demo until its rows are written to the live tables, or until it is
 * live (its rebuild done too); answers its seconds. Only the last real import has a rebuild: it
 * derives every live row, the earlier imports' too, and no server answers before it is live, so
 * a rebuild of each earlier import would only take the cores the next import is read with.
 */
async function importTo(until: 'written' | 'live', deps: DemoBuild, label: string, plan: ImportPlan, total: number): Promise<number> {
  const started = performance.now();
  const bar = createProgressBar(label.padEnd(17), total);
  let result;
  try {
    result = await deps.runImport(plan, {
      events: deps.events,
      store: deps.store,
      log: deps.log,
      onProgress: bar.update,
      ...(until === 'written' ? { rebuildWithALaterImport: true } : {}),
    });
  } finally {
    bar.stop();
  }
  if (until === 'live') await awaitRebuild(deps.jobs, result.manifest);
  else await awaitCommitRecorded(deps.store, result.manifest);
  return Math.round((performance.now() - started) / 100) / 10;
}

async function rebuildFromTables(deps: DemoDeps, why: string): Promise<void> {
  process.stderr.write(`${why}\n`);
  const queue = JobQueueOf[JobNames.rebuildDataset];
  const { id } = await deps.jobs.enqueue(queue, JobNames.rebuildDataset, {}, { jobId: `rebuild-at-start-${Date.now()}` });
  const state = await deps.jobs.waitUntilSettled(queue, id, 15 * 60_000);
  if (state.status === 'failed') throw new Error(`Rebuilding the derived data failed: ${state.failedReason}`);
}
