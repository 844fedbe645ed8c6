/**
 * The facility exports of a large county and a large state, over HTTP from a gateway in this
 * process: time, rows per second, bytes, and how far the process's resident memory rose above
 * where it stood before the download (sampled every 5 ms), which stays small when the file is
 * streamed rather than built. The cache holds a synthetic dataset version: one county of
 * COUNTY_ROWS facilities (stored as the workers store it, one gzipped body) and one state of
 * STATE_ROWS in 500-row chunks. The client reads the body as it arrives and keeps none of it.
 *
 *   npx tsx bench/exports.ts [county rows, default 10000] [state rows, default 100000]
 */
import { createLogger, loadConfig } from '@ust/platform';
import { findFreePort } from '@ust/platform/testing';
import { buildGateway } from '@ust/gateway';
import { createTestIssuer, openEmbeddedTestPorts } from '@ust/gateway/testing';
import { DATASET_POINTER_KEY, datasetKeys, encodeBlob, encodeResponseBody, packListItems, toListItem } from '@ust/read-model';
import type { FacilityListItem } from '@ust/schemas';
import { printTable, type Row } from './table.js';

const COUNTY_ROWS = Number(process.argv[2] ?? 10_000);
const STATE_ROWS = Number(process.argv[3] ?? 100_000);
const VERSION = 1;
const CHUNK_SIZE = 500;

function facility(index: number, fips: string): FacilityListItem {
  return toListItem({
    Facility_ID: `TX-${String(index).padStart(7, '0')}`,
    Name: `Station ${index} Fuel & Service`,
    Address: `${index} Farm to Market Road ${index % 900}`,
    City: 'Houston',
    County: 'Harris',
    State: 'TX',
    Zip_Code: String(77000 + (index % 999)),
    Latitude: 29.76 + (index % 1000) / 10_000,
    Longitude: -95.37 - (index % 997) / 10_000,
    LOCATED_BY: 'coordinates',
    FIPS: fips,
    MAPPING_METHOD: 'point in county',
    HAS_LEAK: index % 7 === 0,
    leak_data: 'reported',
    TOTAL_TANK_COUNT: 1 + (index % 6),
    ACTIVE_TANK_COUNT: index % 4,
    AVG_TANK_AGE: 10 + (index % 400) / 10,
    MAX_TANK_AGE: 20 + (index % 30),
    PROTECTION_SCORE: index % 101,
    TOTAL_LEAK_COUNT: index % 3,
    TOTAL_CAPACITY: 4_000 * (1 + (index % 6)),
    RISK_SCORE: 1 + (index % 10),
    source: index % 10 === 0 ? 'generated' : 'epa-template/TX/UST/facility.csv',
    is_generated: index % 10 === 0,
  });
}

const embedded = await openEmbeddedTestPorts('bench-exports');
const { cache } = embedded.ports;
const county = Array.from({ length: COUNTY_ROWS }, (_, index) => facility(index, '48201'));
const countyBody = await encodeResponseBody({ facilities: county, county: 'Harris', state: 'TX', fips: '48201', total: COUNTY_ROWS, dataset_version: VERSION });
county.length = 0;
const chunks = Math.ceil(STATE_ROWS / CHUNK_SIZE);
for (let index = 0; index < chunks; index++) {
  const rows = Array.from({ length: Math.min(CHUNK_SIZE, STATE_ROWS - index * CHUNK_SIZE) }, (_, offset) => facility(index * CHUNK_SIZE + offset, '48201'));
  await cache.set(datasetKeys.stateFacilitiesChunk(VERSION, 'TX', index), await encodeBlob(packListItems(rows)));
}
await cache.setMany([
  [datasetKeys.countyFacilities(VERSION, '48201'), countyBody.gzip],
  [datasetKeys.countyFacilitiesEtag(VERSION, '48201'), countyBody.etag],
  [datasetKeys.stateFacilities(VERSION, 'TX'), JSON.stringify({ state: 'TX', name: 'Texas', total: STATE_ROWS, chunk_size: CHUNK_SIZE, chunks })],
  [DATASET_POINTER_KEY, String(VERSION)],
]);

const issuer = await createTestIssuer();
const gateway = await buildGateway({
  config: loadConfig({ ...issuer.env, RATE_LIMIT_PER_MINUTE: '100000' }),
  ports: embedded.ports,
  logger: createLogger('bench-exports', { level: 'error' }),
  signingKeys: issuer.signingKeys,
});
const port = await findFreePort();
await gateway.listen({ port, host: '127.0.0.1' });
const headers = { ...(await issuer.headers({ sub: 'local|bench' })), 'accept-encoding': 'identity' };

/** Downloads `path`, counting bytes and line ends, keeping nothing; the peak RSS above the start. */
async function download(path: string): Promise<{ ms: number; bytes: number; lines: number; features: number; peakMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  if (!response.ok || !response.body) throw new Error(`${path}: HTTP ${response.status}`);
  let bytes = 0;
  let lines = 0;
  let features = 0;
  const decoder = new TextDecoder();
  const FEATURE = '"type":"Feature",';
  // The end of the previous chunk, one character shorter than a marker: a marker split across
  // two chunks is counted once, and none is counted twice.
  let carry = '';
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    for (let at = text.indexOf('\r\n', carry.length ? carry.length - 1 : 0); at !== -1; at = text.indexOf('\r\n', at + 2)) lines++;
    for (let at = text.indexOf(FEATURE); at !== -1; at = text.indexOf(FEATURE, at + 1)) features++;
    const keep = Math.min(text.length, FEATURE.length - 1);
    carry = text.slice(text.length - keep);
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, bytes, lines, features, peakMb: (peak - start) / 1_048_576 };
}

const cases: Array<[label: string, path: string, format: 'csv' | 'geojson']> = [
  [`county 48201, ${COUNTY_ROWS.toLocaleString('en-US')} facilities, CSV`, '/api/facilities/by-fips/48201/export/csv', 'csv'],
  [`county 48201, GeoJSON`, '/api/facilities/by-fips/48201/export/geojson', 'geojson'],
  [`state TX, ${STATE_ROWS.toLocaleString('en-US')} facilities, CSV`, '/api/facilities/by-state/TX/export/csv', 'csv'],
  [`state TX, GeoJSON`, '/api/facilities/by-state/TX/export/geojson', 'geojson'],
];
// One unmeasured run first, so the measured ones do not count the code's first load.
await download(cases[0]![1]);
const rows: Row[] = [];
for (const [label, path, format] of cases) {
  const result = await download(path);
  const count = format === 'csv' ? result.lines - 1 : result.features;
  rows.push({
    export: label,
    rows: count,
    'MB sent': (result.bytes / 1_048_576).toFixed(1),
    ms: Math.round(result.ms),
    'rows/s': Math.round(count / (result.ms / 1000)),
    'peak RSS +MB': result.peakMb.toFixed(1),
  });
}
printTable('Facility exports, streamed over HTTP (client keeps nothing)', rows);
await gateway.close();
await embedded.close();
