/**
 * Searches while an import runs: the search screen's calls, signed in, at a steady
 * rate while the platform is idle, then while an admin's upload of the real EPA template files
 * (every state of pipelines/fixtures/epa-template, the repository's copy of the shared data) goes
 * through each of its steps to live, then once more on the new version. The same figures per
 * step: latency, errors, throughput, the platform's event-loop waits and its RSS; and within the
 * rebuild, per rebuild step, so a slow step shows by name.
 *
 *   DATA_DIR=./data npx tsx bench/search-during-import.ts [clients, default 4] [searches per second per client, default 5] [idle searches, default 600]
 *   IMPORT_STATES=DE DATA_DIR=./data npx tsx bench/search-during-import.ts   (only those states' fixture folders: a re-import of Delaware)
 *
 * The data directory: the import adds a dataset version and supersedes the states it carries, so
 * the benchmark never imports into the directory it is given. With DATA_DIR set (a directory
 * `pnpm start` built; national scale by default) it runs on a copy of it, so every run starts from
 * the same dataset; without DATA_DIR, on a new temporary directory in which the platform first
 * builds the demo dataset `pnpm start` builds (DEMO_SCALE, national unless set; minutes on 2
 * cores). Either is removed at the end.
 *
 * The platform runs compiled in its own process, as `pnpm start` runs it. Each simulated user
 * (one kept-alive connection) types the start of a facility's address (GET /api/geocode/suggest)
 * and searches it (POST /api/search-address: with the picked suggestion's coordinates, every
 * fourth typed in full and geocoded by the server), one search per slot of its pace, waiting for
 * the answers, so a slow answer delays its user's next search as it would in a browser. A user's
 * search is timed from the moment it is sent. The import's step comes from GET /api/admin/imports,
 * polled every 250 ms as the Data Updates screen does (more often); the rebuild steps from the
 * platform's log. The event-loop waits and RSS are sampled inside the platform by a preloaded
 * probe (NODE_OPTIONS=--import), every 250 ms. With CPU_PROF_DIR set, the platform also writes a
 * V8 CPU profile there when it stops, to see what held its event loop.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'undici';
import { findFreePort, workspaceRoot } from '@ust/platform';
import { FIXTURES_DIRECTORY, resolveSources } from '@ust/pipelines';
import type { ImportRun, ImportStatus } from '@ust/schemas';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth } from '@ust/standalone/testing';
import { benchScratch } from './platform-process.js';
import { printTable, summarize, type Row } from './table.js';

const clients = Number(process.argv[2] ?? 4);
const searchesPerSecond = Number(process.argv[3] ?? 5);
const idleSearches = Number(process.argv[4] ?? 600);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadBefore = load();

// 1. The data directory (a copy, or a new one the platform builds), and the platform on it.
// A run that fails leaves neither its platform running nor its data directory behind.
const { directory: scratch, platformStarted } = await benchScratch('ust-search-during-import-');
const dataDir = path.join(scratch, 'data');
const given = process.env.DATA_DIR;
const cpuProfDir = process.env.CPU_PROF_DIR && path.resolve(process.env.CPU_PROF_DIR);
if (given) await cp(given, dataDir, { recursive: true });
const probeFile = path.join(scratch, 'event-loop.csv');
const probe = path.join(scratch, 'event-loop-probe.mjs');
// One line per 250 ms: pid, time, the longest event-loop wait and its 99th percentile (ms), RSS,
// and RSS's anonymous and file-backed parts (kB, /proc/self/status: LMDB's pages are file-backed).
// With CPU_PROF_DIR, a CPU profile of the whole run too (node refuses --cpu-prof in NODE_OPTIONS),
// with the epoch time of its clock's zero so its samples can be laid beside the steps.
await writeFile(
  probe,
  `import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The interval's own lateness too: a loop held for a minute showed in neither figure of the histogram.
  let lastTick = performance.now();
  setInterval(() => {
    const tick = performance.now();
    const late = tick - lastTick - 250;
    lastTick = tick;
    const status = readFileSync('/proc/self/status', 'utf8');
    const kilobytes = (pattern) => Number(pattern.exec(status)?.[1] ?? 0);
    // The share of the window's delay samples over 50 ms, from the histogram's percentiles: with
    // their counts, a phase's share (under 1 % means its p99 is under 50 ms).
    let over = 0;
    for (const [percentile, value] of delay.percentiles) if (value > 50e6) { over = 100 - percentile; break; }
    if (late > 50) over = Math.max(over, 100 / Math.max(1, delay.count));
    appendFileSync(${JSON.stringify(probeFile)}, [process.pid, Date.now(), Math.max(delay.max / 1e6, late), delay.percentile(99) / 1e6, process.memoryUsage.rss(), kilobytes(/RssAnon:\\s+(\\d+)/), kilobytes(/RssFile:\\s+(\\d+)/), delay.count, over].join(',') + '\\n');
    delay.reset();
  }, 250).unref();
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
        if (!error) writeFileSync(\`\${profileDir}/platform-\${process.pid}.cpuprofile\`, JSON.stringify({ ...result.profile, clockZero }));
      }),
    );
  }
}
`,
);
if (cpuProfDir) await mkdir(cpuProfDir, { recursive: true });
execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
const server = spawnStandalone({
  dataDir,
  port: await findFreePort(),
  launch: 'compiled',
  env: {
    ...(given ? { DEMO_SCALE: 'none' } : {}),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probe}`.trim(),
  },
});
platformStarted(server.child.pid);
await waitForHealth(server, 60 * 60_000);
const userToken = await demoAccessToken(server, dataDir, 'broker');
const adminToken = await demoAccessToken(server, dataDir, 'admin');

/** Milliseconds since the epoch, to the microsecond: the clock the platform's log and the probe use. */
const now = () => performance.timeOrigin + performance.now();

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// 2. What users search: the addresses of facilities in states the import carries and in others.
interface ListedFacility {
  Address: string | null;
  City: string | null;
  State: string;
  Zip_Code: string | null;
  Latitude: number | null;
  Longitude: number | null;
}
interface Search {
  typed: string;
  body: string;
}
const searches: Search[] = [];
for (const state of ['CA', 'TX', 'NY', 'FL', 'OH', 'DC', 'DE', 'VT', 'IL']) {
  const { facilities } = await getJson<{ facilities: ListedFacility[] }>(`/api/facilities/by-state/${state}?limit=250`, userToken);
  for (const facility of facilities) {
    const words = (facility.Address ?? '').split(/\s+/);
    if (!/^\d+$/.test(words[0] ?? '') || !words[1] || facility.Latitude === null || facility.Longitude === null) continue;
    const address = `${facility.Address}, ${facility.City}, ${facility.State} ${facility.Zip_Code ?? ''}`.trim();
    const picked = searches.length % 4 !== 3;
    searches.push({
      typed: `${words[0]} ${words[1].slice(0, 4).toLowerCase()}`,
      body: JSON.stringify(picked ? { address, latitude: facility.Latitude, longitude: facility.Longitude } : { address }),
    });
  }
}
// The same order every run, states interleaved.
searches.sort((a, b) => a.body.length - b.body.length || a.body.localeCompare(b.body));
if (searches.length === 0) throw new Error('no facility with a street address and coordinates to search');

// 3. The load: `clients` users, each one search per slot of its pace.
type Endpoint = 'suggest' | 'search';
interface Sample {
  endpoint: Endpoint;
  /** Epoch ms when it was sent. */
  at: number;
  ms: number;
  ok: boolean;
}
const samples: Sample[] = [];
const connections = Array.from({ length: clients }, () => new Client(server.url, { pipelining: 1 }));
const headers = { authorization: `Bearer ${userToken}` };
let nextSearch = 0;

async function timed(endpoint: Endpoint, send: () => Promise<{ statusCode: number; body: { arrayBuffer(): Promise<ArrayBuffer> } }>): Promise<void> {
  const at = now();
  try {
    const response = await send();
    await response.body.arrayBuffer();
    samples.push({ endpoint, at, ms: now() - at, ok: response.statusCode === 200 });
  } catch {
    samples.push({ endpoint, at, ms: now() - at, ok: false });
  }
}

async function searchOnce(connection: Client): Promise<void> {
  const search = searches[nextSearch++ % searches.length]!;
  await timed('suggest', () => connection.request({ path: `/api/geocode/suggest?q=${encodeURIComponent(search.typed)}`, method: 'GET', headers }));
  await timed('search', () =>
    connection.request({ path: '/api/search-address', method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: search.body }),
  );
}

/** Runs the users until `done` says so (checked before each search); resolves when each has finished its search. */
async function runUsers(done: () => boolean): Promise<void> {
  const interval = 1000 / searchesPerSecond;
  await Promise.all(
    connections.map(async (connection, index) => {
      // Users start spread over one interval, not in step.
      await new Promise((resolve) => setTimeout(resolve, (interval * index) / clients));
      let slot = performance.now();
      while (!done()) {
        await searchOnce(connection);
        slot = Math.max(slot + interval, performance.now());
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, slot - performance.now())));
      }
    }),
  );
}
const searchCount = () => samples.filter((sample) => sample.endpoint === 'search').length;

// Warm-up, untimed: the platform's code compiled, the first tiles read.
await runUsers(() => nextSearch >= Math.min(200, searches.length));
samples.length = 0;

/** Each part of the run: its name and when it began (epoch ms); each ends where the next begins. */
const phases: { name: string; at: number }[] = [];
const begin = (name: string) => {
  if (phases.at(-1)?.name !== name) phases.push({ name, at: now() });
};
begin('idle');
await runUsers(() => searchCount() >= idleSearches);

// 4. The import: every file of the EPA template fixtures the importer knows (or of the states
// IMPORT_STATES names), as one upload.
const templateRoot = path.join(FIXTURES_DIRECTORY, 'epa-template');
const files = await resolveSources(process.env.IMPORT_STATES ? process.env.IMPORT_STATES.split(',') : ['.'], templateRoot);
const form = new FormData();
let uploadBytes = 0;
for (const file of files) {
  const content = await readFile(file.path);
  uploadBytes += content.length;
  form.append('files', new Blob([content]), file.source);
}
let run: ImportRun | undefined;
let importing = true;
const users = runUsers(() => !importing);
begin('upload');
const upload = await fetch(`${server.url}/api/admin/imports`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
if (upload.status !== 202) throw new Error(`upload: HTTP ${upload.status} ${await upload.text()}`);
const { id } = (await upload.json()) as { id: string };
begin('queued');
for (;;) {
  run = (await getJson<{ imports: ImportRun[] }>('/api/admin/imports', adminToken)).imports.find((one) => one.id === id);
  if (!run) throw new Error(`import ${id} is not listed`);
  if (run.status === 'failed') throw new Error(`import ${id} failed: ${run.failure}`);
  if (run.status === 'live') break;
  begin(run.status);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
importing = false;
await users;
begin('live: the new version');
const afterLive = searchCount();
await runUsers(() => searchCount() - afterLive >= idleSearches);
const ended = now();
await Promise.all(connections.map((connection) => connection.close()));
const loadAfter = load();
await stopStandalone(server, 'SIGTERM to the process');
platformStarted(undefined);

// 5. The figures.
interface LoopSample {
  at: number;
  maxMs: number;
  p99Ms: number;
  rss: number;
  anonKb: number;
  fileKb: number;
  /** Delay samples in the window, and the percentage of them over 50 ms. */
  count: number;
  overPercent: number;
}
const loop: LoopSample[] = (await readFile(probeFile, 'utf8'))
  .trim()
  .split('\n')
  .map((line) => line.split(',').map(Number))
  .filter(([pid]) => pid === server.child.pid)
  .map(([, at, maxMs, p99Ms, rss, anonKb, fileKb, count, overPercent]) => ({
    at: at!,
    maxMs: maxMs!,
    p99Ms: p99Ms!,
    rss: rss!,
    anonKb: anonKb!,
    fileKb: fileKb!,
    count: count!,
    overPercent: overPercent!,
  }));

const round = (ms: number) => Math.round(ms * 10) / 10;
/** UTC time of day, to lay the rows beside the platform's log or a CPU profile. */
const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 19);
function latencyColumns(within: Sample[], seconds: number): Row {
  const times = within.map((sample) => sample.ms);
  const sorted = [...times].sort((a, b) => a - b);
  const { median, p95 } = summarize(times);
  const p99 = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(0.99 * sorted.length) - 1))] ?? 0;
  return {
    requests: within.length,
    'median ms': round(median),
    'p95 ms': round(p95),
    'p99 ms': round(p99),
    'max ms': round(sorted.at(-1) ?? 0),
    errors: within.filter((sample) => !sample.ok).length,
    'req/s': seconds > 0 ? round(within.length / seconds) : 0,
  };
}
/** The probe's windows that ended within [from, to), with a quarter second of slack for the last. */
function loopColumns(from: number, to: number): Row {
  const windows = loop.filter((sample) => sample.at > from && sample.at <= to + 250);
  const maxima = windows.map((sample) => sample.maxMs);
  return {
    'loop wait max ms': round(Math.max(0, ...maxima)),
    // Each window's longest wait, at the 95th percentile of the windows.
    'loop wait p95 ms': round(summarize(maxima).p95),
    // The event-loop delay samples over 50 ms, of all the step's: under 1 %, its p99 is under 50 ms.
    'loop >50 ms %': Math.round(overShare(windows) * 100) / 100,
    'RSS max MB': Math.round(Math.max(0, ...windows.map((sample) => sample.rss)) / 1048576),
    'anon max MB': Math.round(Math.max(0, ...windows.map((sample) => sample.anonKb)) / 1024),
    'file max MB': Math.round(Math.max(0, ...windows.map((sample) => sample.fileKb)) / 1024),
  };
}
function overShare(windows: LoopSample[]): number {
  const count = windows.reduce((sum, sample) => sum + sample.count, 0);
  return count === 0 ? 0 : windows.reduce((sum, sample) => sum + (sample.count * sample.overPercent) / 100, 0) / (count / 100);
}
const spans = phases.map((phase, index) => ({ name: phase.name, from: phase.at, to: phases[index + 1]?.at ?? ended }));
const sent = (from: number, to: number, endpoint?: Endpoint) =>
  samples.filter((sample) => sample.at >= from && sample.at < to && (!endpoint || sample.endpoint === endpoint));

const loadNote = `load average ${loadBefore} before, ${loadAfter} after, ${os.cpus().length} cores`;
printTable(
  `Suggest + search, ${clients} users at ${searchesPerSecond} searches/s each, by step of the import (${loadNote})`,
  spans.map(({ name, from, to }) => ({
    step: name,
    began: clock(from),
    seconds: round((to - from) / 1000),
    ...latencyColumns(sent(from, to), (to - from) / 1000),
    ...loopColumns(from, to),
  })),
);
printTable(
  'By endpoint',
  spans.flatMap(({ name, from, to }) =>
    (['suggest', 'search'] as const).map((endpoint) => ({
      step: name,
      endpoint: endpoint === 'suggest' ? 'GET /api/geocode/suggest' : 'POST /api/search-address',
      ...latencyColumns(sent(from, to, endpoint), (to - from) / 1000),
    })),
  ),
);

// The rebuild's steps, from its log lines ("rebuild v7: search indexes in 3.011 s"), started after the upload.
const uploadAt = phases.find((phase) => phase.name === 'upload')!.at;
const rebuildSteps = server
  .output()
  .split('\n')
  .filter((line) => line.includes('"job":"rebuild-dataset"') && line.includes('"seconds":'))
  .map((line) => JSON.parse(line) as { time: string; step: string; seconds: number })
  .map((entry) => ({ step: entry.step, to: Date.parse(entry.time), from: Date.parse(entry.time) - entry.seconds * 1000 }))
  .filter((entry) => entry.from >= uploadAt - 1000);
// How the rebuild planned (every state derived, or only the imported ones: "rebuild v7: derives DE and copies ..."), and
// what the search index kept of the new version ("search tiles of dataset version 7 kept: ... shared with the version before").
for (const line of server.output().split('\n')) {
  const planned = line.includes('"job":"rebuild-dataset"') && line.includes('"plan":');
  if (!planned && !line.includes('"component":"search-index"')) continue;
  const entry = JSON.parse(line) as { time: string; msg: string };
  if (Date.parse(entry.time) >= uploadAt) console.log(`\n${entry.msg}`);
}
printTable(
  'During the rebuild, by its step (from the platform log; searches sent during the step)',
  rebuildSteps.map(({ step, from, to }) => ({
    'rebuild step': step,
    began: clock(from),
    seconds: round((to - from) / 1000),
    ...latencyColumns(sent(from, to), (to - from) / 1000),
    ...loopColumns(from, to),
  })),
);

const phaseSeconds = (name: ImportStatus | 'upload') => {
  const span = spans.find((one) => one.name === name);
  return span ? round((span.to - span.from) / 1000) : 0;
};
const importSeconds = (Date.parse(run!.finished_at!) - Date.parse(run!.started_at!)) / 1000;
printTable(`Import ${id}: ${files.length} files of ${[...new Set(files.map((file) => file.state))].join(', ')}`, [
  {
    'upload MB': round(uploadBytes / 1048576),
    'records read': run!.records_read,
    accepted: run!.accepted,
    rejected: run!.rejected,
    'upload s': phaseSeconds('upload'),
    'queued s': phaseSeconds('queued'),
    'reading s': phaseSeconds('reading'),
    'written s': phaseSeconds('written'),
    'rebuilding s': phaseSeconds('rebuilding'),
    'started to live s': round(importSeconds),
    'records/s (started to live)': Math.round(run!.records_read / importSeconds),
    'records/s (reading)': Math.round(run!.records_read / Math.max(0.001, phaseSeconds('reading'))),
  },
]);
const megabytes = execFileSync('du', ['-sm', dataDir], { encoding: 'utf8' }).split('\t')[0];
const built = `built by the platform (DEMO_SCALE=${process.env.DEMO_SCALE ?? 'national'})`;
console.log(`\nData directory: ${given ? `a copy of ${given}` : built}, ${megabytes} MB after the import`);
