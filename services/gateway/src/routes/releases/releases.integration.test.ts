import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
import { DATASET_POINTER_KEY } from '@ust/read-model';
import type { ReleaseRecord } from '@ust/schemas';
import { releaseRecord } from '@ust/schemas/testing';
import { buildGateway } from '../../build.js';
import { countingStore } from '../../testing/counting-store.js';
import { createTestIssuer } from '../../testing/test-issuer.js';

const log = createLogger('releases-test', { level: 'silent' });

const release: ReleaseRecord = releaseRecord({
  release_id: 'DC-2017018',
  lust_id: '2017018',
  facility_id: 'DC-5010010',
  name: 'BLADENSBURG RD LLC',
  address: '1016 BLADENSBURG RD NE',
  city: 'Washington DC',
  state: 'DC',
  zip_code: '20002',
  latitude: 38.90305719,
  longitude: -76.98186192,
  fips: '11001',
  reported_date: '2017-09-21',
  nfa_date: '2018-01-11',
  status: 'No further action',
  status_class: 'No Further Action',
  closed_with_residual_contamination: false,
  epa_region: 3,
  source: 'epa-template/DC/Releases/release.csv',
  import_id: 'imp-test',
});

describe('GET /api/releases/{id}', () => {
  let gateway: FastifyInstance;
  let ports: Ports;
  let authorization: { authorization: string };
  let queries = () => 0;

  beforeAll(async () => {
    const issuer = await createTestIssuer();
    authorization = await issuer.headers({ sub: 'local|releases-test' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-releases-'));
    const chdb = await createChdbStore({ path: dataDir, database: 'releases_test' });
    await applyMigrations(chdb, migrationsDirectory);
    const { store, counts: statementCounts } = countingStore(chdb);
    queries = () => statementCounts.queries;
    // A later version replaces the first (ReplacingMergeTree): the API must show only it.
    await store.insert('releases', [{ ...release, status: 'Open', status_class: 'Open', version: 0 }, release]);
    ports = { store, events: createInProcessEventLog(), jobs: createInProcessJobQueue(), cache: createMemoryCache() };
    gateway = await buildGateway({ config: loadConfig(issuer.env), ports, logger: log, signingKeys: issuer.signingKeys });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
  });

  it('answers the release in the dialog keys, with its source', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/releases/DC-2017018', headers: authorization });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      LUST_ID: '2017018',
      Name: 'BLADENSBURG RD LLC',
      Reported_Date: '2017-09-21',
      NFA_Date: '2018-01-11',
      Status: 'No further action',
      Status_Class: 'No Further Action',
      Closed_With_Residual_Contaminat: false,
      Population_within_1500ft: null,
      EPA_Region: 3,
      source: 'epa-template/DC/Releases/release.csv',
      is_generated: false,
    });
  });

  it('says which release was not found', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/releases/DC-NOPE', headers: authorization });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Release DC-NOPE not found' });
  });

  it('serves a built version from the cache: one query for concurrent first views, a new body with a new version', async () => {
    const get = () => gateway.inject({ method: 'GET', url: '/api/releases/DC-2017018', headers: authorization });
    // Before any build the route reads ClickHouse each time and stores nothing.
    expect((await get()).headers['x-cache']).toBe('miss');
    expect(await ports.cache.keys('v')).toEqual([]);

    await ports.cache.set(DATASET_POINTER_KEY, '1');
    const firstViews = await Promise.all([get(), get(), get()]);
    expect(firstViews.map((response) => response.headers['x-cache'])).toEqual(['miss', 'miss', 'miss']);
    const again = await get();
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(firstViews[0]!.body);
    expect(await ports.cache.ttl('v1:details:release:DC-2017018')).toBeGreaterThan(14 * 60);

    // A later import corrects the release; the rebuild's new version serves the correction.
    await ports.store.insert('releases', [{ ...release, status: 'Open', status_class: 'Open', nfa_date: null, version: 2 }]);
    expect((await get()).json().Status).toBe('No further action');
    await ports.cache.set(DATASET_POINTER_KEY, '2');
    const corrected = await get();
    expect(corrected.headers['x-cache']).toBe('miss');
    expect(corrected.json()).toMatchObject({ Status: 'Open', Status_Class: 'Open', NFA_Date: null });

    // An unknown id is remembered as absent for a minute: asking again queries nothing.
    const unknown = () => gateway.inject({ method: 'GET', url: '/api/releases/DC-NOPE', headers: authorization });
    const before = queries();
    for (let attempt = 0; attempt < 20; attempt++) expect((await unknown()).statusCode).toBe(404);
    expect(queries() - before).toBe(1);
    expect(await ports.cache.ttl('v2:details:release:DC-NOPE')).toBeLessThanOrEqual(60);
    // Its release arrives with an import and a rebuild: the new version finds it at once.
    await ports.store.insert('releases', [{ ...release, release_id: 'DC-NOPE', version: 3 }]);
    await ports.cache.set(DATASET_POINTER_KEY, '3');
    expect((await unknown()).statusCode).toBe(200);
  });
});
