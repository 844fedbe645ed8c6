/**
 * Rebuilds every derived document under a new dataset version, then switches
 * `dataset:current` to it (DESIGN.md section 4). Readers keep the old version until the switch,
 * so they never see a half-built one. docs/data-model.md describes the outputs.
 */
import { stateFipsOf, type RegionLevel } from '@ust/domain';
import type { AnalyticsStore, Cache, JobQueue, Logger } from '@ust/platform';
import {
  DATASET_POINTER_KEY,
  datasetKeys,
  DERIVED_DATA_FORMAT,
  encodeStoredDocument,
  NEXT_VERSION_KEY,
  readCurrentVersion,
  storedSize,
  type DatasetBuildMeta,
  type StoredDocumentSize,
} from '@ust/read-model';
import { JobNames, JobQueueOf } from '@ust/schemas';
import { dropSummaryVersion } from '../queries/dataset/drop-summary-version.js';
import { getCountyFacilityAggregates } from '../queries/dataset/get-county-facility-aggregates.js';
import { getCountyReleaseAggregates } from '../queries/dataset/get-county-release-aggregates.js';
import { getLatestDatasetVersion } from '../queries/dataset/get-latest-dataset-version.js';
import { getReleasesByYear } from '../queries/dataset/get-releases-by-year.js';
import { getStateFacilityAggregates } from '../queries/dataset/get-state-facility-aggregates.js';
import { getStateReleaseAggregates } from '../queries/dataset/get-state-release-aggregates.js';
import { getSummaryVersionsBefore } from '../queries/dataset/get-summary-versions-before.js';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';
import { buildFacilitySummaries } from './facility-summaries.js';
import { writeFacilityLists, type ListBytes } from './facility-lists.js';
import { writeGeocoderIndex } from './geocoder-index.js';
import { writeH3Density, type H3DensityTally } from './h3-density.js';
import { buildRegionDocument, withoutGeometry } from './region-documents.js';
import { indexAggregates, mergeFacilityAggregates, mergeReleaseAggregates, regionFigures, type RegionFigures } from './region-figures.js';
import { buildStatistics } from './statistics.js';
import { writeSearchIndexes, type SearchIndexTally } from './search-indexes.js';

export interface RebuildDeps {
  store: AnalyticsStore;
  cache: Cache;
  jobs: JobQueue;
  log: Logger;
  /** Ages and generated_at are as of this clock. @defaultValue () => new Date() */
  now?: () => Date;
}

export interface RebuildRequest {
  /** The import whose commit triggered the rebuild; null for a rebuild by hand. */
  importId: string | null;
  jobId: string;
}

export interface StepTiming {
  step: string;
  seconds: number;
  /** Rows (or keys) the step produced, for rows/s. */
  rows: number;
}

export interface RebuildOptions {
  /** Called after each step (benchmarks sample memory here). */
  onStep?: (timing: StepTiming) => void;
  /** Facilities per summary page. @defaultValue SUMMARY_PAGE_SIZE */
  pageSize?: number;
}

export interface RebuildResult {
  version: number;
  previousVersion: number | null;
  /** True when a newer version went live while this one was built: the pointer stays there. */
  superseded: boolean;
  importId: string | null;
  facilities: number;
  tanks: number;
  releases: number;
  /** The region documents as stored; `withoutGeometry` is the `?geometry=none` variant. */
  documents: Record<RegionLevel, StoredDocumentSize & { withoutGeometry: StoredDocumentSize }>;
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
  const steps: StepTiming[] = [];
  let version = 0;
  const timed = async <T>(step: string, run: () => Promise<T>, rowsOf: (result: T) => number): Promise<T> => {
    const stepBegun = performance.now();
    const result = await run();
    const timing = { step, seconds: Math.round(performance.now() - stepBegun) / 1000, rows: rowsOf(result) };
    steps.push(timing);
    log.info({ job: JobNames.rebuildDataset, version, ...timing }, `rebuild v${version}: ${step} in ${timing.seconds} s (${timing.rows} rows)`);
    options.onStep?.(timing);
    return result;
  };

  await timed('allocate version', async () => (version = await allocateDatasetVersion(store, cache)), () => 1);
  const tally = await timed(
    'facility summaries',
    () => buildFacilitySummaries(store, { version, asOf: started, builtAt: started, ...(options.pageSize ? { pageSize: options.pageSize } : {}) }),
    (result) => result.facilities,
  );
  const aggregates = await timed(
    'region aggregates',
    async () => ({
      stateFacilities: await getStateFacilityAggregates(store, version),
      countyFacilities: await getCountyFacilityAggregates(store, version),
      stateReleases: await getStateReleaseAggregates(store),
      countyReleases: await getCountyReleaseAggregates(store),
      releasesByYear: await getReleasesByYear(store),
    }),
    (result) => result.stateFacilities.length + result.countyFacilities.length + result.stateReleases.length + result.countyReleases.length,
  );
  const statistics = buildStatistics({ version, generatedAt, tally, ...aggregates });
  await timed('statistics', () => cache.set(datasetKeys.statistics(version), JSON.stringify(statistics)), () => 1);

  const figures: Record<RegionLevel, (fips: string) => RegionFigures | undefined> = {
    states: figuresByRegion(
      indexAggregates(aggregates.stateFacilities, (code) => stateFipsOf(code) ?? undefined, mergeFacilityAggregates),
      indexAggregates(aggregates.stateReleases, (code) => stateFipsOf(code) ?? undefined, mergeReleaseAggregates),
    ),
    counties: figuresByRegion(
      indexAggregates(aggregates.countyFacilities, (fips) => fips, mergeFacilityAggregates),
      indexAggregates(aggregates.countyReleases, (fips) => fips, mergeReleaseAggregates),
    ),
  };
  const about = { dataset_version: version, generated_at: generatedAt, sources: statistics.sources };
  const documents = {} as RebuildResult['documents'];
  for (const level of ['states', 'counties'] as const) {
    const encoded = await timed(
      `${level} document`,
      async () => {
        const document = buildRegionDocument(level, figures[level], about);
        const full = await encodeStoredDocument(document);
        const none = await encodeStoredDocument(withoutGeometry(document));
        await cache.setMany([
          [datasetKeys.regionDocument(version, level), full.gzip],
          [datasetKeys.regionDocumentEtag(version, level), full.etag],
          [datasetKeys.regionDocument(version, level, 'none'), none.gzip],
          [datasetKeys.regionDocumentEtag(version, level, 'none'), none.etag],
        ]);
        return { full, none, features: document.features.length };
      },
      (result) => result.features,
    );
    documents[level] = { ...storedSize(encoded.full), withoutGeometry: storedSize(encoded.none) };
    log.info(
      { job: JobNames.rebuildDataset, version, level, gzipBytes: documents[level].gzipBytes, withoutGeometryGzipBytes: documents[level].withoutGeometry.gzipBytes },
      `rebuild v${version}: ${level} document ${kilobytes(documents[level].gzipBytes)} gzipped, ${kilobytes(documents[level].withoutGeometry.gzipBytes)} without geometry`,
    );
  }
  const density = await timed('h3 density', () => writeH3Density(store, cache, version, { dataset_version: version, generated_at: generatedAt }), (result) => result.facilities);
  log.info(
    { job: JobNames.rebuildDataset, version, density: density.resolutions },
    `rebuild v${version}: h3 density of ${density.facilities} located facilities: ` +
      Object.entries(density.resolutions).map(([resolution, size]) => `res ${resolution} ${size.cells} cells ${kilobytes(size.gzipBytes)}`).join(', '),
  );

  const states = aggregates.stateFacilities.map((row) => row.region);
  const lists = await timed('facility lists', () => writeFacilityLists(store, cache, version, states), (result) => result.facilities);
  const search = await timed('search indexes', () => writeSearchIndexes(store, cache, version, started), (result) => result.facilityCells + result.releaseCells);
  await timed('geocoder index', () => writeGeocoderIndex(store, cache, version), (result) => result.addresses + result.streets);

  const meta: DatasetBuildMeta = {
    dataset_version: version,
    format: DERIVED_DATA_FORMAT,
    generated_at: generatedAt,
    import_id: request.importId,
    facilities: statistics.total_facilities,
    tanks: statistics.total_tanks,
    releases: statistics.total_leaks,
    sources: statistics.sources,
  };
  const switched = await timed('switch version', () => switchToVersion(deps, version, meta), () => 1);
  await timed('prune old summaries', () => pruneSummaries(store, version), (dropped) => dropped);
  await store.insert('dataset_builds', [
    {
      dataset_version: version,
      import_id: request.importId,
      job_id: request.jobId,
      started_at: generatedAt,
      finished_at: new Date(started.getTime() + (performance.now() - begun)).toISOString(),
      facilities: meta.facilities,
      tanks: meta.tanks,
      releases: meta.releases,
      step_seconds: Object.fromEntries(steps.map((step) => [step.step, step.seconds])),
    },
  ]);
  return {
    version,
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
    steps,
  };
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

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function figuresByRegion(
  facilities: Map<string, FacilityAggregateRow>,
  releases: Map<string, ReleaseAggregateRow>,
): (fips: string) => RegionFigures | undefined {
  return (fips) => {
    const facility = facilities.get(fips);
    const release = releases.get(fips);
    return facility || release ? regionFigures(facility, release) : undefined;
  };
}

async function switchToVersion(deps: RebuildDeps, version: number, meta: DatasetBuildMeta): Promise<{ previous: number | null; superseded: boolean }> {
  await deps.cache.set(datasetKeys.meta(version), JSON.stringify(meta));
  const before = await deps.cache.switchPointer(DATASET_POINTER_KEY, String(version));
  const previous = before === null ? null : Number(before);
  // A rebuild that started later finished first: keep its newer version live.
  const superseded = previous !== null && previous > version;
  if (superseded) await deps.cache.switchPointer(DATASET_POINTER_KEY, String(previous));
  await deps.jobs.enqueue(JobQueueOf[JobNames.pruneDatasetVersions], JobNames.pruneDatasetVersions, {}, { jobId: `prune-after-v${version}` });
  return { previous, superseded };
}

async function pruneSummaries(store: AnalyticsStore, version: number): Promise<number> {
  const old = await getSummaryVersionsBefore(store, version - KEPT_VERSIONS + 1);
  for (const stale of old) await dropSummaryVersion(store, stale);
  return old.length;
}
