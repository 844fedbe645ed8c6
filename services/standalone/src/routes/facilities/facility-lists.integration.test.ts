/**
 * The facility lists of the map panel served as the workers' stored bodies: the JSON a client
 * reads is the one the response schema used to produce, sent as gzip bytes with an ETag.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  loadConfig,
  migrationsDirectory,
  type Ports,
} from '@ust/platform';
import { buildGateway } from '@ust/gateway';
import { createTestIssuer } from '@ust/gateway/testing';
import { datasetKeys } from '@ust/read-model';
import type { FacilityListItem } from '@ust/schemas';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { rebuildDataset } from '@ust/workers';

const log = createLogger('facility-lists-test', { level: 'silent' });
const asOf = new Date('2025-01-01T00:00:00.000Z');
const real = 'epa-template/DE/UST/facility.csv';
const id = (n: number) => `DE-${String(n).padStart(2, '0')}`;

// Delaware: 55 facilities in Kent (10001), 5 in Sussex (10005), so the default page (50) is a
// strict part of the state and of Kent. DE-01's name needs escaping and is not ASCII.
const facilities = Array.from({ length: 60 }, (_, index) => {
  const n = index + 1;
  const kent = n <= 55;
  return facilityRecord({
    facility_id: id(n),
    state: 'DE',
    name: n === 1 ? 'Café "Dover" Fuel 🛢' : `Site ${n}`,
    fips: kent ? '10001' : '10005',
    county: kent ? 'Kent' : 'Sussex',
    mapping_method: 'point in county',
    source: real,
    ...(n === 1 ? { address: '1 Main St', city: 'Dover', zip_code: '19901', latitude: 39.158, longitude: -75.524 } : {}),
  });
});
const tanks = [
  // 30.0 years at asOf, protection 100.
  tankRecord({
    tank_id: 'DE-01/1',
    facility_id: 'DE-01',
    state: 'DE',
    tank_status: 'Currently in use',
    installation_date: '1995-01-01',
    capacity_gallons: 10_000,
    tank_wall_type: 'Double wall',
    leak_detection: 'Automatic tank gauging',
    corrosion_protection: 'Sacrificial anode',
    secondary_containment: true,
  }),
];
const releases = [releaseRecord({ release_id: 'DE-R1', state: 'DE', facility_id: 'DE-01', fips: '10001', status_class: 'Open', reported_date: '2010-05-01' })];

/** A list item as the response schema lays it out: every key, in the schema's order. */
function listItem(n: number, fields: Partial<FacilityListItem> = {}): FacilityListItem {
  const kent = n <= 55;
  return {
    Facility_ID: id(n),
    Name: `Site ${n}`,
    Address: null,
    City: null,
    County: kent ? 'Kent' : 'Sussex',
    State: 'DE',
    Zip_Code: null,
    Latitude: null,
    Longitude: null,
    LOCATED_BY: null,
    FIPS: kent ? '10001' : '10005',
    MAPPING_METHOD: 'point in county',
    HAS_LEAK: false,
    leak_data: 'reported',
    TOTAL_TANK_COUNT: 0,
    ACTIVE_TANK_COUNT: 0,
    AVG_TANK_AGE: null,
    MAX_TANK_AGE: null,
    PROTECTION_SCORE: null,
    TOTAL_LEAK_COUNT: 0,
    TOTAL_CAPACITY: 0,
    // risk-v2 without a tank record: the average fitted site's tanks, and no release.
    RISK_SCORE: 5,
    source: real,
    is_generated: false,
    ...fields,
  };
}
const doverFuel = listItem(1, {
  Name: 'Café "Dover" Fuel 🛢',
  Address: '1 Main St',
  City: 'Dover',
  Zip_Code: '19901',
  Latitude: 39.158,
  Longitude: -75.524,
  LOCATED_BY: 'coordinates',
  HAS_LEAK: true,
  leak_data: 'reported',
  TOTAL_TANK_COUNT: 1,
  ACTIVE_TANK_COUNT: 1,
  AVG_TANK_AGE: 30,
  MAX_TANK_AGE: 30,
  PROTECTION_SCORE: 100,
  TOTAL_LEAK_COUNT: 1,
  TOTAL_CAPACITY: 10_000,
  // risk-v2: one 30-year-old tank, fully protected, and an open release.
  RISK_SCORE: 5,
});
const kentItems = [doverFuel, ...Array.from({ length: 54 }, (_, index) => listItem(index + 2))];

describe('GET /api/facilities/by-fips and /by-state from stored bodies', () => {
  let gateway: FastifyInstance;
  let ports: Ports;
  let dataDir: string;
  let version: number;
  let authorization: { authorization: string };
  const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ method: 'GET', url, headers: { ...authorization, ...headers } });
  const rebuild = async (jobId: string) => (await rebuildDataset({ ...ports, log, now: () => asOf }, { importId: null, jobId })).version;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-facility-lists-'));
    const store = await createChdbStore({ path: dataDir, database: 'facility_lists_test' });
    await applyMigrations(store, migrationsDirectory);
    await store.insert('facilities', facilities);
    await store.insert('tanks', tanks);
    await store.insert('releases', releases);
    ports = { store, events: createInProcessEventLog(), jobs: createInProcessJobQueue({ logger: log }), cache: createMemoryCache() };
    version = await rebuild('facility-lists-1');
    const issuer = await createTestIssuer();
    authorization = await issuer.headers({ sub: 'local|facility-lists-test' });
    gateway = await buildGateway({ config: loadConfig({ RATE_LIMIT_PER_MINUTE: '1000', ...issuer.env }), ports, logger: log, signingKeys: issuer.signingKeys });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a county as the JSON the response schema produced, decompressed for a client without gzip', async () => {
    const response = await get('/api/facilities/by-fips/10001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(JSON.stringify({ facilities: kentItems, county: 'Kent', state: 'DE', fips: '10001', total: 55, dataset_version: version }));
    expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
  });

  it('sends the stored gzip bytes with the strong ETag, and 304 while the ETag is current', async () => {
    const plain = await get('/api/facilities/by-fips/10001');
    const response = await get('/api/facilities/by-fips/10001', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    const etag = response.headers.etag as string;
    expect(plain.headers.etag).toBe(`W/${etag}`);

    for (const presented of [etag, `W/${etag}`, `"stale", ${etag}`]) {
      const revalidated = await get('/api/facilities/by-fips/10001', { 'accept-encoding': 'gzip', 'if-none-match': presented });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload).toHaveLength(0);
      expect(revalidated.headers.etag).toBe(etag);
    }
    expect((await get('/api/facilities/by-fips/10001', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('lists a us-atlas county without facilities as empty, and answers 404 for a FIPS that is not a county', async () => {
    expect((await get('/api/facilities/by-fips/01001')).json()).toEqual({
      facilities: [],
      county: 'Autauga',
      state: 'AL',
      fips: '01001',
      total: 0,
      dataset_version: version,
    });
    const unknown = await get('/api/facilities/by-fips/99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'County 99999 not found' });
  });

  it('sends the default state page (limit 50) stored, byte for byte what the chunked path serializes', async () => {
    const stored = await get('/api/facilities/by-state/de', { 'accept-encoding': 'gzip' });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(stored.rawPayload).toString('utf8');
    expect(json).toBe(JSON.stringify({ facilities: kentItems.slice(0, 50), state: 'DE', name: 'Delaware', total: 60, dataset_version: version }));
    const explicit = await get('/api/facilities/by-state/DE?limit=50', { 'accept-encoding': 'gzip' });
    expect(explicit.rawPayload.equals(stored.rawPayload)).toBe(true);
    expect(explicit.headers.etag).toBe(stored.headers.etag);
    expect((await get('/api/facilities/by-state/DE', { 'if-none-match': stored.headers.etag as string })).statusCode).toBe(304);

    // Without the stored body the route falls back to the chunks and the response schema: the
    // same JSON, as the route answered before the bodies were stored.
    await ports.cache.del(datasetKeys.stateFacilitiesDefault(version, 'DE'));
    const serialized = await get('/api/facilities/by-state/DE?limit=50');
    expect(serialized.statusCode).toBe(200);
    expect(serialized.body).toBe(json);
    expect(serialized.headers.etag).toBeUndefined();
  });

  it('reads any other limit from the chunks, and the county body matches the serialized items', async () => {
    const seven = await get('/api/facilities/by-state/DE?limit=7');
    expect(seven.statusCode).toBe(200);
    expect(seven.headers.etag).toBeUndefined();
    expect(seven.body).toBe(JSON.stringify({ facilities: kentItems.slice(0, 7), state: 'DE', name: 'Delaware', total: 60, dataset_version: version }));

    const everything = (await get('/api/facilities/by-state/DE?limit=1000')).json();
    expect(everything.facilities).toHaveLength(60);
    const sussex = (await get('/api/facilities/by-fips/10005')).body;
    expect(sussex).toBe(
      JSON.stringify({ facilities: everything.facilities.slice(55), county: 'Sussex', state: 'DE', fips: '10005', total: 5, dataset_version: version }),
    );
  });

  it('keeps the 400 for an unknown state code', async () => {
    const response = await get('/api/facilities/by-state/ZZ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('params.state "ZZ" is not a US state or territory code');
  });

  it('gives a rebuilt version new ETags, so a client revalidating with the old one gets the new body', async () => {
    const before = await get('/api/facilities/by-fips/10001', { 'accept-encoding': 'gzip' });
    const next = await rebuild('facility-lists-2');
    const after = await get('/api/facilities/by-fips/10001', { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(gunzipSync(after.rawPayload).toString('utf8'))).toMatchObject({ total: 55, dataset_version: next });
  });
});

describe('the facility lists before any dataset is built', () => {
  it('answer 503 with the same message as before', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-facility-lists-empty-'));
    const ports: Ports = {
      store: await createChdbStore({ path: dataDir, database: 'facility_lists_empty' }),
      events: createInProcessEventLog(),
      jobs: createInProcessJobQueue({ logger: log }),
      cache: createMemoryCache(),
    };
    await applyMigrations(ports.store, migrationsDirectory);
    const issuer = await createTestIssuer();
    const gateway = await buildGateway({ config: loadConfig(issuer.env), ports, logger: log, signingKeys: issuer.signingKeys });
    try {
      const authorization = await issuer.headers({ sub: 'local|facility-lists-test' });
      for (const url of ['/api/facilities/by-fips/10001', '/api/facilities/by-state/DE', '/api/facilities/by-state/DE?limit=7']) {
        const response = await gateway.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', ...authorization } });
        expect(response.statusCode).toBe(503);
        expect(response.json().error.message).toBe('No dataset has been built yet');
      }
    } finally {
      await gateway.close();
      await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
