/**
 * The embedded platform's memory over time: right after it starts, through a long run of the
 * read calls users make (searches, suggestions, facility and release details, county and state
 * lists, the map's documents), then during and after an import. Sampled from outside, from
 * /proc/<pid>/status (RSS, and its anonymous and file-backed parts) and /proc/<pid>/smaps (the
 * file-backed part by file: chDB's library, the LMDB cache), so the figures are the kernel's;
 * beside them the cache directory's size on disk (LMDB's file and the segment files).
 *
 *   DATA_DIR=./data npx tsx bench/memory.ts
 *   READ_MINUTES=60 (default) USERS=4 ACTIONS_PER_SECOND=5 (per user) IMPORT_STATES=DE (default; `none` for no import)
 *   AFTER_IMPORT_SECONDS=180 (default): reads after the import, in three parts
 *   MEMORY_LIMIT_MB=1024: also runs the platform in a memory cgroup of that limit (cgroup v1, where
 *   /sys/fs/cgroup/memory is writable) and reports the cgroup's own usage, peak and refusals: what
 *   the platform needs when the kernel may take back the cache's pages, as in a container.
 *
 * It runs on a copy of DATA_DIR (a national directory `pnpm start` built), removed at the end;
 * the platform runs compiled in its own process, as `pnpm start` runs it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmdirSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'undici';
import { findFreePort, workspaceRoot } from '@ust/platform';
import { FIXTURES_DIRECTORY, resolveSources } from '@ust/pipelines';
import type { FacilityListItem, ImportRun } from '@ust/schemas';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth } from '@ust/standalone/testing';
import { benchScratch } from './platform-process.js';
import { printTable, summarize, type Row } from './table.js';

const given = process.env.DATA_DIR;
if (!given) throw new Error('DATA_DIR must name a data directory with a dataset (pnpm start builds one)');
const readMinutes = Number(process.env.READ_MINUTES ?? 60);
const users = Number(process.env.USERS ?? 4);
const actionsPerSecond = Number(process.env.ACTIONS_PER_SECOND ?? 5);
const importStates = (process.env.IMPORT_STATES ?? 'DE') === 'none' ? [] : (process.env.IMPORT_STATES ?? 'DE').split(',');
const limitMb = process.env.MEMORY_LIMIT_MB ? Number(process.env.MEMORY_LIMIT_MB) : undefined;

const { directory: scratch, platformStarted } = await benchScratch('ust-memory-');
const dataDir = path.join(scratch, 'data');
await cp(given, dataDir, { recursive: true });

// A memory cgroup of the limit asked for, which the platform joins as soon as it is spawned.
const cgroup = limitMb === undefined ? undefined : path.join('/sys/fs/cgroup/memory', `ust-bench-${process.pid}`);
if (cgroup) {
  if (!existsSync('/sys/fs/cgroup/memory')) throw new Error('MEMORY_LIMIT_MB needs the cgroup v1 memory controller at /sys/fs/cgroup/memory');
  await mkdir(cgroup);
  await writeFile(path.join(cgroup, 'memory.limit_in_bytes'), String(limitMb! * 1024 * 1024));
  // Without swap the limit holds for anonymous memory too: over it, the kernel's OOM killer stops the platform.
  // Synchronously: 'exit' runs no more asynchronous work. The platform's process group is gone by then.
  process.once('exit', () => {
    try {
      rmdirSync(cgroup);
    } catch {
      // A process still in it keeps it; the kernel refuses to remove a busy cgroup.
    }
  });
}

execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
const startedAt = performance.now();
const server = spawnStandalone({
  dataDir,
  port: await findFreePort(),
  launch: 'compiled',
  env: { DEMO_SCALE: 'none', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' },
});
const pid = server.child.pid!;
platformStarted(pid);
if (cgroup) await writeFile(path.join(cgroup, 'cgroup.procs'), String(pid));
await waitForHealth(server, 10 * 60_000);
const healthSeconds = (performance.now() - startedAt) / 1000;
let token = await demoAccessToken(server, dataDir, 'broker');
let adminToken = await demoAccessToken(server, dataDir, 'admin');
// Access tokens last an hour (ACCESS_TOKEN_TTL_SECONDS): renewed every half hour, as the web app
// renews its own, so a run of an hour or more is not answered 401 from then on.
const tokenRenewal = setInterval(() => {
  void Promise.all([demoAccessToken(server, dataDir, 'broker'), demoAccessToken(server, dataDir, 'admin')]).then(([broker, admin]) => {
    token = broker;
    adminToken = admin;
  });
}, 30 * 60_000);

// 1. Memory, as the kernel counts it.
interface MemorySample {
  at: number;
  rssKb: number;
  anonKb: number;
  fileKb: number;
  /** Resident pages of chDB's library and of the LMDB cache's data file (from smaps, every SMAPS_EVERY samples). */
  chdbKb?: number;
  lmdbKb?: number;
  /** The cache directory's size on disk: data.mdb and the segment files beside it (decision 0128). */
  cacheDiskKb?: number;
  cgroupKb?: number;
}
const SAMPLE_MS = 5_000;
const SMAPS_EVERY = 6;
const memory: MemorySample[] = [];
async function sampleMemory(withSmaps: boolean): Promise<MemorySample> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  const sample: MemorySample = { at: performance.now(), rssKb: kb('VmRSS'), anonKb: kb('RssAnon'), fileKb: kb('RssFile') };
  if (withSmaps) {
    let mapping = '';
    sample.chdbKb = 0;
    sample.lmdbKb = 0;
    for (const line of (await readFile(`/proc/${pid}/smaps`, 'utf8')).split('\n')) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mapping = line;
      else if (line.startsWith('Rss:')) {
        const size = Number(line.split(/\s+/)[1]);
        if (mapping.includes('libchdb')) sample.chdbKb += size;
        else if (mapping.endsWith('data.mdb')) sample.lmdbKb += size;
      }
    }
    sample.cacheDiskKb = await cacheDiskKb();
  }
  if (cgroup) sample.cgroupKb = Number(await readFile(path.join(cgroup, 'memory.usage_in_bytes'), 'utf8')) / 1024;
  memory.push(sample);
  return sample;
}
async function cacheDiskKb(): Promise<number> {
  const cache = path.join(dataDir, 'cache');
  const segments = path.join(cache, 'segments');
  const files = [path.join(cache, 'data.mdb'), ...(existsSync(segments) ? (await readdir(segments)).map((name) => path.join(segments, name)) : [])];
  const sizes = await Promise.all(
    files.map((file) =>
      stat(file)
        .then((info) => info.size)
        .catch(() => 0),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
}
// A platform that dies in the benchmark (the cgroup's OOM killer) is reported with where it was.
let stopping = false;
void server.exited.then((code) => {
  if (stopping) return;
  const last = memory.at(-1);
  const megabytes = (kb: number | undefined) => (kb === undefined ? '?' : Math.round(kb / 1024).toLocaleString('en-US'));
  const peak = cgroup ? ` The cgroup's peak: ${megabytes(Number(readFileSync(path.join(cgroup, 'memory.max_usage_in_bytes'), 'utf8')) / 1024)} MB.` : '';
  const lines = server.output().trim().split('\n');
  process.stderr.write(
    `The platform exited (${code ?? 'killed by a signal'}) during the benchmark; last sample ${megabytes(last?.anonKb)} MB anonymous, ${megabytes(last?.fileKb)} MB file-backed.${peak} Its last log lines:\n${lines.slice(-8).join('\n')}\n`,
  );
  process.exit(1);
});
let samplesTaken = 0;
const sampler = setInterval(() => {
  void sampleMemory(samplesTaken++ % SMAPS_EVERY === 0).catch(() => undefined);
}, SAMPLE_MS);

// 2. What users read: facilities of counties across the nation, their details and releases.
async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
type ListedFacility = Pick<FacilityListItem, 'Facility_ID' | 'Address' | 'City' | 'State' | 'Latitude' | 'Longitude'>;
const counties = await getJson<{ features: Array<{ properties: { GEO_ID: string; total_facilities: number } }> }>('/api/geojson-cached/counties?geometry=none');
const fipsCodes = counties.features.filter((feature) => feature.properties.total_facilities > 0).map((feature) => feature.properties.GEO_ID.slice(-5));
// Every tenth county with facilities, in a fixed order: the reads reach across the nation.
const sampledFips = fipsCodes.sort().filter((_fips, index) => index % 10 === 0);
const facilities: ListedFacility[] = [];
for (const fips of sampledFips) facilities.push(...(await getJson<{ facilities: ListedFacility[] }>(`/api/facilities/by-fips/${fips}?limit=20`)).facilities);
const located = facilities.filter((facility) => facility.Latitude !== null && facility.Longitude !== null && /^\d+\s+\S/.test(facility.Address ?? ''));
const states = [...new Set(facilities.map((facility) => facility.State))].sort();
if (located.length === 0) throw new Error('no facility with a street address and coordinates to search');

/** One user's next action, in turn: the calls of a search, a facility opened, a list, the map. */
type Action = 'suggest' | 'search' | 'facility' | 'county list' | 'state list' | 'map';
const ACTIONS: Action[] = ['suggest', 'search', 'facility', 'suggest', 'search', 'county list', 'map', 'state list'];
const MAP_DOCUMENTS = [
  '/api/geojson-cached/states',
  '/api/geojson-cached/counties',
  '/api/h3-density?res=5',
  '/api/h3-density?res=7',
  '/api/facilities-statistics',
];
let turn = 0;
function request(action: Action): { path: string; method: 'GET' | 'POST'; body?: string } {
  const n = turn++;
  const facility = located[(n * 7919) % located.length]!;
  switch (action) {
    case 'suggest':
      return { path: `/api/geocode/suggest?q=${encodeURIComponent((facility.Address ?? '').split(/\s+/).slice(0, 2).join(' ').slice(0, 8))}`, method: 'GET' };
    case 'search':
      return {
        path: '/api/search-address',
        method: 'POST',
        body: JSON.stringify({
          address: `${facility.Address}, ${facility.City}, ${facility.State}`,
          latitude: facility.Latitude,
          longitude: facility.Longitude,
        }),
      };
    case 'facility':
      return { path: `/api/facilities/${encodeURIComponent(facility.Facility_ID)}`, method: 'GET' };
    case 'county list':
      return { path: `/api/facilities/by-fips/${sampledFips[n % sampledFips.length]}`, method: 'GET' };
    case 'state list':
      return { path: `/api/facilities/by-state/${states[n % states.length]}?limit=500`, method: 'GET' };
    case 'map':
      return { path: MAP_DOCUMENTS[n % MAP_DOCUMENTS.length]!, method: 'GET' };
  }
}

interface Answer {
  at: number;
  ms: number;
  ok: boolean;
}
const answers: Answer[] = [];
async function runUsers(done: () => boolean): Promise<void> {
  const interval = 1000 / actionsPerSecond;
  await Promise.all(
    Array.from({ length: users }, async (_user, index) => {
      const connection = new Client(server.url, { pipelining: 1 });
      await new Promise((resolve) => setTimeout(resolve, (interval * index) / users));
      let slot = performance.now();
      let step = index;
      try {
        while (!done()) {
          const { path: url, method, body } = request(ACTIONS[step++ % ACTIONS.length]!);
          const at = performance.now();
          try {
            const response = await connection.request({
              path: url,
              method,
              headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip', ...(body ? { 'content-type': 'application/json' } : {}) },
              ...(body ? { body } : {}),
            });
            await response.body.arrayBuffer();
            answers.push({ at, ms: performance.now() - at, ok: response.statusCode === 200 });
          } catch {
            answers.push({ at, ms: performance.now() - at, ok: false });
          }
          slot = Math.max(slot + interval, performance.now());
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, slot - performance.now())));
        }
      } finally {
        await connection.close();
      }
    }),
  );
}

// 3. The phases.
const phases: Array<{ name: string; from: number; to: number }> = [];
async function phase(name: string, run: () => Promise<void>): Promise<void> {
  const from = performance.now();
  await sampleMemory(true);
  await run();
  await sampleMemory(true);
  phases.push({ name, from, to: performance.now() });
}
const idle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
await phase('after start (30 s idle)', () => idle(30_000));
const readMs = readMinutes * 60_000;
const slices = Math.max(1, Math.min(12, readMinutes));
for (let slice = 0; slice < slices; slice++) {
  const until = performance.now() + readMs / slices;
  await phase(`reads, minutes ${Math.round((slice * readMinutes) / slices)}-${Math.round(((slice + 1) * readMinutes) / slices)}`, () =>
    runUsers(() => performance.now() >= until),
  );
}

let importNote = 'no import (IMPORT_STATES=none)';
let importStartedAt = Number.POSITIVE_INFINITY;
if (importStates.length > 0) {
  const files = await resolveSources(importStates, path.join(FIXTURES_DIRECTORY, 'epa-template'));
  const form = new FormData();
  for (const file of files)
    form.append('files', new Blob([await readFile(file.path)]), path.relative(path.join(FIXTURES_DIRECTORY, 'epa-template'), file.path));
  let live = false;
  await phase(`import of ${importStates.join(', ')}, with reads`, async () => {
    const reading = runUsers(() => live);
    importStartedAt = Date.now();
    const upload = await fetch(`${server.url}/api/admin/imports`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
    if (upload.status !== 202) throw new Error(`upload: HTTP ${upload.status} ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    for (;;) {
      const listed = (await (await fetch(`${server.url}/api/admin/imports`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
        imports: ImportRun[];
      };
      const run = listed.imports.find((one) => one.id === id);
      if (run && (run.status === 'live' || run.status === 'failed')) {
        importNote = `import ${id} of ${files.length} files: ${run.status}, ${run.records_read} records`;
        break;
      }
      await idle(500);
    }
    live = true;
    await reading;
  });
  // Long enough for the import's threads to stop (a minute idle) and their memory to go.
  const afterSeconds = Number(process.env.AFTER_IMPORT_SECONDS ?? 180);
  const thirds = [1, 2, 3].map((third) => Math.round((afterSeconds * third) / 3));
  for (const [index, end] of thirds.entries()) {
    await phase(`after the import, reads, seconds ${index === 0 ? 0 : thirds[index - 1]}-${end}`, async () => {
      const until = performance.now() + (end - (index === 0 ? 0 : thirds[index - 1]!)) * 1000;
      await runUsers(() => performance.now() >= until);
    });
  }
}
clearInterval(sampler);
clearInterval(tokenRenewal);
const cgroupPeakKb = cgroup ? Number(await readFile(path.join(cgroup, 'memory.max_usage_in_bytes'), 'utf8')) / 1024 : undefined;
const cgroupRefusals = cgroup ? Number(await readFile(path.join(cgroup, 'memory.failcnt'), 'utf8')) : undefined;
stopping = true;
await stopStandalone(server, 'SIGTERM to the process');
platformStarted(undefined);

// 4. The tables.
const mb = (kb: number | undefined) => (kb === undefined ? '' : Math.round(kb / 1024));
const last = <T>(values: T[]) => values.at(-1);
printTable(
  `Memory of the embedded platform (${os.cpus().length} cores; /health after ${healthSeconds.toFixed(1)} s; ${users} users x ${actionsPerSecond} calls/s${limitMb ? `; in a ${limitMb} MB memory cgroup` : ''})`,
  phases.map(({ name, from, to }): Row => {
    const within = memory.filter((sample) => sample.at >= from && sample.at <= to);
    const times = answers.filter((answer) => answer.at >= from && answer.at < to).map((answer) => answer.ms);
    const { median, p95 } = summarize(times.length ? times : [0]);
    const withSmaps = within.filter((sample) => sample.chdbKb !== undefined);
    return {
      phase: name,
      minutes: Math.round((to - from) / 600) / 100,
      calls: times.length,
      errors: answers.filter((answer) => answer.at >= from && answer.at < to && !answer.ok).length,
      'median ms': Math.round(median * 10) / 10,
      'p95 ms': Math.round(p95 * 10) / 10,
      'RSS end MB': mb(last(within)?.rssKb),
      'RSS max MB': mb(Math.max(...within.map((sample) => sample.rssKb))),
      'anon max MB': mb(Math.max(...within.map((sample) => sample.anonKb))),
      'file max MB': mb(Math.max(...within.map((sample) => sample.fileKb))),
      'chDB lib MB': mb(last(withSmaps)?.chdbKb),
      'LMDB MB': mb(last(withSmaps)?.lmdbKb),
      'cache on disk MB': mb(last(withSmaps)?.cacheDiskKb),
      ...(cgroup ? { 'cgroup max MB': mb(Math.max(...within.map((sample) => sample.cgroupKb ?? 0))) } : {}),
    };
  }),
);
console.log(`\n${importNote}`);
// The import's rebuild, step by step, with the rebuild thread's own V8 heap as each step ended.
const rebuildSteps = server
  .output()
  .split('\n')
  .filter((line) => line.includes('"job":"rebuild-dataset"') && line.includes('"heap_mb":'))
  .map((line) => JSON.parse(line) as { time: string; step: string; seconds: number; heap_mb: number })
  .filter((entry) => Date.parse(entry.time) >= importStartedAt);
if (rebuildSteps.length > 0)
  printTable(
    'The import rebuild, by step (the rebuild thread heap as the step ended)',
    rebuildSteps.map((entry) => ({ step: entry.step, seconds: entry.seconds, 'thread heap MB': entry.heap_mb })),
  );
if (cgroup) console.log(`cgroup: peak ${mb(cgroupPeakKb)} MB of ${limitMb} MB, ${cgroupRefusals} allocations refused (then reclaimed) over the run`);
console.log(`Reads: ${located.length} facilities of ${sampledFips.length} counties in ${states.length} states; data directory: a copy of ${given}`);
