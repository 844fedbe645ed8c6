/**
 * Latency and throughput of the facility-data read endpoints under autocannon, against the
 * embedded platform on an existing data directory (build one with `pnpm start`, national scale
 * by default). The platform runs in its own process, as users run it, so the load generator
 * does not share its event loop (both still share this machine's cores):
 *
 *   DATA_DIR=./data npx tsx bench/read-endpoints.ts [seconds per endpoint, default 10] [connections, default 10]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { workspaceRoot } from '@ust/platform';
import { findFreePort, waitForPort } from '@ust/platform/testing';
import { printTable } from './table.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const port = await findFreePort();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/main.ts')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_SCALE: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForPort('127.0.0.1', port, 300_000);
const base = `http://127.0.0.1:${port}`;

async function json(path: string) {
  const response = await fetch(`${base}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

// Real ids from the live dataset: the county with most facilities, a facility in it, a release.
const counties = (await json('/api/geojson-cached/counties')) as { features: Array<{ properties: { GEO_ID: string; total_facilities: number } }> };
const busiest = counties.features.reduce((a, b) => (b.properties.total_facilities > a.properties.total_facilities ? b : a));
const fips = busiest.properties.GEO_ID.slice(-5);
const county = (await json(`/api/facilities/by-fips/${fips}`)) as { facilities: Array<{ Facility_ID: string }> };
// Details are read from ClickHouse, so each request asks for another facility (and release):
// a cache in front would otherwise answer a repeated id.
const facilityPaths = county.facilities.slice(0, 1_000).map((facility) => `/api/facilities/${encodeURIComponent(facility.Facility_ID)}`);
const releasePaths: string[] = [];
for (const facilityPath of facilityPaths.slice(0, 300)) {
  const details = (await json(facilityPath)) as { releases: Array<{ release_id: string }> };
  releasePaths.push(...details.releases.map((release) => `/api/releases/${encodeURIComponent(release.release_id)}`));
}

const endpoints: Array<[label: string, path: string | string[]]> = [
  ['statistics', '/api/facilities-statistics'],
  ['counties GeoJSON (gzip)', '/api/geojson-cached/counties?filter_type=base&min_facility_count=1'],
  ['states GeoJSON (gzip)', '/api/geojson-cached/states?filter_type=base&min_facility_count=1'],
  [`by-fips ${fips} (${county.facilities.length} facilities)`, `/api/facilities/by-fips/${fips}`],
  ['by-state TX limit 50', '/api/facilities/by-state/TX?limit=50'],
  [`facility details (${facilityPaths.length} ids)`, facilityPaths],
  [`release details (${releasePaths.length} ids)`, releasePaths],
];

const rows = [];
for (const [label, path] of endpoints) {
  const paths = Array.isArray(path) ? path : [path];
  let next = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  rows.push({
    endpoint: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p95 ms': (result.latency as unknown as Record<string, number>)['p97_5'] ?? result.latency.p90,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
  });
}
const document = await fetch(`${base}/api/geojson-cached/counties`, { headers: { 'accept-encoding': 'identity' } }).then((response) => response.arrayBuffer());
const serverRss = Number(await fetch(`${base}/health`).then(() => readRssMegabytes(server.pid!)));
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
printTable(`Read endpoints, ${connections} connection(s), ${seconds} s each (autocannon; p95 column is autocannon's p97.5)`, rows);
printTable('Counties document', [
  { form: 'raw JSON', kB: Math.round(document.byteLength / 1024) },
  { form: 'gzip (as served)', kB: Math.round(gzipSync(Buffer.from(document)).length / 1024) },
]);
console.log(`Platform process RSS ${serverRss} MB`);

async function readRssMegabytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
