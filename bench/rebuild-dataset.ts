/**
 * The rebuild-dataset job on the embedded engine (chDB) and the memory cache: seeds N synthetic
 * facilities spread over every us-atlas county (3 tanks each, about 0.7 releases per facility),
 * runs one rebuild and prints each step's time, rows/s and RSS, then the sizes of what it cached.
 *
 *   npx tsx bench/rebuild-dataset.ts [facilities=200000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createChdbStore, createInProcessJobQueue, createLogger, createMemoryCache, migrationsDirectory } from '@ust/platform';
import type { FacilityRecord, ReleaseRecord, TankRecord } from '@ust/schemas';
import { loadRegionShapes, STATE_CODES } from '@ust/domain';
import { readCountyFacilities, readRegionDocument, readStateFacilities } from '@ust/read-model';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { rebuildDataset, type StepTiming } from '@ust/workers';
import { printTable, rssMegabytes, summarize } from './table.js';

const total = Number(process.argv[2] ?? 200_000);
const SEED_BATCH = 50_000;
const statuses = ['Currently in use', 'Currently in use', 'Currently in use', 'Closed', 'Closed', 'Temporarily out of service'] as const;
const walls = ['Double wall', 'Single wall', null] as const;
const releaseClasses = ['Open', 'No Further Action', 'No Further Action', 'Other'] as const;
const counties = loadRegionShapes('counties');

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedBatch(from: number, to: number, next: () => number) {
  const facilities: FacilityRecord[] = [];
  const tanks: TankRecord[] = [];
  const releases: ReleaseRecord[] = [];
  for (let i = from; i < to; i += 1) {
    const county = counties[i % counties.length]!;
    const state = STATE_CODES[county.fips.slice(0, 2)]?.code ?? 'XX';
    const facilityId = `${state}-${String(i).padStart(7, '0')}`;
    const source = next() < 0.9 ? 'generated' : 'bench/facility.csv';
    facilities.push(
      facilityRecord({
        facility_id: facilityId,
        state,
        fips: county.fips,
        county: county.name,
        name: `Facility ${i}`,
        address: `${i} Main St`,
        city: 'Springfield',
        zip_code: String(10_000 + (i % 89_999)),
        latitude: 25 + next() * 24,
        longitude: -124 + next() * 57,
        mapping_method: 'point in county',
        source,
      }),
    );
    for (let t = 1; t <= 3; t += 1) {
      const year = 1960 + Math.floor(next() * 62);
      tanks.push(
        tankRecord({
          tank_id: `${facilityId}/${t}`,
          facility_id: facilityId,
          state,
          source,
          tank_status: statuses[Math.floor(next() * statuses.length)]!,
          installation_date: next() < 0.9 ? `${year}-0${1 + Math.floor(next() * 9)}-15` : null,
          capacity_gallons: 1_000 * (2 + Math.floor(next() * 18)),
          tank_wall_type: walls[Math.floor(next() * walls.length)]!,
          leak_detection: next() < 0.6 ? 'Automatic tank gauging' : null,
          corrosion_protection: next() < 0.5 ? 'Sacrificial anode' : null,
          secondary_containment: next() < 0.5 ? next() < 0.5 : null,
        }),
      );
    }
    const releaseCount = next() < 0.55 ? (next() < 0.25 ? 2 : 1) : 0;
    for (let r = 0; r < releaseCount; r += 1) {
      releases.push(
        releaseRecord({
          release_id: `${facilityId}-R${r}`,
          state,
          facility_id: facilityId,
          fips: county.fips,
          source,
          status_class: releaseClasses[Math.floor(next() * releaseClasses.length)]!,
          reported_date: `${1988 + Math.floor(next() * 35)}-06-01`,
        }),
      );
    }
  }
  return { facilities, tanks, releases };
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-rebuild-'));
const store = await createChdbStore({ path: directory, database: 'bench' });
const cache = createMemoryCache();
const jobs = createInProcessJobQueue();
try {
  await applyMigrations(store, migrationsDirectory);
  const seedStarted = performance.now();
  const next = random(42);
  const seeded = { facilities: 0, tanks: 0, releases: 0 };
  for (let from = 0; from < total; from += SEED_BATCH) {
    const batch = seedBatch(from, Math.min(total, from + SEED_BATCH), next);
    await store.insert('facilities', batch.facilities);
    await store.insert('tanks', batch.tanks);
    await store.insert('releases', batch.releases);
    seeded.facilities += batch.facilities.length;
    seeded.tanks += batch.tanks.length;
    seeded.releases += batch.releases.length;
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `Seeded ${seeded.facilities.toLocaleString('en-US')} facilities, ${seeded.tanks.toLocaleString('en-US')} tanks, ${seeded.releases.toLocaleString('en-US')} releases in ${seedSeconds.toFixed(1)} s`,
  );

  const rows: Array<Record<string, string | number>> = [];
  const onStep = (timing: StepTiming) => {
    rows.push({
      step: timing.step,
      seconds: timing.seconds,
      rows: timing.rows,
      'rows/s': timing.seconds > 0 ? Math.round(timing.rows / timing.seconds) : 0,
      'RSS MB': rssMegabytes(),
    });
  };
  const log = createLogger('bench', { level: 'warn' });
  const started = performance.now();
  const result = await rebuildDataset({ store, cache, jobs, log }, { importId: null, jobId: 'bench' }, { onStep });
  const seconds = (performance.now() - started) / 1000;
  rows.push({
    step: 'total',
    seconds: Math.round(seconds * 1000) / 1000,
    rows: result.facilities,
    'rows/s': Math.round(result.facilities / seconds),
    'RSS MB': rssMegabytes(),
  });
  printTable(`rebuild-dataset, chDB + memory cache, ${total.toLocaleString('en-US')} facilities`, rows);

  const sizes: Array<Record<string, string | number>> = [];
  for (const level of ['states', 'counties'] as const) {
    const document = result.documents[level];
    sizes.push({ cached: `geojson:${level}`, keys: 1, 'raw KB': Math.round(document.rawBytes / 1024), 'stored KB': Math.round(document.gzipBytes / 1024) });
    const figures = document.withoutGeometry;
    sizes.push({
      cached: `geojson:${level}:no-geometry`,
      keys: 1,
      'raw KB': Math.round(figures.rawBytes / 1024),
      'stored KB': Math.round(figures.gzipBytes / 1024),
    });
  }
  for (const [resolution, density] of Object.entries(result.density.resolutions)) {
    sizes.push({
      cached: `h3density:${resolution} (${density.cells} cells)`,
      keys: 1,
      'raw KB': Math.round(density.rawBytes / 1024),
      'stored KB': Math.round(density.gzipBytes / 1024),
    });
  }
  for (const [label, prefix] of [
    ['fac:county:*', 'v1:fac:county:'],
    ['fac:state:*', 'v1:fac:state:'],
  ] as const) {
    const keys = await cache.keys(prefix);
    const values = await cache.getBuffers(keys);
    const bytes = values.reduce((sum, value) => sum + (value?.length ?? 0), 0);
    sizes.push({ cached: label, keys: keys.length, 'raw KB': '', 'stored KB': Math.round(bytes / 1024) });
  }
  printTable('Cached documents of the version (stored = gzipped, except state list meta)', sizes);

  // Read-side sanity: a state's first 1,200 facilities span three chunks, in facility_id order.
  const sample = counties[0]!;
  const state = STATE_CODES[sample.fips.slice(0, 2)]!.code;
  const list = await readStateFacilities(cache, state, 1_200);
  const ids = list?.facilities.map((item) => item.Facility_ID) ?? [];
  if (ids.join() !== [...ids].sort().join() || ids.length !== Math.min(1_200, list?.total ?? 0))
    throw new Error(`state ${state} list is out of order or short`);
  const county = await readCountyFacilities(cache, sample.fips);
  const latency = async (label: string, read: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const begun = performance.now();
      await read();
      samples.push(performance.now() - begun);
    }
    const { median, p95 } = summarize(samples);
    return { read: label, 'median ms': Math.round(median * 100) / 100, 'p95 ms': Math.round(p95 * 100) / 100 };
  };
  printTable('Read helpers on the memory cache (200 reads each; gunzip and unpacking included)', [
    await latency(`state ${state}, limit 50 of ${list?.total ?? 0}`, () => readStateFacilities(cache, state, 50)),
    await latency(`county ${sample.fips}, ${county?.total ?? 0} facilities`, () => readCountyFacilities(cache, sample.fips)),
    await latency('counties document (bytes + ETag)', () => readRegionDocument(cache, 'counties')),
  ]);
} finally {
  await jobs.close();
  await cache.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
}
