/**
 * The event loop under the worst allowed screening (no request may stall the gateway): while
 * one client polls GET /health every 20 ms, a broker uploads the worst portfolio file the rules
 * allow (bench/worst-allowed-portfolio.ts: 10,000 rows at the field limits, 10 MB),
 * follows it to done as the web app does, opens its rows, then downloads its summary PDF, CSV and
 * XLSX. For each phase, against the idle platform: /health's latency (p50, p95, p99, max) and the
 * platform's event-loop delay (p99, max). The target is a /health p99 under 50 ms throughout.
 *
 *   DATA_DIR=/path/to/national npx tsx bench/event-loop.ts [downloads of each kind, default 3]
 *     an existing data directory (a national one from `pnpm start`), used as it is; the
 *     screening the bench makes is removed at the end
 *   npx tsx bench/event-loop.ts
 *     a new temporary directory with the demo dataset of BENCH_DEMO_SCALE (default national,
 *     minutes on 2 cores), removed at the end
 *
 * The platform runs in its own process, compiled as `pnpm start` runs it (BENCH_RUNTIME=tsx for
 * the TypeScript). A probe preloaded into it (NODE_OPTIONS=--import) notes how late a 10 ms timer
 * of its main thread fires, each time, and how long each garbage collection of its heap takes;
 * the poller runs on a thread of its own, so the bench's own downloads do not delay its
 * requests. With CPU_PROF_DIR set, the platform also writes a V8 CPU profile of its main thread
 * there when it stops, with the epoch time of its clock's zero, to see what held the event loop
 * in a phase.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import type { ScreeningAccepted, ScreeningRun } from '@ust/schemas';
import { demoAccessToken, stopStandalone } from '@ust/standalone/testing';
import { facilitiesOfBusiestCounties } from './busiest-counties.js';
import { startBenchPlatform, waitForDataset } from './platform-process.js';
import { printTable, type Row } from './table.js';
import { worstAllowedPortfolio, type PortfolioFacility } from './worst-allowed-portfolio.js';

const downloadsOfEachKind = Number(process.argv[2] ?? 3);
const IDLE_SECONDS = 10;
/** After a start the search index reads every tile of the live version in slices: idle is measured after it. */
const SETTLE_SECONDS = 15;
const HEALTH_EVERY_MS = 20;
const TARGET_P99_MS = 50;
process.env.BENCH_RUNTIME ??= 'compiled';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-event-loop-'));
const givenDataDir = process.env.DATA_DIR;
const dataDir = givenDataDir ?? path.join(scratch, 'data');
const delaysFile = path.join(scratch, 'event-loop-delays.csv');
const gcFile = path.join(scratch, 'gc-pauses.csv');
const probe = path.join(scratch, 'event-loop-probe.mjs');
const cpuProfDir = process.env.CPU_PROF_DIR && path.resolve(process.env.CPU_PROF_DIR);
if (cpuProfDir) await mkdir(cpuProfDir, { recursive: true });
// One line per firing of a 10 ms timer on the platform's main thread: when (epoch ms) and how late (ms).
await writeFile(
  probe,
  `import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  // Each garbage collection of the main thread's heap: when it ended (epoch ms), how long it took (ms), and its kind (2 is a full mark-compact).
  new PerformanceObserver((list) => {
    const lines = list.getEntries().map((entry) => (performance.timeOrigin + entry.startTime + entry.duration).toFixed(1) + ',' + entry.duration.toFixed(2) + ',' + entry.detail.kind);
    appendFileSync(${JSON.stringify(gcFile)}, lines.join('\\n') + '\\n');
  }).observe({ entryTypes: ['gc'] });
  const profileDir = ${JSON.stringify(cpuProfDir ?? '')};
  if (profileDir) {
    const session = new Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 1000 });
    session.post('Profiler.start');
    const clockZero = Date.now() - Number(process.hrtime.bigint() / 1000n) / 1000;
    // The main thread's session answers synchronously, so this completes within 'exit'.
    process.on('exit', () =>
      session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(profileDir + '/platform-' + process.pid + '.cpuprofile', JSON.stringify({ ...result.profile, clockZero }));
      }),
    );
  }
  let lines = [];
  let due = performance.now() + 10;
  const tick = () => {
    const now = performance.now();
    lines.push((performance.timeOrigin + now).toFixed(1) + ',' + Math.max(0, now - due).toFixed(2));
    due = now + 10;
    setTimeout(tick, 10).unref();
  };
  setTimeout(tick, 10).unref();
  setInterval(() => {
    if (lines.length) appendFileSync(${JSON.stringify(delaysFile)}, lines.join('\\n') + '\\n');
    lines = [];
  }, 250).unref();
}
`,
);
const server = await startBenchPlatform(dataDir, {
  DEMO_SCALE: givenDataDir ? 'none' : (process.env.BENCH_DEMO_SCALE ?? 'national'),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probe}`.trim(),
});

/** A poller on its own thread: GET /health every HEALTH_EVERY_MS on one kept-alive connection, each answer timed from its sending. */
function startHealthPoller(url: string): { stop(): Promise<Array<{ at: number; ms: number; ok: boolean }>> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
let polling = true;
parentPort.once('message', () => (polling = false));
(async () => {
  const samples = [];
  while (polling) {
    const started = performance.now();
    let ok = false;
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      ok = response.status === 200;
    } catch {}
    const ms = performance.now() - started;
    samples.push({ at: performance.timeOrigin + started, ms, ok });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.every - ms)));
  }
  parentPort.postMessage(samples);
})();`,
    { eval: true, workerData: { url: `${url}/health`, every: HEALTH_EVERY_MS } },
  );
  return {
    async stop() {
      const samples = new Promise<Array<{ at: number; ms: number; ok: boolean }>>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
let screeningId: string | undefined;

try {
  const base = server.url;
  const broker = `Bearer ${await demoAccessToken(server, dataDir, 'broker')}`;
  const get = (url: string) => fetch(`${base}${url}`, { headers: { authorization: broker } });
  await waitForDataset(base, broker);
  const csv = worstAllowedPortfolio(await facilitiesOfBusiestCounties<PortfolioFacility>(get, 40, 10_000));

  const phases: Array<{ name: string; from: number; to: number }> = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const from = now();
    const result = await work();
    phases.push({ name, from, to: now() });
    return result;
  };
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const poller = startHealthPoller(base);
  await phase('idle', () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));

  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `worst-allowed-${'n'.repeat(180)}.csv`);
  const accepted = await phase('upload (10 MB, 10,000 rows)', async () => {
    const response = await fetch(`${base}/api/screenings`, { method: 'POST', headers: { authorization: broker }, body: form });
    if (response.status !== 202) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as ScreeningAccepted;
  });
  screeningId = accepted.id;
  const screening = await phase('screening running', async () => {
    for (;;) {
      const run = (await (await get(`/api/screenings/${accepted.id}`)).json()) as ScreeningRun;
      if (run.status === 'done' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });
  if (screening.status !== 'done') throw new Error(`screening failed: ${screening.failure}`);

  const downloads: Row[] = [];
  for (const [name, url] of [
    ['rows JSON (results page)', `/api/screenings/${accepted.id}/rows`],
    ['summary PDF', `/api/screenings/${accepted.id}/summary.pdf`],
    ['CSV', `/api/screenings/${accepted.id}/export/csv`],
    ['XLSX', `/api/screenings/${accepted.id}/export/xlsx`],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    let encoding = '';
    await phase(`${name} x${downloadsOfEachKind}`, async () => {
      for (let round = 0; round < downloadsOfEachKind; round++) {
        const started = performance.now();
        // As a browser asks, compressed; the bytes are counted and dropped, not decoded, so the
        // bench's own work stays small beside the platform's.
        const response = await request(`${base}${url}`, { headers: { authorization: broker, 'accept-encoding': 'br, gzip' } });
        if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode} ${await response.body.text()}`);
        bytes = 0;
        for await (const chunk of response.body) bytes += (chunk as Buffer).length;
        encoding = String(response.headers['content-encoding'] ?? 'identity');
        times.push(performance.now() - started);
      }
    });
    const sorted = times.sort((a, b) => a - b);
    downloads.push({ download: name, 'median ms': percentile(sorted, 0.5), 'max ms': sorted.at(-1) ?? 0, 'MiB sent': bytes / 1048576, encoding });
  }
  const health = await poller.stop();
  const csvLines = async (file: string) =>
    (await readFile(file, 'utf8').catch(() => ''))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(',').map(Number));
  const delays = (await csvLines(delaysFile)) as Array<[number, number]>;
  const gcPauses = (await csvLines(gcFile)) as Array<[number, number, number]>;

  const rows = phases.map(({ name, from, to }) => {
    const answered = health.filter((sample) => sample.at >= from && sample.at < to);
    const latencies = answered.map((sample) => sample.ms).sort((a, b) => a - b);
    const loop = delays
      .filter(([at]) => at >= from && at < to)
      .map(([, late]) => late)
      .sort((a, b) => a - b);
    const p99 = percentile(latencies, 0.99);
    const collections = gcPauses.filter(([at]) => at >= from && at < to);
    return {
      phase: name,
      seconds: (to - from) / 1000,
      '/health calls': answered.length,
      'p50 ms': percentile(latencies, 0.5),
      'p95 ms': percentile(latencies, 0.95),
      'p99 ms': p99,
      'max ms': latencies.at(-1) ?? 0,
      errors: answered.filter((sample) => !sample.ok).length,
      'loop delay p99 ms': percentile(loop, 0.99),
      'loop delay max ms': loop.at(-1) ?? 0,
      'GC ms': collections.reduce((sum, [, ms]) => sum + ms, 0),
      'longest GC ms': Math.max(0, ...collections.map(([, ms]) => ms)),
      [`p99 < ${TARGET_P99_MS} ms`]: p99 < TARGET_P99_MS ? 'yes' : 'NO',
    };
  });
  const source = givenDataDir ? `DATA_DIR ${givenDataDir}` : `demo dataset DEMO_SCALE=${process.env.BENCH_DEMO_SCALE ?? 'national'}`;
  printTable(
    `GET /health every ${HEALTH_EVERY_MS} ms during the worst allowed screening (${source}; ${os.cpus().length} cores; ${process.env.BENCH_RUNTIME})`,
    rows,
  );
  // Beside the profile: the phases and each timer's lateness, on the same epoch clock.
  if (cpuProfDir) await writeFile(path.join(cpuProfDir, 'phases.json'), JSON.stringify({ phases, delays, gcPauses }));
  printTable(
    `The screening: ${screening.rows_total.toLocaleString('en-US')} rows, ${screening.matched.toLocaleString('en-US')} matched, ${screening.screened.toLocaleString('en-US')} screened, ${screening.not_located.toLocaleString('en-US')} not located; downloads one at a time`,
    downloads,
  );
} finally {
  await stopStandalone(server, 'SIGTERM to the process');
  if (givenDataDir && screeningId) await rm(path.join(givenDataDir, 'screenings', screeningId), { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
}
