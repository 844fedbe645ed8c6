/**
 * The demo dataset the embedded platform builds on first start: the real EPA files of
 * pipelines/fixtures, then generated records for every state those files do not cover, so the
 * national map is complete. Later starts find the recorded imports and reuse them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JobNames, JobQueueOf } from '@ust/schemas';
import type { AnalyticsStore, Cache, Config, EventLog, JobQueue, Logger } from '@ust/platform';
import { DATASET_POINTER_KEY, DERIVED_DATA_FORMAT, listManifests, readDatasetMeta, type ImportPlan } from '@ust/read-model';
import { runImport } from '../import/run-import.js';
import { awaitRebuild } from '../import/await-rebuild.js';
import { plannedCounts } from '../generate/index.js';
import { createProgressBar } from '../cli/progress.js';
import { estimateRows } from '../cli/estimate.js';

export const FIXTURES_DIRECTORY = path.resolve(import.meta.dirname, '../../fixtures');

/** The real files, and the states whose facilities they cover (generated records skip them). */
export const REAL_SOURCES = ['epa-template/DC', 'epa-template/DE', 'epa-template/VT', 'epa-template/IL', 'epa-template/IA', 'ust-finder-tribal/2024-Nov/data'];
export const STATES_WITH_REAL_FACILITIES = ['DC', 'DE', 'VT', 'IL'];
export const DEMO_SEED = 20_241_101;

export interface DemoDeps {
  config: Pick<Config, 'DEMO_SCALE' | 'dataDir'>;
  events: EventLog;
  store: AnalyticsStore;
  jobs: JobQueue;
  cache: Cache;
  log: Logger;
}

/** Written once every demo import is committed, so an interrupted build starts again. */
const DEMO_MARKER = 'demo-dataset.json';

/**
 * Builds the demo dataset unless it was built before; returns whether it built. When it exists
 * but the cache lost the derived data (the process was killed before it could save its cache),
 * rebuilds the derived data from ClickHouse. Re-importing after an interruption is safe: the
 * tables keep the latest version of each record.
 */
export async function ensureDemoDataset(deps: DemoDeps): Promise<boolean> {
  const scale = deps.config.DEMO_SCALE;
  const marker = path.join(deps.config.dataDir, DEMO_MARKER);
  const built = await readFile(marker, 'utf8').then(
    () => true,
    () => false,
  );
  if (built || scale === 'none') {
    const hasImports = (await listManifests(deps.store)).length > 0;
    if (hasImports && (await deps.cache.get(DATASET_POINTER_KEY)) === null) {
      await rebuildFromTables(deps, 'Rebuilding maps, statistics and facility lists from the stored tables...');
    } else if (hasImports && ((await readDatasetMeta(deps.cache))?.format ?? 0) < DERIVED_DATA_FORMAT) {
      await rebuildFromTables(deps, 'The derived data was built by an older version of the platform; rebuilding it from the stored tables...');
    }
    return false;
  }
  const plans: Array<[label: string, plan: ImportPlan, total: number]> = [];
  const paths = REAL_SOURCES.map((source) => path.join(FIXTURES_DIRECTORY, source));
  plans.push(['real EPA files', { kind: 'files', paths, sourceRoot: FIXTURES_DIRECTORY }, await estimateRows(paths)]);
  if (scale !== 'fixtures') {
    const generated = { seed: DEMO_SEED, scale: scale === 'national' ? 1 : Number(scale), excludeStates: STATES_WITH_REAL_FACILITIES };
    const planned = plannedCounts(generated);
    plans.push(['generated records', { kind: 'generated', ...generated }, planned.facilities + planned.tanks + planned.releases]);
  }
  const started = performance.now();
  process.stderr.write(`Building the demo dataset (DEMO_SCALE=${scale}); later starts reuse it.\n`);
  for (const [label, plan, total] of plans) {
    const bar = createProgressBar(label.padEnd(17), total);
    let result;
    try {
      result = await runImport(plan, { events: deps.events, store: deps.store, log: deps.log, onProgress: bar.update });
    } finally {
      bar.stop();
    }
    await awaitRebuild(deps.jobs, result.manifest);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await writeFile(marker, `${JSON.stringify({ scale, seconds, built_at: new Date().toISOString() }, null, 2)}\n`);
  deps.log.info({ seconds }, 'demo dataset built');
  return true;
}

async function rebuildFromTables(deps: DemoDeps, why: string): Promise<void> {
  process.stderr.write(`${why}\n`);
  const queue = JobQueueOf[JobNames.rebuildDataset];
  const { id } = await deps.jobs.enqueue(queue, JobNames.rebuildDataset, {}, { jobId: `rebuild-at-start-${Date.now()}` });
  const state = await deps.jobs.waitUntilSettled(queue, id, 15 * 60_000);
  if (state.status === 'failed') throw new Error(`Rebuilding the derived data failed: ${state.failedReason}`);
}
