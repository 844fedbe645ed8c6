/**
 * A rebuild after an import of some states derives only those states and copies the others
 * (rebuild-plan.ts): real chDB, the embedded LMDB cache and the rebuild's own thread, as the
 * embedded platform runs them. The version it builds must equal, byte for byte, a full rebuild
 * of the same records at the same clock, build stamps (version numbers, generated_at) aside.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLmdbCache,
  createLogger,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
} from '@ust/platform';
import { decodeSearchTile, SEARCH_TILE_RESOLUTION } from '@ust/domain';
import { datasetKeys, datasetVersionPrefix, itemsKeyOf, readDatasetMeta, SEARCH_ITEMS_PREFIX, searchKeys } from '@ust/read-model';
import { JobNames, JobQueueOf } from '@ust/schemas';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { startWorkers, type WorkersHandle } from '../start-workers.js';
import type { RebuildResult } from './rebuild.js';

const log = createLogger('rebuild-states-test', { level: 'silent' });
const asOf = new Date('2025-01-10T00:00:00.000Z');
const queue = JobQueueOf[JobNames.rebuildDataset];
const ALL_TABLES = ['facilities', 'tanks', 'releases'];

/**
 * Facilities and releases of three states packed around the point where Delaware, Maryland and
 * Pennsylvania meet (about ten per square mile): many search cells straddle tiles, so a tile
 * derived again needs records of cells it shares with tiles that were not.
 */
function crowdNearTheLine(prefix: string, count: number, seed: number) {
  let state = seed;
  const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  const states = ['DE', 'MD', 'PA'];
  const facilities = Array.from({ length: count }, (_, index) =>
    facilityRecord({
      facility_id: `${states[index % 3]}-${prefix}${index}`,
      state: states[index % 3]!,
      name: `Crowd ${prefix}${index}`,
      address: `${100 + index} Line Rd`,
      city: 'Newark',
      zip_code: '19711',
      latitude: 39.72 + (random() - 0.5) * 0.6,
      longitude: -75.79 + (random() - 0.5) * 0.6,
    }),
  );
  const releases = facilities
    .filter((_, index) => index % 4 === 0)
    .map((facility) =>
      releaseRecord({
        release_id: `R-${facility.facility_id}`,
        state: facility.state,
        facility_id: facility.facility_id,
        status_class: 'Open',
        reported_date: '2019-04-01',
        latitude: facility.latitude,
        longitude: facility.longitude,
      }),
    );
  return { facilities, releases };
}
const crowd = crowdNearTheLine('c', 450, 7);
// Maryland's crowd again: every third one moved, and some new.
const crowdAgain = crowdNearTheLine('c', 450, 8);
const marylandMoved = crowdAgain.facilities.filter((facility, index) => facility.state === 'MD' && index % 9 === 1);
const marylandNew = crowdNearTheLine('n', 60, 9).facilities.filter((facility) => facility.state === 'MD');

const firstImport = {
  facilities: [
    ...crowd.facilities,
    facilityRecord({
      facility_id: 'DE-1',
      state: 'DE',
      name: 'Dover Fuel',
      fips: '10001',
      county: 'Kent',
      latitude: 39.158,
      longitude: -75.524,
      zip_code: '19901',
    }),
    facilityRecord({ facility_id: 'DE-2', state: 'DE', name: 'Kent Depot', fips: '10001', county: 'Kent', latitude: 39.16, longitude: -75.53 }),
    // Sussex holds facilities of both states: its list changes with either state's.
    facilityRecord({ facility_id: 'DE-5', state: 'DE', name: 'Sussex Site', fips: '10005', latitude: 38.69, longitude: -75.39 }),
    facilityRecord({
      facility_id: 'MD-1',
      state: 'MD',
      name: 'Across the Line',
      fips: '10005',
      address: '1 Main St',
      city: 'Delmar',
      zip_code: '21875',
      latitude: 38.46,
      longitude: -75.6,
    }),
    facilityRecord({
      facility_id: 'MD-2',
      state: 'MD',
      name: 'Annapolis Fuel',
      fips: '24003',
      county: 'Anne Arundel',
      address: 'Bay Road',
      city: 'Annapolis',
      latitude: 38.97,
      longitude: -76.49,
    }),
    // Far from Maryland: its search cell and tile are copied.
    facilityRecord({
      facility_id: 'CA-1',
      state: 'CA',
      name: 'Fresno Fuel',
      fips: '06019',
      county: 'Fresno',
      address: '200 Main St',
      city: 'Fresno',
      zip_code: '93721',
      latitude: 36.74,
      longitude: -119.79,
    }),
  ],
  tanks: [
    ...crowd.facilities.map((facility, index) =>
      tankRecord({
        tank_id: `${facility.facility_id}/1`,
        facility_id: facility.facility_id,
        state: facility.state,
        tank_status: 'Currently in use',
        installation_date: `${1970 + (index % 50)}-01-01`,
      }),
    ),
    tankRecord({
      tank_id: 'DE-1/1',
      facility_id: 'DE-1',
      state: 'DE',
      tank_status: 'Currently in use',
      installation_date: '1995-01-01',
      capacity_gallons: 10_000,
    }),
    tankRecord({
      tank_id: 'MD-1/1',
      facility_id: 'MD-1',
      state: 'MD',
      tank_status: 'Currently in use',
      installation_date: '2001-06-01',
      capacity_gallons: 6_000,
    }),
  ],
  releases: [
    ...crowd.releases,
    releaseRecord({
      release_id: 'CA-R1',
      state: 'CA',
      facility_id: 'CA-1',
      fips: '06019',
      status_class: 'Open',
      reported_date: '2012-02-01',
      latitude: 36.74,
      longitude: -119.79,
    }),
    releaseRecord({
      release_id: 'DE-R1',
      state: 'DE',
      facility_id: 'DE-1',
      fips: '10001',
      status_class: 'Open',
      reported_date: '2010-05-01',
      latitude: 39.158,
      longitude: -75.524,
    }),
    releaseRecord({
      release_id: 'MD-R1',
      state: 'MD',
      facility_id: 'MD-2',
      fips: '24003',
      status_class: 'Open',
      reported_date: '2015-02-01',
      latitude: 38.97,
      longitude: -76.49,
    }),
  ],
};
// Maryland again: a new facility in a county that had none, one moved across the bay, a tank
// and a release more at MD-1.
const marylandAgain = {
  facilities: [
    ...marylandMoved,
    ...marylandNew,
    facilityRecord({
      facility_id: 'MD-2',
      state: 'MD',
      name: 'Annapolis Fuel',
      fips: '24003',
      county: 'Anne Arundel',
      address: '9 Bay Road',
      city: 'Stevensville',
      latitude: 38.98,
      longitude: -76.31,
    }),
    facilityRecord({
      facility_id: 'MD-3',
      state: 'MD',
      name: 'Easton Gas',
      fips: '24041',
      county: 'Talbot',
      address: '1 Main St',
      city: 'Easton',
      zip_code: '21601',
      latitude: 38.77,
      longitude: -76.07,
    }),
  ],
  tanks: [
    tankRecord({
      tank_id: 'MD-1/2',
      facility_id: 'MD-1',
      state: 'MD',
      tank_status: 'Currently in use',
      installation_date: '1985-03-01',
      capacity_gallons: 4_000,
    }),
  ],
  releases: [
    releaseRecord({
      release_id: 'MD-R2',
      state: 'MD',
      facility_id: 'MD-1',
      fips: '10005',
      status_class: 'Open',
      reported_date: '2024-11-01',
      latitude: 38.46,
      longitude: -75.6,
    }),
  ],
};

let directory: string;
let store: AnalyticsStore;
let root: ReturnType<typeof createLmdbCache>;
let cache: Cache;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'ust-rebuild-states-'));
  store = await createChdbStore({ path: path.join(directory, 'chdb'), database: 'rebuild_states_test' });
  await applyMigrations(store, migrationsDirectory);
  root = createLmdbCache({ path: path.join(directory, 'cache') });
  cache = root.withPrefix('test:');
});

afterAll(async () => {
  await root?.close();
  await store?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** Writes the records as live and records their import as committed, as ingest does. */
async function commitImport(importId: string, committedAt: string, tablesByState: Record<string, string[]>, records: typeof firstImport): Promise<void> {
  const provenance = { import_id: importId, version: Date.parse(committedAt) };
  await store.insert(
    'facilities',
    records.facilities.map((row) => ({ ...row, ...provenance })),
  );
  await store.insert(
    'tanks',
    records.tanks.map((row) => ({ ...row, ...provenance })),
  );
  await store.insert(
    'releases',
    records.releases.map((row) => ({ ...row, ...provenance })),
  );
  await store.insert('imports', [
    {
      import_id: importId,
      version: Date.parse(committedAt),
      sources: ['test/facility.csv'],
      facilities: records.facilities.length,
      tanks: records.tanks.length,
      releases: records.releases.length,
      rejects: 0,
      rejects_by_reason: {},
      tables_by_state: tablesByState,
      warnings_by_reason: {},
      started_at: committedAt,
      committed_at: committedAt,
      status: 'committed',
      failure: null,
      updated: Date.parse(committedAt),
    },
  ]);
}

/** Every key of a version without its `v{n}:` prefix, with its value. */
async function versionEntries(version: number): Promise<Map<string, Buffer>> {
  const prefix = datasetVersionPrefix(version);
  const keys = (await cache.keys(prefix)).sort();
  const values = await cache.getBuffers(keys);
  return new Map(keys.map((key, index) => [key.slice(prefix.length), values[index]!]));
}

/** The keys of the items blobs a version's tiles name, each once, in order. */
async function namedItems(version: number): Promise<string[]> {
  const keys = await cache.keys(searchKeys.tile(version, SEARCH_TILE_RESOLUTION, ''));
  const named = new Set<string>();
  for (const blob of await cache.getBuffers(keys)) {
    const tile = decodeSearchTile(blob!);
    for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) named.add(itemsKeyOf(tile, group));
  }
  return [...named].sort();
}

/** A value with its build stamps masked: gzipped JSON is unzipped; version numbers, build times and durations replaced. */
function withoutStamps(value: Buffer): string {
  const text = value[0] === 0x1f && value[1] === 0x8b ? gunzipSync(value).toString('utf8') : value.toString('latin1');
  return text
    .replace(/"dataset_version":\d+/g, '"dataset_version":0')
    .replace(/"generated_at":"[^"]*"/g, '"generated_at":""')
    .replace(/"seconds":[\d.]+/g, '"seconds":0');
}

const summaryRows = (version: number) =>
  store.query<Record<string, unknown>>(
    'SELECT * EXCEPT (dataset_version, built_at) FROM facility_summary FINAL WHERE dataset_version = {v:UInt32} ORDER BY facility_id',
    {
      v: version,
    },
  );

/**
 * Each test runs several rebuilds of four states, each on a thread that loads the workers through
 * tsx: about a minute on 2 idle cores, so a busy machine needs more than the suite's default.
 */
const SEVERAL_REBUILDS_MS = 180_000;

describe('a rebuild after an import of some states', { timeout: SEVERAL_REBUILDS_MS }, () => {
  let workers: WorkersHandle;
  let jobs: ReturnType<typeof createInProcessJobQueue>;
  let events: ReturnType<typeof createInProcessEventLog>;
  const run = async (jobId: string, data: unknown): Promise<RebuildResult> => {
    await jobs.enqueue(queue, JobNames.rebuildDataset, data, { jobId });
    const state = await jobs.waitUntilSettled(queue, jobId, 60_000);
    if (state.status !== 'completed') throw new Error(`rebuild ${jobId} ${state.status}: ${state.failedReason}`);
    return state.returnValue as RebuildResult;
  };

  beforeAll(async () => {
    jobs = createInProcessJobQueue({ logger: log });
    events = createInProcessEventLog();
    workers = await startWorkers({ store, cache, jobs, events, log, now: () => asOf });
  });

  afterAll(async () => {
    await workers?.close();
    await jobs?.close();
    await events?.close();
  });

  it('derives only the imported states, and equals a full rebuild of the same records byte for byte', async () => {
    await commitImport('import-1', '2025-01-01 00:00:00.000', { CA: ALL_TABLES, DE: ALL_TABLES, MD: ALL_TABLES, PA: ALL_TABLES }, firstImport);
    const first = await run('after-import-1', { import_id: 'import-1' });
    expect(first.plan).toEqual({ kind: 'full', reason: 'no version is live' });

    await commitImport('import-2', '2025-01-02 00:00:00.000', { MD: ALL_TABLES }, marylandAgain);
    const partial = await run('after-import-2', { import_id: 'import-2' });
    expect(partial.plan).toEqual({
      kind: 'states',
      base: first.version,
      states: ['MD'],
      reason: `1 import since v${first.version}`,
      continued: ['facility summaries', 'h3 density', 'facility lists', 'search indexes', 'geocoder index'],
    });
    expect(await readDatasetMeta(cache)).toMatchObject({
      dataset_version: partial.version,
      ages_as_of: asOf.toISOString(),
      rebuilt_states: { base_version: first.version, states: ['MD'] },
      imports_through: { committed_through: '2025-01-02 00:00:00.000', imports: 2 },
    });

    const fromFirst = await versionEntries(first.version); // before the next build prunes it
    // A rebuild by hand derives every state: the reference.
    const full = await run('by-hand', {});
    expect(full.plan).toEqual({ kind: 'full', reason: 'a rebuild by hand derives everything' });

    expect(await summaryRows(partial.version)).toEqual(await summaryRows(full.version));
    expect(await summaryRows(partial.version)).toHaveLength(firstImport.facilities.length + marylandNew.length + 1);
    // The search indexes read only the records around Maryland's tiles (Maryland's three
    // facilities and its neighbours'), never California's, whose cell and tile were copied.
    expect(partial.search.facilities).toBeGreaterThanOrEqual(marylandNew.length);
    expect(partial.search.facilities).toBeLessThan(full.search.facilities);
    expect(partial.search.releases).toBeLessThan(full.search.releases);
    expect(partial.search).toMatchObject({
      facilityCells: full.search.facilityCells,
      releaseCells: full.search.releaseCells,
      tiles: full.search.tiles,
    });
    const fromPartial = await versionEntries(partial.version);
    const fromFull = await versionEntries(full.version);
    expect([...fromPartial.keys()]).toEqual([...fromFull.keys()]);
    for (const [key, value] of fromFull) {
      // The meta names the build; an ETag hashes its body, stamps included (checked with the body below).
      if (key === 'meta' || key.endsWith(':etag')) continue;
      expect({ key, value: withoutStamps(fromPartial.get(key)!) }).toEqual({ key, value: withoutStamps(value) });
    }

    // The geocoder's address shards were continued, with Maryland's new addresses in them.
    const addresses = (entries: Map<string, Buffer>) => (JSON.parse(entries.get('geo:meta')!.toString('utf8')) as { addresses: number }).addresses;
    expect(addresses(fromPartial)).toBeGreaterThan(addresses(fromFirst));
    // Kent (Delaware only) was copied as it was, ETag and all, so a browser's copy stays valid;
    // Sussex (both states) and Talbot (new) were derived again.
    expect(fromPartial.get(`fac:county:10001`)).toEqual(fromFirst.get(`fac:county:10001`));
    expect(fromPartial.get(`fac:county:10001:etag`)).toEqual(fromFirst.get(`fac:county:10001:etag`));
    expect(fromPartial.get(`fac:state:DE:default`)).toEqual(fromFirst.get(`fac:state:DE:default`));
    for (const key of ['fac:county:10005', 'fac:county:24041', 'fac:state:MD:default']) {
      expect(JSON.parse(gunzipSync(fromPartial.get(key)!).toString('utf8'))).toMatchObject({ dataset_version: partial.version });
    }
    expect(JSON.parse(gunzipSync(fromPartial.get('fac:county:24041')!).toString('utf8'))).toMatchObject({ total: 1 });
    expect(JSON.parse((await cache.get(datasetKeys.summaryTallies(partial.version)))!)).toEqual(
      JSON.parse((await cache.get(datasetKeys.summaryTallies(full.version)))!),
    );

    // The tiles name the cells' items blobs by digest: both versions name the same blobs, each
    // stored once, and the prune after the last rebuild deleted every blob the versions it kept
    // do not name (those of the first version's cells that the import changed among them).
    const pruned = await jobs.waitUntilSettled(JobQueueOf[JobNames.pruneDatasetVersions], `prune-after-v${full.version}`, 60_000);
    expect(pruned.returnValue).toMatchObject({ currentVersion: full.version, deletedSearchItems: expect.any(Number) });
    expect((pruned.returnValue as { deletedSearchItems: number }).deletedSearchItems).toBeGreaterThan(0);
    const namedByFull = await namedItems(full.version);
    expect(namedByFull.length).toBeGreaterThan(0);
    expect(await namedItems(partial.version)).toEqual(namedByFull);
    expect((await cache.getBuffers(namedByFull)).every((blob) => blob !== null)).toBe(true);
    expect(await cache.keys(SEARCH_ITEMS_PREFIX)).toEqual(namedByFull);
  });

  it('derives every state again when it cannot tell what an import touched', async () => {
    await commitImport('import-3', '2025-01-03 00:00:00.000', {}, { facilities: [], tanks: [], releases: [] });
    expect((await run('after-import-3', { import_id: 'import-3' })).plan).toEqual({ kind: 'full', reason: 'import import-3 did not record its states' });
    await commitImport('import-4', '2025-01-04 00:00:00.000', { TRIBAL: ['facilities'] }, { facilities: [], tanks: [], releases: [] });
    expect((await run('after-import-4', { import_id: 'import-4' })).plan).toEqual({ kind: 'full', reason: 'import import-4 carries TRIBAL, not a state' });
    // An import of most of the states the live version holds derives them all.
    await commitImport('import-4b', '2025-01-04 12:00:00.000', { CA: ALL_TABLES, DE: ALL_TABLES, MD: ALL_TABLES }, { facilities: [], tanks: [], releases: [] });
    expect((await run('after-import-4b', { import_id: 'import-4b' })).plan).toMatchObject({
      kind: 'full',
      reason: expect.stringMatching(/^the imports since v\d+ carry 3 states, of the 4 it holds$/),
    });
    // Nothing new since the live version: a rebuild for an import it already holds derives everything.
    expect((await run('again-after-import-4', { import_id: 'import-4' })).plan.kind).toBe('full');
    // An import recorded again (a replay) changes what the live version counted.
    await store.insert('imports', [{ import_id: 'import-1', version: 1, committed_at: '2025-01-05 00:00:00.000', status: 'committed', updated: Date.now() }]);
    await commitImport('import-5', '2025-01-06 00:00:00.000', { DE: ALL_TABLES }, { facilities: [], tanks: [], releases: [] });
    expect((await run('after-import-5', { import_id: 'import-5' })).plan).toMatchObject({
      kind: 'full',
      reason: expect.stringMatching(/^the imports committed by v\d+'s were 5, now 4$/),
    });
  });
});
