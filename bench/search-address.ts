/**
 * POST /api/search-address at national scale, and side by side on the same points the queries a
 * user would otherwise run: PostgreSQL + PostGIS (ST_DWithin + KNN on a GiST index) and Redis
 * GEOSEARCH. Points mix dense cities and rural counties. Per-query latency is measured one query
 * at a time for all three; the platform's throughput under autocannon after that.
 *
 *   DATA_DIR=/path/to/national npx tsx bench/search-address.ts [seconds under load, default 15] [connections, default 10]
 *
 * Needs Debian's postgresql-15-postgis-3 and redis-server. The platform runs in its own process
 * (as users run it); chDB is opened here only to export the facility coordinates before it starts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createChdbStore, loadConfig, workspaceRoot } from '@ust/platform';
import { findFreePort, startRedisServer, waitForPort } from '@ust/platform/testing';
import { printTable, summarize } from './table.js';

const seconds = Number(process.argv[2] ?? 15);
const connections = Number(process.argv[3] ?? 10);
const config = loadConfig();
const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'].find((dir) => existsSync(path.join(dir, 'initdb')));
if (!PG_BIN) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql-15-postgis-3');
const METERS_PER_MILE = 1609.344;

// 1. Facility coordinates, and query points: 100 in the ten busiest counties, 100 in sparse ones.
interface Site {
  id: string;
  fips: string | null;
  latitude: number;
  longitude: number;
}
const store = await createChdbStore({ path: path.join(config.dataDir, 'clickhouse'), database: config.CLICKHOUSE_DATABASE });
const sites = await store.query<Site>('SELECT facility_id AS id, fips, latitude, longitude FROM facilities FINAL WHERE latitude IS NOT NULL AND longitude IS NOT NULL');
const releaseSites = await store.query<Site>('SELECT release_id AS id, fips, latitude, longitude FROM releases FINAL WHERE latitude IS NOT NULL AND longitude IS NOT NULL');
await store.close();
const byCounty = new Map<string, Site[]>();
for (const site of sites) if (site.fips) byCounty.set(site.fips, [...(byCounty.get(site.fips) ?? []), site]);
const counties = [...byCounty.values()].sort((a, b) => b.length - a.length);
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const jitter = (site: Site): [number, number] => [site.latitude + (random() - 0.5) * 0.02, site.longitude + (random() - 0.5) * 0.02];
const dense = Array.from({ length: 100 }, (_, index) => jitter(counties[index % 10]![Math.floor(random() * counties[index % 10]!.length)]!));
const sparse = counties.filter((list) => list.length <= 20);
const rural = Array.from({ length: 100 }, () => jitter(sparse[Math.floor(random() * sparse.length)]![0]!));
const points: Array<{ kind: 'dense' | 'rural'; latitude: number; longitude: number }> = [
  ...dense.map(([latitude, longitude]) => ({ kind: 'dense' as const, latitude, longitude })),
  ...rural.map(([latitude, longitude]) => ({ kind: 'rural' as const, latitude, longitude })),
];
console.log(`${sites.length.toLocaleString('en-US')} located facilities; ${points.length} query points (100 in the ten busiest counties, 100 in counties with at most 20 facilities)`);

// 2. PostGIS.
const work = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-search-'));
const pgPort = await findFreePort();
const pgData = path.join(work, 'pg');
const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
execFileSync('chown', ['-R', 'postgres', work]);
const run = (binary: string, args: string[]) => execFileSync(asPostgres[0] ?? path.join(PG_BIN, binary), asPostgres.length ? [...asPostgres.slice(1), path.join(PG_BIN, binary), ...args] : args, { stdio: 'pipe' });
run('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
const postgres = spawn(asPostgres[0] ?? path.join(PG_BIN, 'postgres'), [...asPostgres.slice(1), ...(asPostgres.length ? [path.join(PG_BIN, 'postgres')] : []), '-D', pgData, '-p', String(pgPort), '-k', work, '-c', 'listen_addresses=127.0.0.1', '-c', 'shared_buffers=256MB', '-c', 'fsync=off'], { stdio: 'ignore' });
await waitForPort('127.0.0.1', pgPort, 60_000);
// The port opens before the server accepts sessions ('the database system is starting up').
async function connectToPostgres(): Promise<pg.Client> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
const db = await connectToPostgres();
await db.query('CREATE EXTENSION postgis');
for (const [table, rows] of [['facilities', sites], ['releases', releaseSites]] as const) {
  await db.query(`CREATE TABLE ${table} (id text PRIMARY KEY, geog geography(Point, 4326) NOT NULL)`);
  const csv = path.join(work, `${table}.csv`);
  await writeFile(csv, rows.map((site) => `"${site.id.replace(/"/g, '""')}",SRID=4326;POINT(${site.longitude} ${site.latitude})`).join('\n'));
  execFileSync('chown', ['postgres', csv]);
  await db.query(`COPY ${table} FROM '${csv}' WITH (FORMAT csv)`);
  await db.query(`CREATE INDEX ${table}_geog ON ${table} USING gist (geog)`);
  await db.query(`ANALYZE ${table}`);
}
const nearestInPostgis = `SELECT id, ST_Distance(geog, q) / ${METERS_PER_MILE} AS miles
  FROM facilities, (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS q) AS query
  WHERE ST_DWithin(geog, q, ${10 * METERS_PER_MILE})
  ORDER BY geog <-> q LIMIT 25`;
// The whole answer the platform gives: the 25 nearest, how many within 10 miles, the closest release.
const sameAnswerInPostgis = `WITH query AS (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS q)
  SELECT
    (SELECT json_agg(n) FROM (SELECT id, ST_Distance(geog, q) / ${METERS_PER_MILE} AS miles FROM facilities, query
       WHERE ST_DWithin(geog, q, ${10 * METERS_PER_MILE}) ORDER BY geog <-> q LIMIT 25) AS n) AS nearest,
    (SELECT count(*) FROM facilities, query WHERE ST_DWithin(geog, q, ${10 * METERS_PER_MILE})) AS total,
    (SELECT id FROM releases, query WHERE ST_DWithin(geog, q, ${10 * METERS_PER_MILE}) ORDER BY geog <-> q LIMIT 1) AS closest_release`;

// 3. Redis GEOSEARCH.
const redisServer = await startRedisServer();
const redis = new Redis(redisServer.url);
for (const [key, rows] of [['facilities', sites], ['releases', releaseSites]] as const) {
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = redis.pipeline();
    for (const site of rows.slice(start, start + 10_000)) batch.geoadd(key, site.longitude, site.latitude, site.id);
    await batch.exec();
  }
}

// 4. The platform, in its own process, and a token.
const port = await findFreePort();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/main.ts')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_SCALE: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForPort('127.0.0.1', port, 900_000);
const token = execFileSync(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'services/identity/src/cli/token.ts'), 'admin'], { env: process.env }).toString().trim();
const base = `http://127.0.0.1:${port}`;
const searchBody = (point: { latitude: number; longitude: number }) => JSON.stringify({ address: `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`, latitude: point.latitude, longitude: point.longitude });
async function searchOnce(point: { latitude: number; longitude: number }) {
  const response = await fetch(`${base}/api/search-address`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: searchBody(point) });
  if (response.status !== 200) throw new Error(`search: HTTP ${response.status} ${await response.text()}`);
  // The server's own time for the search step (Server-Timing), comparable to a database query.
  const searchMs = Number(/search;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ...((await response.json()) as { facilities: Array<{ id: string; distance_miles: number }>; total_found: number }), searchMs };
}

// 5. One query at a time, same points, each engine; results compared.
const timings: Record<string, number[]> = { platform: [], 'platform search': [], postgis: [], 'postgis same answer': [], redis: [], 'redis same answer': [] };
let disagreements = 0;
for (const point of [...points, ...points]) {
  let started = performance.now();
  const ours = await searchOnce(point);
  timings.platform!.push(performance.now() - started);
  timings['platform search']!.push(ours.searchMs);
  started = performance.now();
  const postgis = await db.query<{ id: string; miles: number }>(nearestInPostgis, [point.longitude, point.latitude]);
  timings.postgis!.push(performance.now() - started);
  started = performance.now();
  await db.query(sameAnswerInPostgis, [point.longitude, point.latitude]);
  timings['postgis same answer']!.push(performance.now() - started);
  started = performance.now();
  const geo = (await redis.call('GEOSEARCH', 'facilities', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'COUNT', 25, 'WITHDIST')) as Array<[string, string]>;
  timings.redis!.push(performance.now() - started);
  // Redis has no count within a radius: the same answer needs every member within 10 miles.
  started = performance.now();
  await Promise.all([
    redis.call('GEOSEARCH', 'facilities', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'WITHDIST'),
    redis.call('GEOSEARCH', 'releases', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'COUNT', 1, 'WITHDIST'),
  ]);
  timings['redis same answer']!.push(performance.now() - started);
  if (ours.facilities.length !== postgis.rows.length || ours.facilities.length !== geo.length) disagreements += 1;
}
const perQuery = Object.entries(timings).map(([engine, samples]) => {
  const { median, p95 } = summarize(samples);
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    engine: {
      platform: 'POST /api/search-address, client to client (HTTP, token, JSON)',
      'platform search': 'its search step (Server-Timing): 25 nearest, total, closest release',
      postgis: 'PostGIS ST_DWithin + KNN (GiST), 25 nearest',
      'postgis same answer': 'PostGIS, the same answer: 25 nearest, count within 10 mi, closest release',
      redis: 'Redis GEOSEARCH BYRADIUS 10 mi ASC COUNT 25',
      'redis same answer': 'Redis, the same answer: every member within 10 mi (count), closest release',
    }[engine] ?? engine,
    'p50 ms': Number(median.toFixed(2)),
    'p95 ms': Number(p95.toFixed(2)),
    'p99 ms': Number(sorted[Math.floor(sorted.length * 0.99)]!.toFixed(2)),
    queries: samples.length,
  };
});

// 6. The platform under load.
const loaded = [];
for (const kind of ['dense', 'rural', 'mixed'] as const) {
  const chosen = kind === 'mixed' ? points : points.filter((point) => point.kind === kind);
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/search-address`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, body: searchBody(chosen[next++ % chosen.length]!) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  loaded.push({
    points: `${kind} (${chosen.length})`,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p95 ms': (result.latency as unknown as Record<string, number>)['p97_5'] ?? result.latency.p90,
    'p99 ms': result.latency.p99,
  });
}

printTable(`Search, one query at a time, the same ${points.length} points twice (result counts differ at ${disagreements} of ${points.length * 2})`, perQuery);
printTable(`POST /api/search-address under autocannon, ${connections} connections, ${seconds} s each (p95 column is autocannon's p97.5)`, loaded);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await db.end();
postgres.kill('SIGTERM');
await new Promise((resolve) => postgres.once('exit', resolve));
redis.disconnect();
await redisServer.stop();
await rm(work, { recursive: true, force: true });
