/**
 * The rebuild-dataset job end to end: real chDB, the in-process job queue running the
 * registered processors, the memory cache and then a real Redis. The seeded Delaware facilities
 * make every figure below computable by hand (asOf 2025-01-01; ages in years of 365.2425 days).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calculateRiskScore, DEFAULT_RISK_MODEL, RISK_MODEL_V1, RISK_MODEL_V2, cellCentre, densityCellOf, loadRegionShapes, STATE_CODES } from '@ust/domain';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLmdbCache,
  createLogger,
  createMemoryCache,
  createRedisCache,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
  type JobQueue,
} from '@ust/platform';
import {
  DATASET_POINTER_KEY,
  PRUNED_BELOW_KEY,
  datasetKeys,
  readCountyFacilities,
  readCountyFacilitiesDocument,
  readCurrentVersion,
  readDatasetMeta,
  readH3DensityDocument,
  readRegionDocument,
  readStateFacilities,
  readStateFacilitiesDocument,
  readStatistics,
  type CachedDocument,
} from '@ust/read-model';
import {
  H3_DENSITY_RESOLUTIONS,
  JobNames,
  JobQueueOf,
  type FacilityListItem,
  type FacilityStatistics,
  type H3DensityDocument,
  type RegionGeometry,
  type RegionProperties,
  type RiskModelId,
} from '@ust/schemas';
import { startWorkers, type WorkersHandle } from '../start-workers.js';
import type { RebuildResult } from './rebuild.js';
import { buildFacilitySummaries } from './facility-summaries.js';
import { dropSummaryVersion } from '../queries/dataset/drop-summary-version.js';
import type { RegionDocument } from './region-documents.js';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';

const log = createLogger('rebuild-dataset-test', { level: 'silent' });
const asOf = new Date('2025-01-01T00:00:00.000Z');
const queue = JobQueueOf[JobNames.rebuildDataset];
const real = 'epa-template/DE/UST/facility.csv';

const facilities = [
  facilityRecord({
    facility_id: 'DE-1',
    state: 'DE',
    name: 'Dover Fuel',
    address: '1 Main St',
    city: 'Dover',
    county: 'Kent',
    zip_code: '19901',
    latitude: 39.158,
    longitude: -75.524,
    fips: '10001',
    mapping_method: 'point in county',
    source: real,
  }),
  facilityRecord({
    facility_id: 'DE-2',
    state: 'DE',
    name: 'Generated Kent Site',
    fips: '10001',
    county: 'Kent',
    mapping_method: 'point in county',
    source: 'generated',
    source_line: 0,
  }),
  facilityRecord({
    facility_id: 'DE-3',
    state: 'DE',
    name: 'Wilmington Depot',
    fips: '10003',
    county: 'New Castle',
    mapping_method: 'county name',
    source: real,
  }),
  facilityRecord({ facility_id: 'DE-4', state: 'DE', name: 'Nowhere Known', source: real }),
  // Sussex holds facilities of two state codes: its list gathers both states' reads.
  facilityRecord({ facility_id: 'DE-5', state: 'DE', name: 'Sussex Site', fips: '10005', source: real }),
  facilityRecord({ facility_id: 'MD-1', state: 'MD', name: 'Across the Line', fips: '10005', source: real }),
];
const tanks = [
  // 30.0 years, protection 100.
  tankRecord({
    tank_id: 'DE-1/1',
    facility_id: 'DE-1',
    state: 'DE',
    tank_status: 'Currently in use',
    installation_date: '1995-01-01',
    capacity_gallons: 10_000,
    tank_wall_type: 'Double wall',
    leak_detection: 'Automatic tank gauging',
    corrosion_protection: 'Sacrificial anode',
    secondary_containment: true,
  }),
  // 19.5 years, protection 30 / 80 = 37.5: DE-1 scores round((100 + 37.5) / 2) = 69.
  tankRecord({
    tank_id: 'DE-1/2',
    facility_id: 'DE-1',
    state: 'DE',
    tank_status: 'Currently in use',
    installation_date: '2005-07-01',
    capacity_gallons: 8_000,
    tank_wall_type: 'Single wall',
    leak_detection: 'Automatic tank gauging',
    secondary_containment: false,
  }),
  tankRecord({
    tank_id: 'DE-1/3',
    facility_id: 'DE-1',
    state: 'DE',
    tank_status: 'Closed',
    installation_date: '1980-03-15',
    capacity_gallons: 4_000,
    tank_wall_type: 'Single wall',
  }),
  // 10.0 years, protection 100.
  tankRecord({
    tank_id: 'DE-2/1',
    facility_id: 'DE-2',
    state: 'DE',
    tank_status: 'Currently in use',
    installation_date: '2015-01-01',
    capacity_gallons: 5_000,
    tank_wall_type: 'Double wall',
    source: 'generated',
  }),
  // No active tank at DE-3: its ages come from this closed one (55.0 years).
  tankRecord({ tank_id: 'DE-3/1', facility_id: 'DE-3', state: 'DE', tank_status: 'Closed', installation_date: '1970-01-01', capacity_gallons: 3_000 }),
];
const releases = [
  releaseRecord({ release_id: 'DE-R1', state: 'DE', facility_id: 'DE-1', fips: '10001', status_class: 'Open', reported_date: '2010-05-01' }),
  releaseRecord({ release_id: 'DE-R2', state: 'DE', facility_id: 'DE-1', fips: '10001', status_class: 'No Further Action', reported_date: '1995-03-01' }),
  releaseRecord({ release_id: 'DE-R3', state: 'DE', facility_id: 'DE-3', fips: '10003', status_class: 'Other', reported_date: '2010-08-20' }),
  releaseRecord({ release_id: 'DE-R4', state: 'DE', fips: '10003', status_class: 'Open' }),
  releaseRecord({ release_id: 'DE-R5', state: 'DE', fips: '10005', status_class: 'No Further Action', reported_date: '2001-01-01', source: 'generated' }),
];

const expectedStatistics = (version: number): FacilityStatistics => ({
  total_facilities: 6,
  total_tanks: 5,
  active_tanks: 3,
  average_tank_age: 28.6, // (30.002 + 19.505 + 10.002 + 55.002) / 4
  total_leaks: 5,
  facilities_with_leaks: 2,
  // MD-1's state has no release data: its leaks are not reported, so it is no 0 in the rate.
  facilities_with_release_data: 5,
  leak_rate: 40,
  tanks_by_age_band: [
    { band: '0-9', tanks: 0 },
    { band: '10-19', tanks: 2 },
    { band: '20-29', tanks: 0 },
    { band: '30-39', tanks: 1 },
    { band: '40+', tanks: 0 },
  ],
  releases_by_year: [
    { year: 1995, releases: 1 },
    { year: 2001, releases: 1 },
    { year: 2010, releases: 2 },
  ],
  // The six facilities' stored scores (pinned below per facility) fall 2 low, 3 moderate, 1 high.
  facilities_by_risk_band: [
    { band: 'low', facilities: 2 },
    { band: 'moderate', facilities: 3 },
    { band: 'high', facilities: 1 },
  ],
  dataset_version: version,
  generated_at: '2025-01-01T00:00:00.000Z',
  sources: { real_facilities: 5, generated_facilities: 1, real_releases: 4, generated_releases: 1 },
  // Tanks count under their facility's origin, as total_tanks does: DE-2's tank is generated.
  coverage: [
    {
      state: 'DE',
      fips: '10',
      name: 'Delaware',
      coverage: 'partly_real',
      facilities: { real: 4, generated: 1 },
      tanks: { real: 4, generated: 1 },
      releases: { real: 4, generated: 1 },
      sources: [
        { file: real, date: '2025-02-03', date_kind: 'retrieved', tribal: false },
        { file: 'test/release.csv', date: null, date_kind: null, tribal: false },
        { file: 'test/tank.csv', date: null, date_kind: null, tribal: false },
      ],
    },
    {
      state: 'MD',
      fips: '24',
      name: 'Maryland',
      coverage: 'real',
      facilities: { real: 1, generated: 0 },
      tanks: { real: 0, generated: 0 },
      releases: { real: 0, generated: 0 },
      sources: [{ file: real, date: '2025-02-03', date_kind: 'retrieved', tribal: false }],
    },
  ],
});

const kent: RegionProperties = {
  NAME: 'Kent',
  STATE: 'DE',
  state: 'DE',
  COUNTY: 'Kent',
  GEO_ID: '0500000US10001',
  total_facilities: 2,
  facilities_with_leaks: 1,
  leak_rate: 50,
  total_tanks: 4,
  active_tanks: 3,
  avg_tank_age: 19.8, // (30.002 + 19.505 + 10.002) / 3
  max_tank_age: 30,
  avg_protection_score: 84.5, // (69 + 100) / 2
  avg_risk_score: 6, // (9 + 3) / 2: DE-1 scores 9, DE-2 3
  total_capacity: 23_000,
  total_leaks: 2,
  has_facility_data: true,
  has_release_data: true,
  total_releases: 2,
  open_releases: 1,
  closed_releases: 1,
  open_release_rate: 50,
  generated_share: 0.5,
};

const delaware: RegionProperties = {
  NAME: 'Delaware',
  STATE: 'Delaware',
  state: 'DE',
  COUNTY: '',
  GEO_ID: '0400000US10',
  total_facilities: 5,
  facilities_with_leaks: 2,
  leak_rate: 40,
  total_tanks: 5,
  active_tanks: 3,
  avg_tank_age: 28.6,
  max_tank_age: 55,
  avg_protection_score: 84.5,
  avg_risk_score: 5, // (9 + 3 + 3 + 5 + 5) / 5: DE-4 and DE-5 have no tank record, scored as unknown tanks
  total_capacity: 23_000,
  total_leaks: 3,
  has_facility_data: true,
  has_release_data: true,
  total_releases: 5,
  open_releases: 2,
  closed_releases: 2,
  open_release_rate: 40,
  generated_share: 0.2,
};

const doverFuel: FacilityListItem = {
  Facility_ID: 'DE-1',
  Name: 'Dover Fuel',
  Address: '1 Main St',
  City: 'Dover',
  County: 'Kent',
  State: 'DE',
  Zip_Code: '19901',
  Latitude: 39.158,
  Longitude: -75.524,
  LOCATED_BY: 'coordinates',
  FIPS: '10001',
  MAPPING_METHOD: 'point in county',
  HAS_LEAK: true,
  leak_data: 'reported',
  TOTAL_TANK_COUNT: 3,
  ACTIVE_TANK_COUNT: 2,
  AVG_TANK_AGE: 24.8,
  MAX_TANK_AGE: 30,
  PROTECTION_SCORE: 69,
  TOTAL_LEAK_COUNT: 2,
  TOTAL_CAPACITY: 18_000,
  RISK_SCORE: 9,
  source: real,
  is_generated: false,
};

const generatedKentSite: FacilityListItem = {
  Facility_ID: 'DE-2',
  Name: 'Generated Kent Site',
  Address: null,
  City: null,
  County: 'Kent',
  State: 'DE',
  Zip_Code: null,
  Latitude: null,
  Longitude: null,
  LOCATED_BY: null,
  FIPS: '10001',
  MAPPING_METHOD: 'point in county',
  HAS_LEAK: false,
  leak_data: 'reported',
  TOTAL_TANK_COUNT: 1,
  ACTIVE_TANK_COUNT: 1,
  AVG_TANK_AGE: 10,
  MAX_TANK_AGE: 10,
  PROTECTION_SCORE: 100,
  TOTAL_LEAK_COUNT: 0,
  TOTAL_CAPACITY: 5_000,
  RISK_SCORE: 3,
  source: 'generated',
  is_generated: true,
};

let directory: string;
let store: AnalyticsStore;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'ust-rebuild-'));
  store = await createChdbStore({ path: directory, database: 'rebuild_test' });
  await applyMigrations(store, migrationsDirectory);
  await store.insert('facilities', facilities);
  await store.insert('tanks', tanks);
  await store.insert('releases', releases);
});

afterAll(async () => {
  await store?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/**
 * Starts every processor on `cache`; `run` enqueues rebuilds and waits for them. The figures
 * below were worked out with risk-v1's points (docs/risk-model.md), so these workers score with
 * it unless a test names another model.
 */
async function withWorkers(
  cache: Cache,
  test: (run: (jobId: string, data?: unknown) => Promise<RebuildResult>, jobs: JobQueue, workers: WorkersHandle) => Promise<void>,
  riskModel: RiskModelId = 'risk-v1',
  workersLog = log,
) {
  const jobs = createInProcessJobQueue({ logger: log });
  const events = createInProcessEventLog();
  const workers = await startWorkers({ store, cache, jobs, events, log: workersLog, now: () => asOf, config: { RISK_MODEL: riskModel } });
  const run = async (jobId: string, data: unknown = { import_id: 'test-import' }) => {
    await jobs.enqueue(queue, JobNames.rebuildDataset, data, { jobId });
    const state = await jobs.waitUntilSettled(queue, jobId, 60_000);
    if (state.status !== 'completed') throw new Error(`rebuild ${jobId} ${state.status}: ${state.failedReason}`);
    return state.returnValue as RebuildResult;
  };
  try {
    await test(run, jobs, workers);
    // Also exercise the failure path on this queue: bad data fails at once, without retries.
    await jobs.enqueue(queue, JobNames.rebuildDataset, { import_id: 42 }, { jobId: 'bad-data' });
    const bad = await jobs.waitUntilSettled(queue, 'bad-data', 10_000);
    expect(bad).toMatchObject({ status: 'failed', attemptsMade: 1, failedReason: 'rebuild-dataset import_id must be a non-empty string, got 42' });
  } finally {
    await workers.close();
    await jobs.close();
    await events.close();
  }
}

async function readDocument(
  cache: Cache,
  level: 'states' | 'counties',
  geometry: RegionGeometry = 'full',
): Promise<{ document: RegionDocument; etag: string; bytes: Buffer; gzipBytes: number }> {
  const cached = await readRegionDocument(cache, level, geometry);
  if (!cached) throw new Error(`no ${level} document`);
  const bytes = gunzipSync(cached.gzip);
  return { document: JSON.parse(bytes.toString('utf8')) as RegionDocument, etag: cached.etag, bytes, gzipBytes: cached.gzip.length };
}

/** The stored JSON text, after checking that the ETag names exactly those bytes. */
function storedJson(cached: CachedDocument | null): string {
  if (!cached) throw new Error('no stored body');
  const bytes = gunzipSync(cached.gzip);
  expect(cached.etag).toBe(`"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`);
  return bytes.toString('utf8');
}

const propertiesOf = (document: RegionDocument, fips: string) => document.features.find((feature) => feature.id === fips)?.properties;

describe('rebuild-dataset', () => {
  it('builds summaries, aggregates, statistics, lists and documents, then switches dataset:current', async () => {
    const cache = createMemoryCache();
    await withWorkers(cache, async (run, jobs) => {
      expect(await readCurrentVersion(cache)).toBeNull();
      const first = await run('rebuild-after-test-import-1');
      expect(first).toMatchObject({ version: 1, previousVersion: null, superseded: false, importId: 'test-import', facilities: 6, tanks: 5, releases: 5 });
      expect(await cache.get(DATASET_POINTER_KEY)).toBe('1');

      expect(await readStatistics(cache)).toEqual(expectedStatistics(1));

      // Each summary row holds the facility's risk score, as the model scores its records.
      const scored = await store.query<{ facility_id: string; calculated_risk_score: number }>(
        'SELECT facility_id, calculated_risk_score FROM facility_summary FINAL WHERE dataset_version = 1 ORDER BY facility_id',
      );
      expect(scored.map((row) => [row.facility_id, row.calculated_risk_score])).toEqual([
        ['DE-1', 9],
        ['DE-2', 3],
        ['DE-3', 3],
        ['DE-4', 5],
        ['DE-5', 5],
        ['MD-1', 5],
      ]);
      const of = (id: string) => ({
        tanks: tanks.filter((tank) => tank.facility_id === id),
        releases: releases.filter((release) => release.facility_id === id),
        receptors: facilities.find((facility) => facility.facility_id === id)!,
        asOf,
      });
      expect(scored.map((row) => calculateRiskScore(of(row.facility_id), RISK_MODEL_V1).score)).toEqual(scored.map((row) => row.calculated_risk_score));
      // The assessment is computed when asked for (GET /api/facilities/{id}), not stored with the summary.
      const columns = await store.query<{ name: string }>("SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'facility_summary'");
      expect(columns.map((column) => column.name)).not.toContain('risk_factors');

      const counties = await readDocument(cache, 'counties');
      expect(counties.document.features.map((feature) => feature.id)).toEqual(loadRegionShapes('counties').map((shape) => shape.fips));
      expect(counties.document.metadata).toEqual({
        dataset_version: 1,
        generated_at: '2025-01-01T00:00:00.000Z',
        level: 'counties',
        feature_count: 3231,
        sources: expectedStatistics(1).sources,
        coordinate_decimals: 3,
      });
      expect(propertiesOf(counties.document, '10001')).toEqual(kent);
      expect(propertiesOf(counties.document, '10003')).toMatchObject({
        NAME: 'New Castle',
        total_facilities: 1,
        facilities_with_leaks: 1,
        leak_rate: 100,
        total_tanks: 1,
        active_tanks: 0,
        avg_tank_age: 55,
        max_tank_age: 55,
        avg_protection_score: null,
        total_capacity: 0,
        total_leaks: 1,
        total_releases: 2,
        open_releases: 1,
        closed_releases: 0,
        open_release_rate: 50,
        generated_share: 0,
      });
      // Sussex has two facilities without tanks and a release none of them owns.
      expect(propertiesOf(counties.document, '10005')).toMatchObject({
        total_facilities: 2,
        total_tanks: 0,
        leak_rate: 0,
        avg_tank_age: null,
        has_facility_data: true,
        has_release_data: true,
        total_releases: 1,
        closed_releases: 1,
        open_release_rate: 0,
      });
      // Autauga (Alabama) has nothing and still appears.
      expect(propertiesOf(counties.document, '01001')).toMatchObject({
        NAME: 'Autauga',
        STATE: 'AL',
        total_facilities: 0,
        has_facility_data: false,
        has_release_data: false,
        total_releases: null,
        leak_rate: null,
      });
      // The ETag names the exact JSON that the gzip bytes decode to.
      expect(counties.etag).toBe(`"${createHash('sha256').update(counties.bytes).digest('base64url').slice(0, 32)}"`);

      const states = await readDocument(cache, 'states');
      expect(states.document.features).toHaveLength(56);
      expect(propertiesOf(states.document, '10')).toEqual(delaware);
      expect(propertiesOf(states.document, '50')).toMatchObject({ NAME: 'Vermont', state: 'VT', has_facility_data: false, total_facilities: 0 });
      expect(propertiesOf(states.document, '24')).toMatchObject({
        NAME: 'Maryland',
        state: 'MD',
        has_facility_data: true,
        total_facilities: 1,
        has_release_data: false,
        facilities_with_leaks: null,
        leak_rate: null,
        total_releases: null,
      });

      // The geometry-free variants: the same ids, properties and metadata with geometry null,
      // under their own ETag (of their own JSON), their sizes in the result.
      for (const [level, full] of [
        ['states', states],
        ['counties', counties],
      ] as const) {
        const none = await readDocument(cache, level, 'none');
        expect(none.document).toEqual({ ...full.document, features: full.document.features.map((feature) => ({ ...feature, geometry: null })) });
        expect(none.etag).toBe(`"${createHash('sha256').update(none.bytes).digest('base64url').slice(0, 32)}"`);
        expect(none.etag).not.toBe(full.etag);
        expect(first.documents[level]).toEqual({
          rawBytes: full.bytes.length,
          gzipBytes: full.gzipBytes,
          etag: full.etag,
          withoutGeometry: { rawBytes: none.bytes.length, gzipBytes: none.gzipBytes, etag: none.etag },
        });
        expect(none.gzipBytes).toBeLessThan(full.gzipBytes / 2);
      }

      // The density layer counts the one located facility (Dover Fuel) in its cell at every
      // resolution; the five without coordinates are not counted.
      const [located] = await store.query<{ facilities: number }>(
        'SELECT toUInt32(count()) AS facilities FROM facility_summary FINAL WHERE dataset_version = {v:UInt32} AND latitude IS NOT NULL AND longitude IS NOT NULL',
        { v: 1 },
      );
      expect(located?.facilities).toBe(1);
      expect(first.density.facilities).toBe(1);
      for (const resolution of H3_DENSITY_RESOLUTIONS) {
        const cached = await readH3DensityDocument(cache, resolution);
        const density = JSON.parse(storedJson(cached)) as H3DensityDocument;
        const cell = densityCellOf(39.158, -75.524, resolution);
        const [latitude, longitude] = cellCentre(cell);
        expect(density).toEqual({
          dataset_version: 1,
          generated_at: '2025-01-01T00:00:00.000Z',
          resolution,
          cell_count: 1,
          facility_count: 1,
          max_count: 1,
          cells: [[cell, Math.round(longitude * 1e5) / 1e5, Math.round(latitude * 1e5) / 1e5, 1]],
        });
        expect(first.density.resolutions[resolution]).toMatchObject({ cells: 1, maxCount: 1, gzipBytes: cached!.gzip.length, etag: cached!.etag });
      }

      const kentList = await readCountyFacilities(cache, '10001');
      expect(kentList).toEqual({ version: 1, fips: '10001', county: 'Kent', state: 'DE', total: 2, facilities: [doverFuel, generatedKentSite] });
      const sussex = await readCountyFacilities(cache, '10005');
      expect(sussex).toMatchObject({ version: 1, fips: '10005', county: 'Sussex', state: 'DE', total: 2 });
      expect(sussex?.facilities.map((item) => [item.Facility_ID, item.State])).toEqual([
        ['DE-5', 'DE'],
        ['MD-1', 'MD'],
      ]);
      expect(await readCountyFacilities(cache, '01001')).toEqual({ version: 1, fips: '01001', county: 'Autauga', state: 'AL', total: 0, facilities: [] });
      expect(await readCountyFacilities(cache, '99999')).toBeNull();

      // The API's response bodies, stored whole: the keys and their order are the response
      // schema's (facilities, county, state, fips, total, dataset_version), item keys too.
      const kentBody = storedJson(await readCountyFacilitiesDocument(cache, '10001'));
      expect(kentBody).toBe(
        JSON.stringify({ facilities: [doverFuel, generatedKentSite], county: 'Kent', state: 'DE', fips: '10001', total: 2, dataset_version: 1 }),
      );
      expect(storedJson(await readCountyFacilitiesDocument(cache, '01001'))).toBe(
        '{"facilities":[],"county":"Autauga","state":"AL","fips":"01001","total":0,"dataset_version":1}',
      );
      expect(await readCountyFacilitiesDocument(cache, '99999')).toBeNull();
      const delawareBody = JSON.parse(storedJson(await readStateFacilitiesDocument(cache, 'DE')));
      expect(Object.keys(delawareBody)).toEqual(['facilities', 'state', 'name', 'total', 'dataset_version']);
      expect(delawareBody).toMatchObject({ state: 'DE', name: 'Delaware', total: 5, dataset_version: 1 });
      expect(delawareBody.facilities.slice(0, 2)).toEqual([doverFuel, generatedKentSite]);
      expect(delawareBody.facilities.map((item: FacilityListItem) => item.Facility_ID)).toEqual(['DE-1', 'DE-2', 'DE-3', 'DE-4', 'DE-5']);
      expect(storedJson(await readStateFacilitiesDocument(cache, 'VT'))).toBe('{"facilities":[],"state":"VT","name":"Vermont","total":0,"dataset_version":1}');
      expect(await readStateFacilitiesDocument(cache, 'ZZ')).toBeNull();
      // Per state: meta, default body and its ETag (DE and MD add a chunk each); per county: body and ETag.
      const stateCount = Object.keys(STATE_CODES).length;
      expect(first.lists.keys).toBe(3 * stateCount + 2 + 2 * 3231);
      const countyBodies = await cache.getBuffers(loadRegionShapes('counties').map((shape) => datasetKeys.countyFacilities(1, shape.fips)));
      expect(first.lists.bytes.countyBodies).toBe(countyBodies.reduce((sum, bytes) => sum + (bytes?.length ?? 0), 0));

      const delawareList = await readStateFacilities(cache, 'DE', 50);
      expect(delawareList?.total).toBe(5);
      expect(delawareList?.facilities.map((item) => item.Facility_ID)).toEqual(['DE-1', 'DE-2', 'DE-3', 'DE-4', 'DE-5']);
      expect(delawareList?.facilities[3]).toMatchObject({
        FIPS: null,
        County: null,
        TOTAL_TANK_COUNT: 0,
        AVG_TANK_AGE: null,
        PROTECTION_SCORE: null,
        HAS_LEAK: false,
        leak_data: 'reported',
      });
      expect(await readStateFacilities(cache, 'DE', 2)).toMatchObject({ total: 5, facilities: [doverFuel, generatedKentSite] });
      expect((await readStateFacilities(cache, 'MD', 50))?.facilities.map((item) => item.Facility_ID)).toEqual(['MD-1']);
      expect(await readStateFacilities(cache, 'VT', 50)).toEqual({ version: 1, state: 'VT', name: 'Vermont', total: 0, facilities: [] });

      // A new job id builds version 2 from the same data.
      const second = await run('rebuild-after-test-import-2');
      expect(second).toMatchObject({ version: 2, previousVersion: 1 });
      expect(await cache.get(DATASET_POINTER_KEY)).toBe('2');
      expect(await readStatistics(cache)).toEqual(expectedStatistics(2));
      // Identical data gives identical features; metadata (version) differs, and so does the ETag.
      const again = await readDocument(cache, 'counties');
      expect(again.document.features).toEqual(counties.document.features);
      expect(again.document.metadata.dataset_version).toBe(2);
      expect(again.etag).not.toBe(counties.etag);
      const kentAgain = await readCountyFacilitiesDocument(cache, '10001');
      expect(kentAgain?.version).toBe(2);
      expect(storedJson(kentAgain)).toBe(kentBody.replace('"dataset_version":1', '"dataset_version":2'));
      // The previous version stays readable until a later prune.
      expect(await cache.get(datasetKeys.statistics(1))).not.toBeNull();
      expect((await readH3DensityDocument(cache, 5))?.version).toBe(2);

      // Version 3 goes live and its prune removes every key of version 1, the density and
      // geometry-free documents included (prune-dataset-versions deletes by the `v1:` prefix).
      const v1Keys = [
        ...H3_DENSITY_RESOLUTIONS.flatMap((resolution) => [datasetKeys.h3Density(1, resolution), datasetKeys.h3DensityEtag(1, resolution)]),
        ...(['states', 'counties'] as const).flatMap((level) => [
          datasetKeys.regionDocument(1, level, 'none'),
          datasetKeys.regionDocumentEtag(1, level, 'none'),
        ]),
      ];
      expect((await cache.getBuffers(v1Keys)).every((bytes) => bytes !== null)).toBe(true);
      expect(await run('rebuild-after-test-import-3')).toMatchObject({ version: 3, previousVersion: 2 });
      const pruned = await jobs.waitUntilSettled(JobQueueOf[JobNames.pruneDatasetVersions], 'prune-after-v3', 10_000);
      expect(pruned).toMatchObject({ status: 'completed', returnValue: { currentVersion: 3, deletedVersions: [1] } });
      expect(await cache.getBuffers(v1Keys)).toEqual(v1Keys.map(() => null));
      expect(await cache.keys('v1:')).toEqual([]);
      expect(await cache.get(datasetKeys.h3Density(2, 7))).not.toBeNull();
    });
  });

  it('derives the same summaries whatever the page size (each page read while the one before is derived)', async () => {
    const summaryRows = async (version: number) =>
      await store.query<Record<string, unknown>>(
        'SELECT * EXCEPT (dataset_version) FROM facility_summary FINAL WHERE dataset_version = {v:UInt32} ORDER BY facility_id',
        { v: version },
      );
    const versions = { whole: 9_001, twos: 9_002, fours: 9_003 };
    try {
      const tallies = [
        await buildFacilitySummaries(store, { version: versions.whole, asOf, builtAt: asOf, riskModel: DEFAULT_RISK_MODEL }),
        // 6 facilities: three full pages and an empty read; then a full page and a short one.
        await buildFacilitySummaries(store, { version: versions.twos, asOf, builtAt: asOf, riskModel: DEFAULT_RISK_MODEL, pageSize: 2 }),
        await buildFacilitySummaries(store, { version: versions.fours, asOf, builtAt: asOf, riskModel: DEFAULT_RISK_MODEL, pageSize: 4 }),
      ];
      expect(tallies[0]).toMatchObject({ facilities: 6, tanks: 5 });
      expect(tallies[1]).toEqual(tallies[0]);
      expect(tallies[2]).toEqual(tallies[0]);
      const whole = await summaryRows(versions.whole);
      expect(whole).toHaveLength(6);
      expect(await summaryRows(versions.twos)).toEqual(whole);
      expect(await summaryRows(versions.fours)).toEqual(whole);
    } finally {
      for (const version of Object.values(versions)) await dropSummaryVersion(store, version);
    }
  });

  it('does not run a job id twice', async () => {
    const cache = createMemoryCache();
    const jobs = createInProcessJobQueue({ logger: log });
    const events = createInProcessEventLog();
    const workers = await startWorkers({ store, cache, jobs, events, log, now: () => asOf });
    try {
      expect(await jobs.enqueue(queue, JobNames.rebuildDataset, { import_id: 'a' }, { jobId: 'same' })).toMatchObject({ added: true });
      const done = await jobs.waitUntilSettled(queue, 'same', 60_000);
      expect(await jobs.enqueue(queue, JobNames.rebuildDataset, { import_id: 'a' }, { jobId: 'same' })).toMatchObject({ added: false });
      await jobs.waitUntilSettled(queue, 'same', 60_000);
      const { version } = done.returnValue as RebuildResult;
      expect(await readCurrentVersion(cache)).toBe(version);
      expect(await store.query('SELECT dataset_version FROM dataset_builds FINAL WHERE import_id = {id:String}', { id: 'a' })).toEqual([
        { dataset_version: version },
      ]);
    } finally {
      await workers.close();
      await jobs.close();
      await events.close();
    }
  });

  it('scores with the configured model and records it in the build; workers started with another rescore the live build', async () => {
    const cache = createMemoryCache();
    const storedScores = async (version: number) =>
      (
        await store.query<{ facility_id: string; calculated_risk_score: number }>(
          'SELECT facility_id, calculated_risk_score FROM facility_summary FINAL WHERE dataset_version = {v:UInt32} ORDER BY facility_id',
          { v: version },
        )
      ).map((row) => [row.facility_id, row.calculated_risk_score]);
    const scoresBy = (model: typeof RISK_MODEL_V1 | typeof RISK_MODEL_V2) =>
      [...new Set(facilities.map((facility) => facility.facility_id))].sort().map((id) => [
        id,
        calculateRiskScore(
          {
            tanks: tanks.filter((tank) => tank.facility_id === id),
            releases: releases.filter((release) => release.facility_id === id),
            receptors: facilities.find((facility) => facility.facility_id === id)!,
            asOf,
          },
          model,
        ).score,
      ]);
    // The two models disagree on these facilities, so the stored scores say which one scored them.
    expect(scoresBy(RISK_MODEL_V1)).not.toEqual(scoresBy(RISK_MODEL_V2));
    let v1Version = 0;
    await withWorkers(cache, async (run, _jobs, workers) => {
      expect(await workers.rescored).toBeNull();
      v1Version = (await run('rebuild-scored-with-risk-v1')).version;
      expect(await readDatasetMeta(cache)).toMatchObject({ dataset_version: v1Version, risk_model: 'risk-v1' });
      expect(await storedScores(v1Version)).toEqual(scoresBy(RISK_MODEL_V1));
    });
    // The same data, workers started with RISK_MODEL=risk-v2: they rebuild the live build at once, and only once.
    await withWorkers(
      cache,
      async (_run, jobs, workers) => {
        const id = await workers.rescored;
        expect(id).toBe(`rescore-v${v1Version}-risk-v2`);
        expect(await jobs.waitUntilSettled(queue, id!, 60_000)).toMatchObject({ status: 'completed' });
        const meta = await readDatasetMeta(cache);
        expect(meta).toMatchObject({ risk_model: 'risk-v2' });
        expect(meta!.dataset_version).toBeGreaterThan(v1Version);
        expect(await storedScores(meta!.dataset_version)).toEqual(scoresBy(RISK_MODEL_V2));
      },
      'risk-v2',
    );
    await withWorkers(cache, async (_run, _jobs, workers) => expect(await workers.rescored).toBeNull(), 'risk-v2');
  });

  it('builds the same documents on a worker thread of its own on the embedded LMDB cache, chDB staying on this one', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-rebuild-lmdb-'));
    const root = createLmdbCache({ path: directory });
    const cache = root.withPrefix('test:');
    const lines: Array<Record<string, unknown>> = [];
    const captured = createLogger('rebuild-thread-test', { level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      await withWorkers(
        cache,
        async (run, jobs) => {
          const { version } = await run('rebuild-on-lmdb');
          expect(await readCurrentVersion(cache)).toBe(version);
          expect(await readStatistics(cache)).toEqual(expectedStatistics(version));
          expect(propertiesOf((await readDocument(cache, 'counties')).document, '10001')).toEqual(kent);
          expect(propertiesOf((await readDocument(cache, 'states')).document, '10')).toEqual(delaware);
          expect((await readCountyFacilities(cache, '10001'))?.facilities).toEqual([doverFuel, generatedKentSite]);
          expect((await readStateFacilities(cache, 'DE', 1))?.facilities).toEqual([doverFuel]);
          // The view's prefix held: nothing was written outside it.
          expect((await root.keys('')).every((key) => key.startsWith('test:'))).toBe(true);
          const [build] = await store.query('SELECT job_id, facilities FROM dataset_builds FINAL WHERE dataset_version = {v:UInt32}', { v: version });
          expect(build).toEqual({ job_id: 'rebuild-on-lmdb', facilities: 6 });

          // Two more versions: the third's prune deletes the first, on the thread too, and records
          // the bound the next prune starts from.
          const second = await run('rebuild-on-lmdb-2');
          const third = await run('rebuild-on-lmdb-3');
          // Either prune may be the one that finds version 1 gone live twice over: the maintenance queue runs apart from the rebuilds.
          const pruned = await Promise.all(
            [second, third].map(({ version: after }) => jobs.waitUntilSettled(JobQueueOf[JobNames.pruneDatasetVersions], `prune-after-v${after}`, 30_000)),
          );
          expect(pruned.map((job) => job.status)).toEqual(['completed', 'completed']);
          expect(pruned.flatMap((job) => (job.returnValue as { deletedVersions: number[] }).deletedVersions)).toEqual([version]);
          expect(await cache.keys(`v${version}:`)).toEqual([]);
          expect(await cache.get(datasetKeys.statistics(version + 1))).not.toBeNull();
          expect(await cache.get(PRUNED_BELOW_KEY)).toBe(String(third.version - 1));
        },
        'risk-v1',
        captured,
      );
      // Any prune line that reached this logger came from the thread (lines cross its port after the jobs' results, if at all before it closes).
      const prunes = lines.filter((line) => String(line['msg']).startsWith('pruned old dataset versions'));
      expect(prunes.every((line) => typeof line['thread'] === 'number' && line['thread'] !== threadId)).toBe(true);
      // Every step ran on the rebuild's thread, and its log lines reached this thread's logger.
      const steps = lines.filter((line) => typeof line['step'] === 'string');
      expect(steps.map((line) => line['step'])).toEqual(expect.arrayContaining(['facility summaries', 'search indexes', 'switch version']));
      expect(steps.every((line) => typeof line['thread'] === 'number' && line['thread'] !== threadId)).toBe(true);
      expect(steps.every((line) => line['service'] === 'rebuild-thread-test')).toBe(true);
      // Each step names the CPU of the thread it ran on: one thread's, so never more than the step's seconds (rounding aside).
      expect(steps.every((line) => typeof line['thread_cpu_s'] === 'number' && line['thread_cpu_s'] >= 0)).toBe(true);
      for (const line of steps) expect(line['thread_cpu_s'] as number).toBeLessThanOrEqual((line['seconds'] as number) + 0.002);
    } finally {
      await root.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('builds the same documents in Redis, and keeps two summary versions in ClickHouse', async () => {
    const root = createRedisCache({ url: inject('redisUrl') });
    const cache = root.withPrefix(`test:rebuild:${randomUUID()}:`);
    try {
      let version = 0;
      await withWorkers(cache, async (run) => {
        // A fresh cache has no pointer: versions continue above those ClickHouse already has.
        const [latest] = await store.query<{ v: number }>('SELECT max(dataset_version) AS v FROM dataset_builds');
        version = (await run('rebuild-in-redis')).version;
        expect(version).toBe((latest?.v ?? 0) + 1);
        expect(await readCurrentVersion(cache)).toBe(version);
        expect(await readStatistics(cache)).toEqual(expectedStatistics(version));
        expect(propertiesOf((await readDocument(cache, 'counties')).document, '10001')).toEqual(kent);
        expect(propertiesOf((await readDocument(cache, 'states')).document, '10')).toEqual(delaware);
        expect(propertiesOf((await readDocument(cache, 'counties', 'none')).document, '10001')).toEqual(kent);
        expect(JSON.parse(storedJson(await readH3DensityDocument(cache, 7)))).toMatchObject({
          dataset_version: version,
          resolution: 7,
          facility_count: 1,
          cell_count: 1,
        });
        expect((await readCountyFacilities(cache, '10001'))?.facilities).toEqual([doverFuel, generatedKentSite]);
        expect(JSON.parse(storedJson(await readCountyFacilitiesDocument(cache, '10001')))).toMatchObject({ fips: '10001', total: 2, dataset_version: version });
        expect(JSON.parse(storedJson(await readStateFacilitiesDocument(cache, 'DE')))).toMatchObject({ state: 'DE', total: 5, dataset_version: version });
        expect((await readStateFacilities(cache, 'DE', 1))?.facilities).toEqual([doverFuel]);
      });
      const versions = await store.query<{ v: number }>('SELECT DISTINCT dataset_version AS v FROM facility_summary ORDER BY v');
      expect(versions.map((row) => row.v)).toEqual(version > 1 ? [version - 1, version] : [version]);
      const [build] = await store.query('SELECT import_id, job_id, facilities, tanks, releases FROM dataset_builds FINAL WHERE dataset_version = {v:UInt32}', {
        v: version,
      });
      expect(build).toEqual({ import_id: 'test-import', job_id: 'rebuild-in-redis', facilities: 6, tanks: 5, releases: 5 });
    } finally {
      await cache.deleteByPrefix('');
      await root.close();
    }
  });
});
