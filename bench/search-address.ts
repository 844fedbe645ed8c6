/**
 * POST /api/search-address at national scale, and side by side on the same points the queries a
 * user would otherwise run: PostgreSQL + PostGIS (ST_DWithin + KNN on a GiST index) and Redis
 * GEOSEARCH. Points mix dense cities and rural counties. Per-query latency is measured one query
 * at a time for all three; the platform's throughput under autocannon after that, the last run
 * asking as a browser does, for compressed answers.
 *
 *   DATA_DIR=/path/to/national npx tsx bench/search-address.ts [seconds under load, default 15] [connections, default 10]
 *
 * Every engine is timed two ways, so like is compared with like:
 * - in the server: the platform's search step (its Server-Timing `search`: index query, items,
 *   response bytes) and its index query alone (`search-index`: positions and distances, which is
 *   what the peers return), PostgreSQL's own parse + bind + execute durations
 *   (log_min_duration_statement, this session only) and Redis's own command time (SLOWLOG,
 *   microseconds; the two commands of "the same answer" summed);
 * - client round trip over loopback: the platform's whole HTTP request (undici, kept alive;
 *   bearer token, geocoding block, 25 facilities with quotes as JSON, parsed), the pg
 *   and ioredis clients' query round trips (replies parsed). Beside them, the floor of any HTTP
 *   answer here: a bare Node HTTP server in its own process (no framework, no token check, no
 *   search) answering as many bytes as the platform did for the point, with the same client.
 * Each point is searched twice: the cold pass is every engine's first search of the point (the
 * platform has not read that part of its index yet), the warm pass the second. Before them each
 * engine answers WARM_UP_ROUNDS rounds of untimed searches elsewhere, so every process is in the
 * steady state of a server that has been answering for a while: a Node process's V8 compiles its
 * hot code over its first few thousand requests (the platform's round trip keeps falling until
 * then), which a C server does not need.
 *
 * Then every engine under the same load: as many clients as autocannon's connections, each asking
 * one query at a time on the mixed points, from this process (queries per second and latency; the
 * platform's answers read in full, as autocannon reads them, not parsed).
 *
 * Needs Debian's postgresql-15-postgis-3 and redis-server. The platform runs in its own process
 * (as users run it); chDB is opened here only to export the facility coordinates before it starts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { Client as UndiciClient } from 'undici';
import pg from 'pg';
import { loadConfig } from '@ust/platform';
import { findFreePort, startRedisServer, waitForPort } from '@ust/platform/testing';
import { queryPoints, readSites, warmUpPoints, type QueryPoint } from './search-points.js';
import { printTable } from './table.js';
import { nodeArguments } from './platform-process.js';

const loadBefore = os
  .loadavg()
  .map((load) => load.toFixed(2))
  .join(' ');
const seconds = Number(process.argv[2] ?? 15);
const connections = Number(process.argv[3] ?? 10);
const config = loadConfig();
const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'].find((dir) => existsSync(path.join(dir, 'initdb')));
if (!PG_BIN) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql-15-postgis-3');
const PG_VERSION = path.basename(path.dirname(PG_BIN));
if (!existsSync(`/usr/share/postgresql/${PG_VERSION}/extension/postgis.control`)) {
  throw new Error(`PostgreSQL ${PG_VERSION} has no PostGIS extension: apt-get install -y postgresql-${PG_VERSION}-postgis-3`);
}
const METERS_PER_MILE = 1609.344;

// 1. Facility coordinates, and query points: 100 in the ten busiest counties, 100 in sparse ones.
const { sites, releaseSites } = await readSites(config);
const points = queryPoints(sites);
const warmUp = warmUpPoints(sites);
console.log(
  `${sites.length.toLocaleString('en-US')} located facilities; ${points.length} query points (100 in the ten busiest counties, 100 in counties with at most 20 facilities)`,
);

// 2. PostGIS. Its log (stderr) carries the statement durations of the measuring session.
const work = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-search-'));
const pgPort = await findFreePort();
const pgData = path.join(work, 'pg');
const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
execFileSync('chown', ['-R', 'postgres', work]);
const run = (binary: string, args: string[]) =>
  execFileSync(asPostgres[0] ?? path.join(PG_BIN, binary), asPostgres.length ? [...asPostgres.slice(1), path.join(PG_BIN, binary), ...args] : args, {
    stdio: 'pipe',
  });
run('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
const postgres = spawn(
  asPostgres[0] ?? path.join(PG_BIN, 'postgres'),
  [
    ...asPostgres.slice(1),
    ...(asPostgres.length ? [path.join(PG_BIN, 'postgres')] : []),
    '-D',
    pgData,
    '-p',
    String(pgPort),
    '-k',
    work,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'shared_buffers=256MB',
    '-c',
    'fsync=off',
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
/** `duration: 0.123 ms  parse|bind|execute <unnamed>: <first line of the statement>` lines, in order. */
const pgDurations: Array<{ ms: number; statement: string }> = [];
readline.createInterface({ input: postgres.stderr! }).on('line', (line) => {
  const match = /duration: ([\d.]+) ms\s+(?:parse|bind|execute) [^:]*: (.*)$/.exec(line);
  if (match) pgDurations.push({ ms: Number(match[1]), statement: match[2]! });
});
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
for (const [table, rows] of [
  ['facilities', sites],
  ['releases', releaseSites],
] as const) {
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
/** The server's time for the statements logged since `from` that start like `statement`. */
async function postgresServerMs(from: number, statement: string, expectedLines: number): Promise<number> {
  // The log arrives through a pipe a moment after the reply.
  for (let waited = 0; pgDurations.slice(from).filter((entry) => statement.startsWith(entry.statement.trim())).length < expectedLines; waited++) {
    if (waited > 200) throw new Error(`PostgreSQL logged ${pgDurations.length - from} durations, not ${expectedLines}, for ${statement.slice(0, 40)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return pgDurations
    .slice(from)
    .filter((entry) => statement.startsWith(entry.statement.trim()))
    .reduce((sum, entry) => sum + entry.ms, 0);
}

// 3. Redis GEOSEARCH. SLOWLOG records every command's own time (threshold 0).
const redisServer = await startRedisServer();
const redis = new Redis(redisServer.url);
for (const [key, rows] of [
  ['facilities', sites],
  ['releases', releaseSites],
] as const) {
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = redis.pipeline();
    for (const site of rows.slice(start, start + 10_000)) batch.geoadd(key, site.longitude, site.latitude, site.id);
    await batch.exec();
  }
}
await redis.call('CONFIG', 'SET', 'slowlog-log-slower-than', '0');
await redis.call('CONFIG', 'SET', 'slowlog-max-len', '1024');
type SlowlogEntry = [id: number, time: number, micros: number, args: string[]];
/** Microseconds Redis spent in the GEOSEARCH commands since the last call, as ms: [count 25, the same answer]. */
async function redisServerMs(): Promise<[nearest: number, sameAnswer: number]> {
  const entries = (await redis.call('SLOWLOG', 'GET', '16')) as SlowlogEntry[];
  await redis.call('SLOWLOG', 'RESET');
  const searches = entries.filter((entry) => String(entry[3][0]).toUpperCase() === 'GEOSEARCH');
  if (searches.length !== 3) throw new Error(`SLOWLOG holds ${searches.length} GEOSEARCH commands, not 3`);
  const nearest = searches.filter((entry) => entry[3].includes('25'));
  const same = searches.filter((entry) => !entry[3].includes('25'));
  return [nearest.reduce((sum, entry) => sum + entry[2], 0) / 1000, same.reduce((sum, entry) => sum + entry[2], 0) / 1000];
}

/** The peers' queries, as every part of the run below asks them. */
const peerQueries = {
  postgis: (client: pg.Client, point: QueryPoint) => client.query<{ id: string; miles: number }>(nearestInPostgis, [point.longitude, point.latitude]),
  postgisSameAnswer: (client: pg.Client, point: QueryPoint) => client.query<{ total: string }>(sameAnswerInPostgis, [point.longitude, point.latitude]),
  redis: (client: Redis, point: QueryPoint) =>
    client.call('GEOSEARCH', 'facilities', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'COUNT', 25, 'WITHDIST') as Promise<
      Array<[string, string]>
    >,
  // Redis has no count within a radius: the same answer needs every member within 10 miles.
  redisSameAnswer: (client: Redis, point: QueryPoint) =>
    Promise.all([
      client.call('GEOSEARCH', 'facilities', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'WITHDIST') as Promise<unknown[]>,
      client.call('GEOSEARCH', 'releases', 'FROMLONLAT', point.longitude, point.latitude, 'BYRADIUS', 10, 'mi', 'ASC', 'COUNT', 1, 'WITHDIST') as Promise<
        unknown[]
      >,
    ]),
};

// 4. The platform, in its own process, and a token.
const port = await findFreePort();
const server = spawn(process.execPath, nodeArguments('services/standalone/src/main.ts'), {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_SCALE: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForPort('127.0.0.1', port, 900_000);
const token = execFileSync(process.execPath, [...nodeArguments('services/identity/src/cli/token.ts'), 'admin'], { env: process.env })
  .toString()
  .trim();
const base = `http://127.0.0.1:${port}`;

// 4b. The floor of any HTTP answer on this machine: a bare Node HTTP server in its own process,
// answering a JSON body of the size asked for (x-body-bytes) once it has read the request.
const FLOOR_SERVER = `
const http = require('node:http');
const bodies = new Map();
http.createServer((request, response) => {
  const bytes = Number(request.headers['x-body-bytes']) || 16;
  request.resume();
  request.on('end', () => {
    let body = bodies.get(bytes);
    if (!body) bodies.set(bytes, (body = Buffer.from(JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - 14)) }))));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
}).listen(Number(process.argv[1]), '127.0.0.1');
`;
const floorPort = await findFreePort();
const floorServer = spawn(process.execPath, ['-e', FLOOR_SERVER, String(floorPort)], { stdio: ['ignore', 'ignore', 'inherit'] });
await waitForPort('127.0.0.1', floorPort, 30_000);
const floorOnce = (point: QueryPoint, bytes: number) => searchOnce(point, floorClient, { 'x-body-bytes': String(bytes) });
const searchBody = (point: { latitude: number; longitude: number }) =>
  JSON.stringify({ address: `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`, latitude: point.latitude, longitude: point.longitude });
/**
 * HTTP round trips go through undici (the client behind Node's fetch), one kept-alive connection
 * per server, as the pg and ioredis clients keep theirs: node:http's own client adds about
 * 0.07 ms to every round trip here (measured against the bare server), which is the client's
 * cost, not the server's.
 */
const platformClient = new UndiciClient(base);
const floorClient = new UndiciClient(`http://127.0.0.1:${floorPort}`);
interface SearchAnswer {
  facilities: Array<{ id: string; distance_miles: number }>;
  total_found: number;
  closest_release: { distance_miles: number } | null;
  searchMs: number;
  indexMs: number;
  bytes: number;
}
/** A search's answer as it arrives: status, headers and body bytes, read in full but not parsed. */
async function searchBytes(point: { latitude: number; longitude: number }, client = platformClient, extraHeaders: Record<string, string> = {}) {
  const response = await client.request({
    path: '/api/search-address',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extraHeaders },
    body: searchBody(point),
  });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new Error(`search: HTTP ${response.statusCode} ${bytes.toString('utf8')}`);
  return { bytes, headers: response.headers };
}
async function searchOnce(
  point: { latitude: number; longitude: number },
  client = platformClient,
  extraHeaders: Record<string, string> = {},
): Promise<SearchAnswer> {
  const { bytes, headers } = await searchBytes(point, client, extraHeaders);
  const text = bytes.toString('utf8');
  // The server's own time for the search step (Server-Timing).
  const timing = String(headers['server-timing'] ?? '');
  const searchMs = Number(/(?:^|[ ,])search;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN);
  const indexMs = Number(/search-index;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN);
  return { ...(JSON.parse(text) as Omit<SearchAnswer, 'searchMs' | 'indexMs' | 'bytes'>), searchMs, indexMs, bytes: bytes.length };
}

// 5. First, untimed, every engine searches elsewhere (warm-up points, none within 30 miles of a
// measured point, so the cold pass stays each point's first search), round after round, so no
// measured search falls in a process's warm-up. Then one query at a time, same points, each
// engine; results compared.
const WARM_UP_ROUNDS = Number(process.env.WARM_UP_ROUNDS ?? 30);
for (let round = 0; round < WARM_UP_ROUNDS; round++)
  for (const point of warmUp) {
    await floorOnce(point, (await searchOnce(point)).bytes);
    await peerQueries.postgis(db, point);
    await peerQueries.postgisSameAnswer(db, point);
    await peerQueries.redis(redis, point);
    await peerQueries.redisSameAnswer(redis, point);
  }
const ENGINES = {
  platform: 'Platform: the search step, 25 nearest + total + closest release, items as JSON',
  'platform index': 'Platform: its index query alone (positions and distances, as the peers answer)',
  'http floor': 'Bare Node HTTP server, same client, as many bytes as the platform answered (no framework, token or search)',
  postgis: 'PostGIS ST_DWithin + KNN (GiST), 25 nearest',
  'postgis same answer': 'PostGIS, the same answer: 25 nearest, count within 10 mi, closest release',
  redis: 'Redis GEOSEARCH BYRADIUS 10 mi ASC COUNT 25',
  'redis same answer': 'Redis, the same answer: every member within 10 mi (count), closest release',
} as const;
type Engine = keyof typeof ENGINES;
/** The platform's row where its whole request is timed rather than its search step. */
const PLATFORM_REQUEST = 'Platform: POST /api/search-address (HTTP, token, geocoding block, 25 facilities with quotes)';
type Pass = 'cold' | 'warm';
interface Sample {
  engine: Engine;
  pass: Pass;
  kind: QueryPoint['kind'];
  serverMs: number;
  clientMs: number;
}
const samples: Sample[] = [];
// From here on this session's statements are logged with their durations (the server's time).
await db.query('SET log_min_duration_statement = 0');
const differences = { count25: 0, total: 0 };
for (const pass of ['cold', 'warm'] as const) {
  for (const point of points) {
    const add = (engine: Engine, serverMs: number, clientMs: number) => samples.push({ engine, pass, kind: point.kind, serverMs, clientMs });
    let started = performance.now();
    const ours = await searchOnce(point);
    add('platform', ours.searchMs, performance.now() - started);
    // Before the platform reported its index query apart (Server-Timing search-index), NaN.
    add('platform index', ours.indexMs, NaN);
    started = performance.now();
    await floorOnce(point, ours.bytes);
    add('http floor', NaN, performance.now() - started);

    const logged = pgDurations.length;
    started = performance.now();
    const postgis = await peerQueries.postgis(db, point);
    const postgisMs = performance.now() - started;
    started = performance.now();
    const postgisSame = await peerQueries.postgisSameAnswer(db, point);
    const postgisSameMs = performance.now() - started;
    add('postgis', await postgresServerMs(logged, nearestInPostgis, 3), postgisMs);
    add('postgis same answer', await postgresServerMs(logged, sameAnswerInPostgis, 3), postgisSameMs);

    await redis.call('SLOWLOG', 'RESET');
    started = performance.now();
    const geo = await peerQueries.redis(redis, point);
    const redisMs = performance.now() - started;
    started = performance.now();
    const [within] = await peerQueries.redisSameAnswer(redis, point);
    const redisSameMs = performance.now() - started;
    const [redisServer25, redisServerSame] = await redisServerMs();
    add('redis', redisServer25, redisMs);
    add('redis same answer', redisServerSame, redisSameMs);

    if (ours.facilities.length !== postgis.rows.length || ours.facilities.length !== geo.length) differences.count25 += 1;
    if (ours.total_found !== Number(postgisSame.rows[0]!.total) || ours.total_found !== within.length) differences.total += 1;
  }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
/** An engine's times of one side and pass, of one kind of point or all, in ascending order. */
function sortedTimes(engine: Engine, side: 'serverMs' | 'clientMs', pass: Pass | 'both', kind?: QueryPoint['kind']): number[] {
  return samples
    .filter((sample) => sample.engine === engine && (pass === 'both' || sample.pass === pass) && (!kind || sample.kind === kind))
    .map((sample) => sample[side])
    .sort((a, b) => a - b);
}
function latencyRows(side: 'serverMs' | 'clientMs', pass: Pass | 'both') {
  const measured = (engine: Engine) => samples.some((sample) => sample.engine === engine && !Number.isNaN(sample[side]));
  return (Object.keys(ENGINES) as Engine[]).filter(measured).map((engine) => {
    const of = (kind?: QueryPoint['kind']) => sortedTimes(engine, side, pass, kind);
    const all = of();
    const dense = of('dense');
    const rural = of('rural');
    const ms = (value: number) => Number(value.toFixed(3));
    return {
      engine: side === 'clientMs' && engine === 'platform' ? PLATFORM_REQUEST : ENGINES[engine],
      'p50 ms': ms(percentile(all, 0.5)),
      'p95 ms': ms(percentile(all, 0.95)),
      'p99 ms': ms(percentile(all, 0.99)),
      'dense p50': ms(percentile(dense, 0.5)),
      'dense p95': ms(percentile(dense, 0.95)),
      'rural p50': ms(percentile(rural, 0.5)),
      'rural p95': ms(percentile(rural, 0.95)),
      queries: all.length,
    };
  });
}

/**
 * Per query in the server, in microseconds (the tables above show hundredths of a ms): the
 * platform's index query against each peer's 25 nearest, and its whole search step (the answer
 * with its items' JSON) against each peer's same answer (ids only), cold and warm together.
 */
function perQueryRows() {
  const microseconds = (engine: Engine, kind: QueryPoint['kind'] | 'all', q: number) =>
    Math.round(1000 * percentile(sortedTimes(engine, 'serverMs', 'both', kind === 'all' ? undefined : kind), q));
  const pairs: Array<[label: string, ours: Engine, peer: Engine]> = [
    ['index query vs PostGIS 25 nearest', 'platform index', 'postgis'],
    ['index query vs Redis GEOSEARCH 25', 'platform index', 'redis'],
    ['search step vs PostGIS same answer', 'platform', 'postgis same answer'],
    ['search step vs Redis same answer', 'platform', 'redis same answer'],
  ];
  return pairs.flatMap(([label, ours, peer]) =>
    (['all', 'dense', 'rural'] as const).map((kind) => ({
      platform: label,
      points: kind,
      'platform p50 µs': microseconds(ours, kind, 0.5),
      'peer p50 µs': microseconds(peer, kind, 0.5),
      'platform p95 µs': microseconds(ours, kind, 0.95),
      'peer p95 µs': microseconds(peer, kind, 0.95),
    })),
  );
}

// 6. The platform under load.
const loaded = [];
// The last run asks as a browser does, for a compressed answer (brotli, the browser's choice).
for (const kind of ['dense', 'rural', 'mixed', 'mixed, as a browser asks (accept-encoding: gzip, deflate, br)'] as const) {
  const chosen = kind === 'dense' || kind === 'rural' ? points.filter((point) => point.kind === kind) : points;
  const compressed = kind.includes('browser');
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/search-address`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(compressed ? { 'accept-encoding': 'gzip, deflate, br' } : {}) },
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

console.log(
  `\nOne query at a time, the same ${points.length} points twice, after ${(WARM_UP_ROUNDS * warmUp.length).toLocaleString('en-US')} untimed searches elsewhere (${WARM_UP_ROUNDS} rounds of ${warmUp.length} points): cold = each engine's first search of a point, warm = its second.`,
);
console.log(
  `Answers differ from a peer at ${differences.count25} of ${points.length * 2} (number of the 25 nearest) and ${differences.total} (count within 10 mi): points on the 10-mile edge, measured on the spheroid (PostGIS), a geohash (Redis) or by haversine (platform).`,
);
console.log(
  `Load average before the run: ${loadBefore}; after: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
for (const pass of ['cold', 'warm', 'both'] as const) {
  printTable(
    `In the server (platform: Server-Timing search and search-index; PostgreSQL: logged parse + bind + execute; Redis: SLOWLOG), ${pass === 'both' ? 'cold and warm together' : `${pass} pass`}`,
    latencyRows('serverMs', pass),
  );
  printTable(`Client round trip over loopback, ${pass === 'both' ? 'cold and warm together' : `${pass} pass`}`, latencyRows('clientMs', pass));
}
printTable('Per query in the server, the platform against each peer, in µs (cold and warm together)', perQueryRows());
// 7. Every engine under the same load, from the same loop: `connections` clients, each asking one
// query at a time, the mixed points in turn, for `seconds`. Each peer answers its own queries
// (ids and distances, parsed by its client as it reads the protocol); the platform its whole
// answer, read in full but not parsed, as autocannon reads it: its JSON takes this one process
// about 0.1 ms a reply to parse, which would queue behind each other the ten clients that, in
// use, are ten browsers.
async function underLoad(clients: Array<(point: QueryPoint) => Promise<unknown>>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    clients.map(async (query) => {
      while (performance.now() < until) {
        const point = points[next++ % points.length]!;
        const queryStarted = performance.now();
        await query(point);
        latencies.push(performance.now() - queryStarted);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    'queries/s': Math.round(latencies.length / elapsedSeconds),
    'p50 ms': Number(percentile(latencies, 0.5).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 0.95).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 0.99).toFixed(2)),
    queries: latencies.length,
  };
}
const loadClients = Array.from({ length: connections }, () => ({
  http: new UndiciClient(base),
  pg: new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres' }),
  redis: new Redis(redisServer.url),
}));
for (const client of loadClients) await client.pg.connect();
const sameLoad: Array<Record<string, string | number>> = [];
const loadRuns: Array<[Engine, (client: (typeof loadClients)[number], point: QueryPoint) => Promise<unknown>]> = [
  ['platform', (client, point) => searchBytes(point, client.http)],
  ['postgis', (client, point) => peerQueries.postgis(client.pg, point)],
  ['postgis same answer', (client, point) => peerQueries.postgisSameAnswer(client.pg, point)],
  ['redis', (client, point) => peerQueries.redis(client.redis, point)],
  ['redis same answer', (client, point) => peerQueries.redisSameAnswer(client.redis, point)],
];
for (const [engine, query] of loadRuns) {
  const result = await underLoad(loadClients.map((client) => (point: QueryPoint) => query(client, point)));
  sameLoad.push({ engine: engine === 'platform' ? PLATFORM_REQUEST : ENGINES[engine], ...result });
}
for (const client of loadClients) {
  await client.http.close();
  await client.pg.end();
  client.redis.disconnect();
}

printTable(`POST /api/search-address under autocannon, ${connections} connections, ${seconds} s each (p95 column is autocannon's p97.5)`, loaded);
printTable(
  `Every engine under the same load: ${connections} clients from this process, one query at a time each, the ${points.length} mixed points in turn, ${seconds} s each`,
  sameLoad,
);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
floorServer.kill('SIGTERM');
await platformClient.close();
await floorClient.close();
await db.end();
postgres.kill('SIGTERM');
await new Promise((resolve) => postgres.once('exit', resolve));
redis.disconnect();
await redisServer.stop();
await rm(work, { recursive: true, force: true });
