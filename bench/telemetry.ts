/**
 * Telemetry end to end: events per second from HTTP (POST /api/logs, 100 entries per call) to
 * rows queryable in ClickHouse, and freshness, the seconds from a POST to the entry counting in
 * GET /api/admin/analytics, measured while background load runs. The platform runs in this
 * process (chDB must not load in a worker thread); autocannon runs its load in a worker thread
 * so it does not share the server's event loop.
 *
 *   npx tsx bench/telemetry.ts [in-process|kafka] [seconds of load, default 20] [connections, default 8]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createLogger, loadConfig } from '@ust/platform';
import { startKafkaBroker } from '@ust/platform/testing';
import { startStandalone } from '@ust/standalone';
import { printTable, rssMegabytes, summarize } from './table.js';

const mode = (process.argv[2] ?? 'in-process') as 'in-process' | 'kafka';
const seconds = Number(process.argv[3] ?? 20);
const connections = Number(process.argv[4] ?? 8);
const ENTRIES_PER_CALL = 100;
const FRESHNESS_PROBES = 40;

const broker = mode === 'kafka' ? await startKafkaBroker() : undefined;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-telemetry-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DEMO_SCALE: 'none',
  PORT: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000000',
  TELEMETRY_BUFFER_EVENTS: '1000000',
  // Room for the million events above, so the bench measures the pipeline, not the buffer's bound.
  TELEMETRY_BUFFER_BYTES: String(1024 * 1024 * 1024),
  ...(broker ? { KAFKA_BROKERS: broker.url } : {}),
});
const standalone = await startStandalone({ config, log: createLogger('bench-telemetry', { level: 'warn' }) });
const { store } = standalone.ports;
const adminAccount = standalone.identity!.accounts.find((account) => account.role === 'admin')!;
const authorization = `Bearer ${await standalone.identity!.issueAccessToken(adminAccount)}`;
const runId = Date.now().toString(36);

async function countRows(category: string): Promise<number> {
  const [row] = await store.query<{ rows: number }>('SELECT count() AS rows FROM logs FINAL WHERE category = {category:String}', { category });
  return Number(row?.rows ?? 0);
}

function logsBody(category: string, level: string, message: string): string {
  const timestamp = new Date().toISOString();
  const entry = {
    timestamp,
    level,
    category,
    message,
    context: { page: '/county-map', run: runId },
    sessionId: `bench-${runId}`,
    url: 'http://localhost:8080/county-map',
  };
  return JSON.stringify({ logs: Array.from({ length: ENTRIES_PER_CALL }, () => entry) });
}

function load(body: string, options: { duration: number; overallRate?: number }) {
  return autocannon({
    url: `${standalone.url}/api/logs`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body,
    connections,
    duration: options.duration,
    workers: 1,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
}

// 1. Throughput: as fast as the gateway accepts for `seconds`, then until every accepted entry is a row.
const throughputCategory = `BENCH_THROUGHPUT_${runId}`;
const startedAt = performance.now();
const result = await load(logsBody(throughputCategory, 'INFO', 'bench entry'), { duration: seconds });
const loadSeconds = (performance.now() - startedAt) / 1000;
if (result.non2xx > 0 || result.errors > 0) throw new Error(`load: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
const accepted = result['2xx'] * ENTRIES_PER_CALL;
// A buffer that filled up dropped the oldest INFO entries (and says how many).
const expected = () => accepted - standalone.gateway.telemetry.stats().dropped;
let written = 0;
while ((written = await countRows(throughputCategory)) < expected()) {
  if ((performance.now() - startedAt) / 1000 > seconds + 300) throw new Error(`only ${written} of ${expected()} entries became rows`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const endToEndSeconds = (performance.now() - startedAt) / 1000;
const rssAfterLoad = rssMegabytes();

// 2. Freshness: one ERROR entry at a time, timed until /admin/analytics counts it, under background load.
async function errorsInAnalytics(): Promise<number> {
  const response = await fetch(`${standalone.url}/api/admin/analytics`, { headers: { authorization } });
  const body = (await response.json()) as { series: Array<{ errors: number }> };
  return body.series.reduce((sum, point) => sum + point.errors, 0);
}
const background = load(logsBody(`BENCH_BACKGROUND_${runId}`, 'INFO', 'background entry'), {
  duration: Math.ceil(FRESHNESS_PROBES * 1.5) + 10,
  overallRate: 50,
});
const freshness: number[] = [];
for (let probe = 0; probe < FRESHNESS_PROBES; probe++) {
  const before = await errorsInAnalytics();
  const posted = performance.now();
  const response = await fetch(`${standalone.url}/api/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ logs: [{ timestamp: new Date().toISOString(), level: 'ERROR', category: `BENCH_FRESHNESS_${runId}`, message: `probe ${probe}` }] }),
  });
  if (response.status !== 202) throw new Error(`probe ${probe}: HTTP ${response.status}`);
  while ((await errorsInAnalytics()) <= before) await new Promise((resolve) => setTimeout(resolve, 20));
  freshness.push((performance.now() - posted) / 1000);
}
const backgroundResult = await background;
const fresh = summarize(freshness);

printTable(`Telemetry end to end, ${mode} event log, ${connections} connections, ${ENTRIES_PER_CALL} entries per POST /api/logs`, [
  {
    'accepted by the gateway': accepted,
    'accept rate events/s': Math.round(accepted / loadSeconds),
    'HTTP p50 ms': result.latency.p50,
    'HTTP p99 ms': result.latency.p99,
    'dropped by the full buffer': standalone.gateway.telemetry.stats().dropped,
    'rows in ClickHouse': written,
    'end to end events/s': Math.round(written / endToEndSeconds),
    'seconds to last row': Number(endToEndSeconds.toFixed(1)),
    'RSS MB': rssAfterLoad,
  },
]);
printTable(
  `Freshness: POST to counted in GET /api/admin/analytics, ${FRESHNESS_PROBES} probes, background ${Math.round(backgroundResult.requests.average * ENTRIES_PER_CALL)} events/s`,
  [{ 'median s': Number(fresh.median.toFixed(2)), 'p95 s': Number(fresh.p95.toFixed(2)), 'max s': Number(Math.max(...freshness).toFixed(2)) }],
);

await standalone.close();
await broker?.stop();
await rm(dataDir, { recursive: true, force: true });
