/**
 * The exports over a gateway whose cache holds a hand-made dataset version and whose store holds
 * a few log entries and activities: who may download what, the CSV's BOM, header and guarded
 * cells, one line per row, the GeoJSON's shape, and that every body leaves as a stream.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, type Ports } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetKeys, encodeBlob, encodeResponseBody, packListItems, toListItem } from '@ust/read-model';
import type { FacilityListItem } from '@ust/schemas';
import { buildGateway } from '../build.js';
import { activityRow, logRow, minutesBefore, testNow } from '../queries/admin/telemetry-fixtures.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { createTestIssuer, type TestIssuer } from '../testing/test-issuer.js';
import { CSV_BOM } from './csv-writer.js';

const VERSION = 7;
const general = { sub: 'local|gus', email: 'gus@example.com', name: 'Gus General' };
const admin = { sub: 'local|ava', email: 'ava@example.com', email_verified: true, name: 'Ava Admin' };

function facility(index: number, fields: Partial<FacilityListItem> = {}): FacilityListItem {
  return toListItem({
    Facility_ID: `DE-${String(index).padStart(5, '0')}`,
    Name: `Station ${index}`,
    Address: `${index} Main St`,
    City: 'Dover',
    County: 'Kent',
    State: 'DE',
    Zip_Code: '19901',
    Latitude: 39.1 + index / 10_000,
    Longitude: -75.5 - index / 10_000,
    LOCATED_BY: 'coordinates',
    FIPS: '10001',
    MAPPING_METHOD: 'point in county',
    HAS_LEAK: false,
    leak_data: 'reported',
    TOTAL_TANK_COUNT: 2,
    ACTIVE_TANK_COUNT: 1,
    AVG_TANK_AGE: 20.5,
    MAX_TANK_AGE: 31,
    PROTECTION_SCORE: 70,
    TOTAL_LEAK_COUNT: 0,
    TOTAL_CAPACITY: 12_000,
    RISK_SCORE: 6,
    source: 'epa-template/DE/UST/facility.csv',
    is_generated: false,
    ...fields,
  });
}

/** Kent County: 1,200 facilities, the first with cells a spreadsheet would run, the second generated. */
const kent = [
  facility(0, { Name: '=HYPERLINK("http://evil.example","click")', Address: '+1 Main St', City: '-Dover', County: '@Kent', Zip_Code: '\t19901' }),
  facility(1, { source: 'generated', is_generated: true, Latitude: null, LOCATED_BY: null }),
  facility(2),
  // Placed at its ZIP's centroid (docs/decisions/0110-located-by.md).
  facility(3, { LOCATED_BY: 'zip' }),
  ...Array.from({ length: 1_196 }, (_, index) => facility(index + 4)),
];
const sussex = Array.from({ length: 301 }, (_, index) => facility(5_000 + index, { FIPS: '10005', County: 'Sussex' }));
const delaware = [...kent, ...sussex];

async function seedDataset(ports: Ports): Promise<void> {
  const county = (fips: string, county: string, items: FacilityListItem[]) =>
    encodeResponseBody({ facilities: items, county, state: 'DE', fips, total: items.length, dataset_version: VERSION });
  const kentBody = await county('10001', 'Kent', kent);
  const emptyBody = await county('10003', 'New Castle', []);
  const chunkSize = 500;
  const chunks = await Promise.all(
    Array.from({ length: Math.ceil(delaware.length / chunkSize) }, (_, index) =>
      encodeBlob(packListItems(delaware.slice(index * chunkSize, (index + 1) * chunkSize))),
    ),
  );
  await ports.cache.setMany([
    [datasetKeys.countyFacilities(VERSION, '10001'), kentBody.gzip],
    [datasetKeys.countyFacilitiesEtag(VERSION, '10001'), kentBody.etag],
    [datasetKeys.countyFacilities(VERSION, '10003'), emptyBody.gzip],
    [datasetKeys.countyFacilitiesEtag(VERSION, '10003'), emptyBody.etag],
    [
      datasetKeys.stateFacilities(VERSION, 'DE'),
      JSON.stringify({ state: 'DE', name: 'Delaware', total: delaware.length, chunk_size: chunkSize, chunks: chunks.length }),
    ],
    ...chunks.map((bytes, index) => [datasetKeys.stateFacilitiesChunk(VERSION, 'DE', index), bytes] as const),
    [DATASET_POINTER_KEY, String(VERSION)],
  ]);
}

/** The CSV's lines without the BOM, split on CRLF, a trailing empty line dropped. */
function csvLines(body: string): string[] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return body.slice(CSV_BOM.length).split('\r\n').slice(0, -1);
}

describe('exports', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let issuer: TestIssuer;
  let generalHeaders: Record<string, string>;
  let adminHeaders: Record<string, string>;
  const now = testNow();
  const get = (url: string, headers: Record<string, string> = generalHeaders) => gateway.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('exports-test');
    issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, ADMIN_EMAILS: 'ava@example.com', RATE_LIMIT_PER_MINUTE: '100000' });
    gateway = await buildGateway({ config, ports: embedded.ports, logger: createLogger('exports-test', { level: 'silent' }), signingKeys: issuer.signingKeys });
    generalHeaders = await issuer.headers(general);
    adminHeaders = await issuer.headers(admin);
    for (const [user, headers] of [
      [general, generalHeaders],
      [admin, adminHeaders],
    ] as const) {
      const profile = await gateway.inject({
        method: 'POST',
        url: '/api/user-profile',
        headers,
        payload: { sub: user.sub, email: user.email, name: user.name },
      });
      expect(profile.statusCode).toBe(200);
    }
    await seedDataset(embedded.ports);
    await embedded.ports.store.insert('logs', [
      logRow(1, minutesBefore(now, 3), { level: 'ERROR', category: 'API', message: '=cmd|"/c calc"!A1 pump stopped' }),
      logRow(2, minutesBefore(now, 2), { level: 'INFO', category: 'UI', message: 'Opened the map' }),
      logRow(3, minutesBefore(now, 1), { level: 'ERROR', category: 'API', message: 'pump stopped again' }),
    ]);
    await embedded.ports.store.insert(
      'user_activities',
      Array.from({ length: 12 }, (_, index) => activityRow(100 + index, minutesBefore(now, 12 - index), { auth0_user_id: 'local|gus', email: '@gus' })),
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  const userRoutes = [
    '/api/facilities/by-fips/10001/export/csv',
    '/api/facilities/by-fips/10001/export/geojson',
    '/api/facilities/by-state/DE/export/csv',
    '/api/facilities/by-state/DE/export/geojson',
    '/api/search-address/export/csv?latitude=39.1&longitude=-75.5',
    '/api/search-address/export/geojson?latitude=39.1&longitude=-75.5',
  ];
  const adminRoutes = ['/api/admin/logs/export/csv', '/api/admin/user-activities/export/csv'];

  it('answers 401 without a token on every export, and 403 to a non-admin on the admin ones', async () => {
    for (const url of [...userRoutes, ...adminRoutes]) expect({ url, status: (await get(url, {})).statusCode }).toEqual({ url, status: 401 });
    for (const url of adminRoutes) expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 403 });
    // The search exports are followed on a built dataset in the standalone's search test.
    for (const url of userRoutes.slice(0, 4)) expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 200 });
    for (const url of adminRoutes) expect({ url, status: (await get(url, adminHeaders)).statusCode }).toEqual({ url, status: 200 });
  });

  it("exports a county's every facility as CSV: BOM, the table's columns, one line per facility, formula cells guarded, demo records labelled", async () => {
    const response = await get('/api/facilities/by-fips/10001/export/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="facilities-DE-10001-v${VERSION}.csv"`);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Facility ID,Name,Address,City,County,State,Zip Code,Latitude,Longitude,Located By,FIPS,Mapping Method,Has Leak,Total Tanks,Active Tanks,Avg Tank Age,Max Tank Age,Protection Score,Total Leaks,Total Capacity (gal),Risk Score,Source,Generated Demo Record',
    );
    expect(lines).toHaveLength(1 + kent.length);
    expect(lines[1]).toBe(
      `DE-00000,"'=HYPERLINK(""http://evil.example"",""click"")",'+1 Main St,'-Dover,'@Kent,DE,'\t19901,39.1,-75.5,Coordinates,10001,point in county,No,2,1,20.5,31,70,0,12000,6,epa-template/DE/UST/facility.csv,No`,
    );
    expect(lines[2]).toMatch(/^DE-00001,Station 1,1 Main St,Dover,Kent,DE,19901,,-75.5001,,.*,generated,Yes$/);
    expect(lines[4]).toMatch(/^DE-00003,Station 3,3 Main St,Dover,Kent,DE,19901,[\d.]+,-75.5003,Approximate location \(ZIP 19901\),10001,/);
  });

  it("exports a state's every facility, across its chunks, and the same lists as GeoJSON points at [lon, lat]", async () => {
    const csv = await get('/api/facilities/by-state/de/export/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="facilities-DE-v${VERSION}.csv"`);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(1 + delaware.length);
    expect(lines.at(-1)).toMatch(/^DE-05300,/);

    const geojson = await get('/api/facilities/by-fips/10001/export/geojson');
    expect(geojson.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(geojson.headers['content-disposition']).toBe(`attachment; filename="facilities-DE-10001-v${VERSION}.geojson"`);
    const collection = geojson.json() as {
      type: string;
      features: Array<{ type: string; id: string; geometry: unknown; properties: Record<string, unknown> }>;
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(kent.length);
    expect(collection.features[2]).toEqual({
      type: 'Feature',
      id: 'DE-00002',
      geometry: { type: 'Point', coordinates: [-75.5002, 39.1002] },
      properties: expect.objectContaining({ Facility_ID: 'DE-00002', Name: 'Station 2', source: 'epa-template/DE/UST/facility.csv', is_generated: false }),
    });
    // No latitude: a feature without geometry, still labelled generated.
    expect(collection.features[1]).toMatchObject({ geometry: null, properties: { is_generated: true, source: 'generated' } });
    expect((await get('/api/facilities/by-state/DE/export/geojson')).json().features).toHaveLength(delaware.length);
  });

  it('answers an empty county with the header alone, an unknown one with 404, a code that is not a state with 400', async () => {
    expect(csvLines((await get('/api/facilities/by-fips/10003/export/csv')).body)).toHaveLength(1);
    expect((await get('/api/facilities/by-fips/10003/export/geojson')).json()).toEqual({ type: 'FeatureCollection', features: [] });
    expect((await get('/api/facilities/by-fips/99999/export/csv')).statusCode).toBe(404);
    expect((await get('/api/facilities/by-state/ZZ/export/csv')).statusCode).toBe(400);
  });

  it('sends every export as a stream, never as one string: chunked, without a length', async () => {
    for (const [url, headers] of [
      ...userRoutes.slice(0, 4).map((url) => [url, generalHeaders] as const),
      ...adminRoutes.map((url) => [url, adminHeaders] as const),
    ]) {
      const response = await get(url, { ...headers, 'accept-encoding': 'identity' });
      expect({ url, status: response.statusCode, length: response.headers['content-length'] }).toEqual({ url, status: 200, length: undefined });
      expect(response.headers['transfer-encoding']).toBe('chunked');
    }
  });

  it('checks the coordinates of a search export', async () => {
    expect((await get('/api/search-address/export/csv?latitude=139&longitude=-75.5')).statusCode).toBe(400);
    expect((await get('/api/search-address/export/geojson?latitude=39.1')).statusCode).toBe(400);
  });

  it('exports the logs the filters match, newest first, every page, with formula cells guarded', async () => {
    const response = await get('/api/admin/logs/export/csv?level=ERROR&q=pump', adminHeaders);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv"$/);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Timestamp,Level,Category,Message,User,Duration (ms),Status Code,Method,Endpoint,ID');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['pump stopped again', `"'=cmd|""/c calc""!A1 pump stopped"`]);
    expect(csvLines((await get('/api/admin/logs/export/csv?limit=1', adminHeaders)).body)).toHaveLength(2);
  });

  it('exports the activities newest first, across pages read after one another', async () => {
    const lines = csvLines((await get('/api/admin/user-activities/export/csv', adminHeaders)).body);
    expect(lines).toHaveLength(13);
    expect(lines[1]).toContain(`'@gus`);
    const ids = lines.slice(1).map((line) => line.split(',').at(-1));
    expect(new Set(ids).size).toBe(12);
    expect(csvLines((await get('/api/admin/user-activities/export/csv?limit=5', adminHeaders)).body)).toHaveLength(6);
  });
});
