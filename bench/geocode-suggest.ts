/**
 * Latency and throughput of GET /api/geocode/suggest under autocannon, against the embedded
 * platform on a data directory, for partly typed street addresses, ZIPs and city names taken
 * from the live dataset; then the size of the geocoder index it read (docs/geocoding.md).
 * The platform runs in its own process, as in bench/read-endpoints.ts:
 *
 *   DATA_DIR=./data npx tsx bench/geocode-suggest.ts [seconds per mix, default 10] [connections, default 10]
 *
 * A data directory without a dataset is built first when DEMO_SCALE is set (e.g. 0.1).
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { GeocoderIndexMeta } from '@ust/domain/geocoding';
import { createMemoryCache, createRedisCache, loadConfig } from '@ust/platform';
import { findFreePort, waitForPort } from '@ust/platform/testing';
import { DATASET_POINTER_KEY, datasetKeys } from '@ust/read-model';
import { printTable } from './table.js';
import { nodeArguments } from './platform-process.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const config = loadConfig();
const port = await findFreePort();
const server = spawn(process.execPath, nodeArguments('services/standalone/src/main.ts'), {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_SCALE: process.env.DEMO_SCALE ?? 'none',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForPort('127.0.0.1', port, 30 * 60_000);
const base = `http://127.0.0.1:${port}`;
const { stdout } = await promisify(execFile)(process.execPath, [...nodeArguments('services/identity/src/cli/token.ts'), 'admin'], {
  env: process.env,
});
const headers = { authorization: `Bearer ${stdout.trim()}` };

async function json<T>(url: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

// What people type, from facilities of a few states: the first keystrokes of a street
// address, ZIPs being typed, city names begun and with their state.
interface ListItem {
  Address: string | null;
  City: string | null;
  State: string;
  Zip_Code: string | null;
}
const facilities: ListItem[] = [];
for (const state of ['CA', 'TX', 'NY', 'FL', 'IL', 'OH', 'DC', 'DE']) {
  facilities.push(...(await json<{ facilities: ListItem[] }>(`/api/facilities/by-state/${state}?limit=250`)).facilities);
}
const addressQueries: string[] = [];
const zipQueries: string[] = [];
const cityQueries: string[] = [];
for (const [index, facility] of facilities.entries()) {
  const words = (facility.Address ?? '').split(/\s+/);
  if (/^\d+$/.test(words[0] ?? '') && words[1]) {
    // A third of them typed in full with the locality, the rest begun.
    addressQueries.push(
      index % 3 === 0
        ? `${facility.Address}, ${facility.City}, ${facility.State} ${facility.Zip_Code ?? ''}`.trim()
        : `${words[0]} ${words[1].slice(0, 4).toLowerCase()}`,
    );
  }
  if (facility.Zip_Code) zipQueries.push(index % 2 === 0 ? facility.Zip_Code.slice(0, 3) : facility.Zip_Code.slice(0, 5));
  if (facility.City) cityQueries.push(index % 2 === 0 ? facility.City.slice(0, 4).toLowerCase() : `${facility.City}, ${facility.State}`);
}
const mixes: Array<[label: string, queries: string[]]> = [
  ['street addresses', addressQueries],
  ['ZIPs', zipQueries],
  ['cities', cityQueries],
  ['mixed', addressQueries.flatMap((query, index) => [query, zipQueries[index % zipQueries.length]!, cityQueries[index % cityQueries.length]!])],
];

const rows = [];
for (const [label, queries] of mixes) {
  const paths = queries.map((query) => `/api/geocode/suggest?q=${encodeURIComponent(query)}`);
  const first = (await json<{ suggestions: unknown[] }>(paths[0]!)).suggestions.length;
  if (first === 0) throw new Error(`${label}: no suggestion for ${queries[0]}`);
  let next = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  rows.push({
    mix: `${label} (${new Set(queries).size} queries)`,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p95 ms': (result.latency as unknown as Record<string, number>)['p97_5'] ?? result.latency.p90,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
  });
}
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
printTable(`GET /api/geocode/suggest, ${connections} connection(s), ${seconds} s per mix (autocannon; p95 column is autocannon's p97.5)`, rows);

// The index the server read: from Redis, or from the embedded cache's snapshot once it stopped.
const cache = config.REDIS_URL ? createRedisCache({ url: config.REDIS_URL }) : createMemoryCache({ snapshotFile: path.join(config.dataDir, 'cache.snapshot') });
const version = Number(await cache.get(DATASET_POINTER_KEY));
const meta = JSON.parse((await cache.get(datasetKeys.geocoderMeta(version))) ?? 'null') as GeocoderIndexMeta | null;
if (!meta) throw new Error(`Dataset v${version} has no geocoder index`);
const mb = (bytes: number) => Math.round(bytes / 10_485.76) / 100;
printTable(
  `Geocoder index of dataset v${version}: built in ${meta.seconds} s from ${meta.records.facilities} facility and ${meta.records.releases} release addresses`,
  [
    { shards: `street addresses (a:, ${meta.buckets} buckets)`, rows: meta.addresses, 'stored MB': mb(meta.bytes.addresses) },
    { shards: 'addresses without a number (s:)', rows: meta.streets, 'stored MB': mb(meta.bytes.streets) },
    { shards: 'ZIP centroids (z:)', rows: meta.zips, 'stored MB': mb(meta.bytes.zips) },
    { shards: 'places (p:)', rows: meta.places, 'stored MB': mb(meta.bytes.places) },
    {
      shards: `total (${meta.keys} keys)`,
      rows: meta.addresses + meta.streets + meta.zips + meta.places,
      'stored MB': mb(Object.values(meta.bytes).reduce((a, b) => a + b, 0)),
    },
  ],
);
// Exit without closing: closing the embedded cache would write its snapshot again.
process.exit(0);
