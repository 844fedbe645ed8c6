/**
 * Latency and throughput of the facility-data read endpoints under autocannon, against the
 * embedded platform on an existing data directory (build one with `pnpm start`, national scale
 * by default). The platform runs in its own process, as users run it, so the load generator
 * does not share its event loop (both still share this machine's cores):
 *
 *   DATA_DIR=./data npx tsx bench/read-endpoints.ts [seconds per endpoint, default 10] [connections, default 10]
 */
import { execFileSync, spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { findFreePort, waitForPort } from '@ust/platform/testing';
import { printTable } from './table.js';
import { nodeArguments } from './platform-process.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const port = await findFreePort();
const server = spawn(process.execPath, nodeArguments('services/standalone/src/main.ts'), {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_SCALE: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForPort('127.0.0.1', port, 900_000);
const base = `http://127.0.0.1:${port}`;
// Every data route needs a token: the embedded provider's, for a demo account (`pnpm token`).
const token = execFileSync(process.execPath, [...nodeArguments('services/identity/src/cli/token.ts'), 'broker'], {
  env: process.env,
})
  .toString()
  .trim();
const authorization = `Bearer ${token}`;

async function json(path: string) {
  const response = await fetch(`${base}${path}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

// Real ids from the live dataset: the county with most facilities, a facility in it, a release.
const counties = (await json('/api/geojson-cached/counties')) as { features: Array<{ properties: { GEO_ID: string; total_facilities: number } }> };
const busiest = counties.features.reduce((a, b) => (b.properties.total_facilities > a.properties.total_facilities ? b : a));
const fips = busiest.properties.GEO_ID.slice(-5);
const county = (await json(`/api/facilities/by-fips/${fips}`)) as { facilities: Array<{ Facility_ID: string }> };
// Details are read from ClickHouse on a facility's first view and from the cache after it, so
// both are measured: a first view asks for a facility nobody asked for (each id once), a repeat
// view cycles through ids already viewed.
const detailPath = (facility: { Facility_ID: string }) => `/api/facilities/${encodeURIComponent(facility.Facility_ID)}`;
const viewedFacilityPaths = county.facilities.slice(0, 1_000).map(detailPath);
// First views: a random sample of the ten busiest counties, so that a run on a data directory
// whose cache (kept between runs) holds an earlier run's views still asks for new ids.
const busiestCounties = [...counties.features].sort((a, b) => b.properties.total_facilities - a.properties.total_facilities).slice(0, 10);
const candidates: string[] = [];
for (const feature of busiestCounties) {
  const list = (await json(`/api/facilities/by-fips/${feature.properties.GEO_ID.slice(-5)}`)) as { facilities: Array<{ Facility_ID: string }> };
  candidates.push(...list.facilities.slice(feature === busiest ? 1_000 : 0).map(detailPath));
}
const unviewedFacilityPaths = shuffle(candidates).slice(0, 2_000);
const releasePaths: string[] = [];
for (const facilityPath of viewedFacilityPaths) {
  const details = (await json(facilityPath)) as { releases: Array<{ release_id: string }> };
  releasePaths.push(...details.releases.map((release) => `/api/releases/${encodeURIComponent(release.release_id)}`));
}

/** A path, or paths to cycle through; `once` sends each path exactly once instead of running for `seconds`. */
type Load = { paths: string[]; once?: boolean };
const endpoints: Array<[label: string, load: Load]> = [
  ['statistics', { paths: ['/api/facilities-statistics'] }],
  ['counties GeoJSON (gzip)', { paths: ['/api/geojson-cached/counties?filter_type=base&min_facility_count=1'] }],
  ['states GeoJSON (gzip)', { paths: ['/api/geojson-cached/states?filter_type=base&min_facility_count=1'] }],
  [`by-fips ${fips} (${county.facilities.length} facilities)`, { paths: [`/api/facilities/by-fips/${fips}`] }],
  ['by-state TX limit 50', { paths: ['/api/facilities/by-state/TX?limit=50'] }],
  [`facility details, first view (${unviewedFacilityPaths.length} ids)`, { paths: unviewedFacilityPaths, once: true }],
  [`facility details, viewed again (${viewedFacilityPaths.length} ids)`, { paths: viewedFacilityPaths }],
  [`release details, first view (${releasePaths.length} ids)`, { paths: releasePaths, once: true }],
  [`release details, viewed again (${releasePaths.length} ids)`, { paths: releasePaths }],
];

const rows = [];
for (const [label, { paths, once }] of endpoints) {
  // A small data directory (DEMO_SCALE=fixtures) may leave no id unviewed.
  if (paths.length === 0) continue;
  let next = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections,
    ...(once ? { amount: paths.length } : { duration: seconds }),
    headers: { 'accept-encoding': 'gzip', authorization },
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
const document = await fetch(`${base}/api/geojson-cached/counties`, { headers: { 'accept-encoding': 'identity', authorization } }).then((response) =>
  response.arrayBuffer(),
);
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

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
