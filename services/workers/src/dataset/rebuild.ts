/**
 * Rebuilds every derived document under a new dataset version, then switches
 * `dataset:current` to it (docs/architecture.md section 4). Readers keep the old version until
 * the switch, so they never see a half-built one. docs/data-model.md describes the outputs;
 * each step below writes one of them.
 */
import { DEFAULT_RISK_MODEL, riskModelById, type AnyRiskModel, type RegionLevel } from '@ust/domain';
import { failpoint, FAILPOINTS, type AnalyticsStore, type Cache, type JobQueue, type Logger } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetKeys, DERIVED_DATA_FORMAT, NEXT_VERSION_KEY, readCurrentVersion, type DatasetBuildMeta } from '@ust/read-model';
import { JobNames, JobQueueOf, watchAlertsJobId, type EvaluateWatchAlertsData, type FacilityStatistics } from '@ust/schemas';
import { dropSummaryVersion } from '../queries/dataset/drop-summary-version.js';
import { getCountyFacilityAggregates } from '../queries/dataset/get-county-facility-aggregates.js';
import { getCountyReleaseAggregates } from '../queries/dataset/get-county-release-aggregates.js';
import { getLatestDatasetVersion } from '../queries/dataset/get-latest-dataset-version.js';
import { getReleasesByYear } from '../queries/dataset/get-releases-by-year.js';
import { getStateFacilityAggregates } from '../queries/dataset/get-state-facility-aggregates.js';
import { getStateReleaseAggregates } from '../queries/dataset/get-state-release-aggregates.js';
import { getStateSourceCounts, type StateSourceRow } from '../queries/dataset/get-state-source-counts.js';
import { getSummaryVersionsBefore } from '../queries/dataset/get-summary-versions-before.js';
import { copySummariesOfOtherStates } from '../queries/dataset/copy-summaries-of-other-states.js';
import { buildFacilitySummaries, sumTallies } from './facility-summaries.js';
import { planRebuild, withStatesReplaced, type RebuildPlan } from './rebuild-plan.js';
import { writeFacilityLists, type ListBytes } from './facility-lists.js';
import { writeGeocoderIndex } from './geocoder-index.js';
import { writeGeocoderIndexInPart } from './geocoder-index-in-part.js';
import { writeH3Density, type H3DensityTally } from './h3-density.js';
import { writeRegionDocuments, type RegionAggregates, type StoredRegionDocument } from './region-documents-step.js';
import { kilobytes, RebuildSteps, type StepTiming } from './rebuild-steps.js';
import { buildStatistics } from './statistics.js';
import { writeSearchIndexes, type SearchIndexTally } from './search-indexes.js';
import { writeSearchIndexesInPart } from './search-indexes-in-part.js';

export type { StepTiming } from './rebuild-steps.js';

export interface RebuildDeps {
  store: AnalyticsStore;
  cache: Cache;
  jobs: JobQueue;
  log: Logger;
  /** Ages and generated_at are as of this clock. @defaultValue () => new Date() */
  now?: () => Date;
  /** The id of the model every facility is scored with (config RISK_MODEL). @defaultValue DEFAULT_RISK_MODEL */
  riskModel?: string;
}

export interface RebuildRequest {
  /** The import whose commit triggered the rebuild; null for a rebuild by hand. */
  importId: string | null;
  jobId: string;
}

export interface RebuildOptions {
  /** Called after each step (benchmarks sample memory here). */
  onStep?: (timing: StepTiming) => void;
  /** Facilities per summary page. @defaultValue SUMMARY_PAGE_SIZE */
  pageSize?: number;
}

export interface RebuildResult {
  version: number;
  /** Whether every state was derived again, or only some (the others copied from `base`, by the steps `continued`), and why. */
  plan: { kind: 'full'; reason: string } | { kind: 'states'; base: number; states: string[]; reason: string; continued: string[] };
  previousVersion: number | null;
  /** True when a newer version went live while this one was built: the pointer stays there. */
  superseded: boolean;
  importId: string | null;
  facilities: number;
  tanks: number;
  releases: number;
  /** The region documents as stored; `withoutGeometry` is the `?geometry=none` variant. */
  documents: Record<RegionLevel, StoredRegionDocument>;
  /** The H3 density documents: located facilities, and cells and stored bytes per resolution. */
  density: H3DensityTally;
  /** Keys and stored bytes of the facility lists (county and state bodies, state chunks). */
  lists: { keys: number; bytes: ListBytes };
  /** The H3 search indexes: items, cells and stored bytes. */
  search: SearchIndexTally;
  steps: StepTiming[];
}

/** Old summary versions are dropped once two newer ones exist, as the cache keeps two. */
const KEPT_VERSIONS = 2;

export async function rebuildDataset(deps: RebuildDeps, request: RebuildRequest, options: RebuildOptions = {}): Promise<RebuildResult> {
  const { store, cache, log } = deps;
  const started = (deps.now ?? (() => new Date()))();
  const begun = performance.now();
  const generatedAt = started.toISOString();
  const steps = new RebuildSteps(log, options.onStep);
  const riskModel = deps.riskModel === undefined ? DEFAULT_RISK_MODEL : riskModelById(deps.riskModel);

  const version = await steps.run(
    'allocate version',
    async () => (steps.version = await allocateDatasetVersion(store, cache)),
    () => 1,
  );
  const plan = await steps.run(
    'plan',
    () => planRebuild(store, cache, { importId: request.importId, riskModel, now: started }),
    (result) => (result.kind === 'states' ? result.states.length : 0),
  );
  logPlan(log, version, plan);
  // A version rebuilt in part is as of its base throughout, so its copied and derived states agree.
  const asOf = plan.kind === 'states' ? plan.asOf : started;
  const rebuilt = plan.kind === 'states' ? { base: plan.base, states: plan.states } : undefined;
  // The steps that continued the base instead of deriving everything (a step may find it cannot).
  const continuedSteps = rebuilt ? ['facility summaries', 'h3 density', 'facility lists'] : [];
  const continued = <T>(step: string, result: T | null | undefined): T | undefined => {
    if (result) continuedSteps.push(step);
    return result ?? undefined;
  };
  const tally = await steps.run(
    'facility summaries',
    async () => {
      if (rebuilt) await copySummariesOfOtherStates(store, rebuilt.base, version, rebuilt.states);
      const derived = await buildFacilitySummaries(store, {
        version,
        asOf,
        builtAt: started,
        riskModel,
        ...(rebuilt ? { states: rebuilt.states } : {}),
        ...(options.pageSize ? { pageSize: options.pageSize } : {}),
      });
      return plan.kind === 'states' ? sumTallies(withStatesReplaced(plan.tallies, plan, derived.byState)) : derived;
    },
    (result) => result.facilities,
  );
  await cache.set(datasetKeys.summaryTallies(version), JSON.stringify(tally.byState));
  await failpoint(FAILPOINTS.rebuilding, log);
  const aggregates = await steps.run(
    'region aggregates',
    () => readRegionAggregates(store, version),
    (result) => result.stateFacilities.length + result.countyFacilities.length + result.stateReleases.length + result.countyReleases.length,
  );
  const statistics = buildStatistics({ version, generatedAt, tally, ...aggregates });
  await steps.run(
    'statistics',
    () => cache.set(datasetKeys.statistics(version), JSON.stringify(statistics)),
    () => 1,
  );
  const documents = await writeRegionDocuments(cache, log, steps, aggregates, {
    dataset_version: version,
    generated_at: generatedAt,
    sources: statistics.sources,
  });
  const density = await steps.run(
    'h3 density',
    () => writeH3Density(store, cache, version, { dataset_version: version, generated_at: generatedAt }, rebuilt),
    (result) => result.facilities,
  );
  logDensity(log, version, density);
  const states = aggregates.stateFacilities.map((row) => row.region);
  const lists = await steps.run(
    'facility lists',
    () => writeFacilityLists(store, cache, version, states, rebuilt),
    (result) => result.facilities,
  );
  const search = await steps.run(
    'search indexes',
    async () =>
      continued('search indexes', rebuilt && (await writeSearchIndexesInPart(store, cache, version, asOf, rebuilt))) ??
      writeSearchIndexes(store, cache, version, asOf),
    (result) => result.facilityCells + result.releaseCells,
  );
  await steps.run(
    'geocoder index',
    async () =>
      continued('geocoder index', rebuilt && (await writeGeocoderIndexInPart(store, cache, version, rebuilt))) ?? writeGeocoderIndex(store, cache, version),
    (result) => result.addresses + result.streets,
  );

  const meta = buildMeta(version, generatedAt, riskModel, request, statistics, plan, asOf);
  const switched = await steps.run(
    'switch version',
    () => switchToVersion(deps, version, meta),
    () => 1,
  );
  // The version is live: save it now, so a process killed from here on (kill -9, a supervisor
  // out of patience) restarts on it instead of rebuilding every derived document.
  await steps.run(
    'persist cache',
    () => cache.persist(),
    () => 1,
  );
  await steps.run(
    'prune old summaries',
    () => pruneSummaries(store, version),
    (dropped) => dropped,
  );
  await recordBuild(store, request, meta, steps, new Date(started.getTime() + (performance.now() - begun)));
  return {
    version,
    plan:
      plan.kind === 'states'
        ? { kind: 'states', base: plan.base, states: plan.states, reason: plan.reason, continued: continuedSteps }
        : { kind: 'full', reason: plan.reason },
    previousVersion: switched.previous,
    superseded: switched.superseded,
    importId: request.importId,
    facilities: meta.facilities,
    tanks: meta.tanks,
    releases: meta.releases,
    documents,
    density,
    lists: { keys: lists.keys, bytes: lists.bytes },
    search,
    steps: steps.timings,
  };
}

/** The version's facility and release figures by state and county, releases by year and records by source (the statistics'). */
async function readRegionAggregates(
  store: AnalyticsStore,
  version: number,
): Promise<RegionAggregates & { releasesByYear: FacilityStatistics['releases_by_year']; stateSources: StateSourceRow[] }> {
  return {
    stateFacilities: await getStateFacilityAggregates(store, version),
    countyFacilities: await getCountyFacilityAggregates(store, version),
    stateReleases: await getStateReleaseAggregates(store),
    countyReleases: await getCountyReleaseAggregates(store),
    releasesByYear: await getReleasesByYear(store),
    stateSources: await getStateSourceCounts(store, version),
  };
}

function logDensity(log: Logger, version: number, density: H3DensityTally): void {
  log.info(
    { job: JobNames.rebuildDataset, version, density: density.resolutions },
    `rebuild v${version}: h3 density of ${density.facilities} located facilities: ` +
      Object.entries(density.resolutions)
        .map(([resolution, size]) => `res ${resolution} ${size.cells} cells ${kilobytes(size.gzipBytes)}`)
        .join(', '),
  );
}

function buildMeta(
  version: number,
  generatedAt: string,
  riskModel: AnyRiskModel,
  request: RebuildRequest,
  statistics: FacilityStatistics,
  plan: RebuildPlan,
  asOf: Date,
): DatasetBuildMeta {
  return {
    dataset_version: version,
    format: DERIVED_DATA_FORMAT,
    generated_at: generatedAt,
    risk_model: riskModel.version,
    import_id: request.importId,
    facilities: statistics.total_facilities,
    tanks: statistics.total_tanks,
    releases: statistics.total_leaks,
    sources: statistics.sources,
    imports_through: plan.watermark,
    ages_as_of: asOf.toISOString(),
    rebuilt_states: plan.kind === 'states' ? { base_version: plan.base, states: plan.states } : null,
  };
}

function logPlan(log: Logger, version: number, plan: RebuildPlan): void {
  const what = plan.kind === 'states' ? `derives ${plan.states.join(', ')} and copies every other state from v${plan.base}` : 'derives every state';
  log.info({ job: JobNames.rebuildDataset, version, plan: plan.kind, reason: plan.reason }, `rebuild v${version}: ${what} (${plan.reason})`);
}

/** One row per build in `dataset_builds`: which import, when, what it counted, and how long each step took. */
async function recordBuild(store: AnalyticsStore, request: RebuildRequest, meta: DatasetBuildMeta, steps: RebuildSteps, finishedAt: Date): Promise<void> {
  await store.insert('dataset_builds', [
    {
      dataset_version: meta.dataset_version,
      import_id: request.importId,
      job_id: request.jobId,
      started_at: meta.generated_at,
      finished_at: finishedAt.toISOString(),
      facilities: meta.facilities,
      tanks: meta.tanks,
      releases: meta.releases,
      step_seconds: steps.secondsByStep(),
    },
  ]);
}

/**
 * The next version: above the live one and above any version ClickHouse has rows of (a failed
 * try leaves some; a fresh cache forgets the pointer). INCR makes concurrent rebuilds, even
 * in separate processes, get distinct versions.
 */
export async function allocateDatasetVersion(store: AnalyticsStore, cache: Cache): Promise<number> {
  const floor = Math.max((await readCurrentVersion(cache)) ?? 0, await getLatestDatasetVersion(store));
  const version = await cache.incr(NEXT_VERSION_KEY);
  return version > floor ? version : cache.incr(NEXT_VERSION_KEY, floor + 1 - version);
}

async function switchToVersion(deps: RebuildDeps, version: number, meta: DatasetBuildMeta): Promise<{ previous: number | null; superseded: boolean }> {
  await deps.cache.set(datasetKeys.meta(version), JSON.stringify(meta));
  const before = await deps.cache.switchPointer(DATASET_POINTER_KEY, String(version));
  const previous = before === null ? null : Number(before);
  // A rebuild that started later finished first: keep its newer version live.
  const superseded = previous !== null && previous > version;
  if (superseded) await deps.cache.switchPointer(DATASET_POINTER_KEY, String(previous));
  await deps.jobs.enqueue(JobQueueOf[JobNames.pruneDatasetVersions], JobNames.pruneDatasetVersions, {}, { jobId: `prune-after-v${version}` });
  // What changed for watched items, from the version users saw to this one (docs/decisions/0120-watch-alerts.md).
  if (previous !== null && !superseded && previous < version) {
    const data: EvaluateWatchAlertsData = { version, base_version: previous };
    await deps.jobs.enqueue(JobQueueOf[JobNames.evaluateWatchAlerts], JobNames.evaluateWatchAlerts, data, { jobId: watchAlertsJobId(version) });
  }
  return { previous, superseded };
}

async function pruneSummaries(store: AnalyticsStore, version: number): Promise<number> {
  const old = await getSummaryVersionsBefore(store, version - KEPT_VERSIONS + 1);
  for (const stale of old) await dropSummaryVersion(store, stale);
  return old.length;
}
