/**
 * Restarts of the embedded platform on a built data directory (national scale by default: build
 * one with `pnpm start`), after each way it can be stopped: SIGTERM to the compiled process alone
 * (a supervisor, the image), and under the README's `npx pnpm start`: SIGINT or SIGTERM to its
 * process group (a terminal's Ctrl+C, systemd), SIGKILL (a crash, kill -9), SIGTERM to npx or to
 * pnpm alone. Each row starts the platform, makes a change, stops it, and times the next start
 * the same way to /health and to its first search. Then the cache on its own: how long opening
 * it takes, and the writes a user's change and a version going live make, with the longest the
 * event loop waited meanwhile (what a request arriving during the write waits at most).
 *
 *   DATA_DIR=./data npx tsx bench/restart.ts
 */
import { execFileSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLmdbCache, embeddedCachePaths, findFreePort, loadConfig, workspaceRoot } from '@ust/platform';
import {
  demoAccessToken,
  searchAddress,
  spawnStandalone,
  stopStandalone,
  waitForHealth,
  WRAPPER_STOP_KINDS,
  type SpawnOptions,
  type StandaloneProcess,
  type StopKind,
} from '@ust/standalone/testing';
import { printTable, type Row } from './table.js';

const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
const { dataDir } = loadConfig();
const port = await findFreePort();
// DEMO_SCALE=none: a directory without a built dataset fails here instead of building one.
// The compiled platform, as `pnpm start` runs it.
execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
const options: SpawnOptions = { dataDir, port, env: { DEMO_SCALE: 'none', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' } };
/**
 * Each stop, and how the platform it stops was started: the compiled platform alone as a
 * supervisor or an image runs it, the rest under the README's `npx pnpm start` with its wrappers,
 * whose group a terminal's Ctrl+C or systemd signals.
 */
const stops: { kind: StopKind; launch: SpawnOptions['launch'] }[] = [
  { kind: 'SIGTERM to the process', launch: 'compiled' },
  ...(['SIGINT to the group', 'SIGTERM to the group', 'SIGKILL to the group', ...WRAPPER_STOP_KINDS] as const).map((kind) => ({
    kind,
    launch: 'npx pnpm start' as const,
  })),
];
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Milliseconds from spawn to the first search answered 200. */
async function firstSearch(server: StandaloneProcess, token: string): Promise<number> {
  for (;;) {
    const answer = await searchAddress(server.url, token, ADDRESS).catch(() => undefined);
    if (answer?.status === 200) return performance.now() - server.spawnedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const { directory: cacheDirectory } = embeddedCachePaths(dataDir);
/** The cache directory's size on disk (LMDB's data file and lock file). */
/** LMDB's files and the segment files beside them (decision 0128). */
const cacheBytes = async () => {
  let bytes = 0;
  for (const name of await readdir(cacheDirectory, { recursive: true })) {
    const info = await stat(path.join(cacheDirectory, name));
    if (info.isFile()) bytes += info.size;
  }
  return bytes;
};
let token: string | undefined;
const rows: Row[] = [];
for (const { kind, launch } of stops) {
  const running = spawnStandalone({ ...options, launch });
  await waitForHealth(running, 900_000);
  token ??= await demoAccessToken(running, dataDir, 'broker');
  // A change before the stop, as users make them (a signed-in call counts against their rate limit).
  await firstSearch(running, token);
  const shutdown = await stopStandalone(running, kind);
  const restarted = spawnStandalone({ ...options, launch });
  const health = await waitForHealth(restarted, 900_000);
  const search = await firstSearch(restarted, token);
  rows.push({
    'stop kind': kind,
    'started by': launch === 'compiled' ? 'node (compiled)' : 'npx pnpm start',
    'shutdown s': seconds(shutdown),
    'cache MB': Math.round((await cacheBytes()) / 1e5) / 10,
    'start to /health 200 s': seconds(health),
    'start to first search s': seconds(search),
    rebuilt: restarted.rebuilt() ? 'yes' : 'no',
  });
  await stopStandalone(restarted, 'SIGTERM to the group');
}
printTable(`Restarts on ${dataDir}: each stop, then a start the same way`, rows);

// The cache on its own, with the platform stopped: how long opening it takes (nothing is read
// whole), and the writes a user's change and a version going live make, each committed and
// flushed to disk (persist), with the longest the event loop waited meanwhile. The bench's keys
// live under their own prefix and are deleted afterwards.
const opening = performance.now();
const root = createLmdbCache({ path: cacheDirectory });
const openMs = performance.now() - opening;
const keys = (await root.keys('')).length;
const cache = root.withPrefix('bench:restart:');
/** The longest and 99th-percentile event-loop waits (ms) while `work` runs. */
async function eventLoopWaits(work: () => Promise<unknown>): Promise<{ ms: number; longest: number; p99: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const began = performance.now();
  await work();
  const ms = performance.now() - began;
  delay.disable();
  return { ms, longest: Math.round(delay.max / 1e6), p99: Math.round(delay.percentile(99) / 1e6) };
}
const size = (bytes: number) => (bytes < 1e6 ? `${Math.round(bytes / 100) / 10} KB` : `${Math.round(bytes / 1e5) / 10} MB`);
const megabyte = Buffer.alloc(1024 * 1024, 1);
const userRecord = (i: number) => JSON.stringify({ email: `bench-${i}@example.com`, role: 'broker' });
const writes = [
  {
    write: '100 user records, one call each',
    bytes: Array.from({ length: 100 }, (_, i) => userRecord(i).length).reduce((sum, length) => sum + length, 0),
    async run() {
      for (let i = 0; i < 100; i += 1) await cache.set(`user:${i}`, userRecord(i));
      await cache.persist();
    },
  },
  {
    write: '256 blobs of 1 MB in batches of 16 (a version going live)',
    bytes: 256 * megabyte.length,
    async run() {
      for (let batch = 0; batch < 16; batch += 1) {
        await cache.setMany(Array.from({ length: 16 }, (_, i) => [`blob:${batch * 16 + i}`, megabyte] as const));
      }
      await cache.persist();
    },
  },
];
const writeRows: Row[] = [];
for (const { write, bytes, run } of writes) {
  const writing = await eventLoopWaits(run);
  // The same time doing nothing: the waits this shared machine causes on its own.
  const idle = await eventLoopWaits(() => new Promise((resolve) => setTimeout(resolve, writing.ms)));
  writeRows.push({
    write,
    written: size(bytes),
    ms: Math.round(writing.ms),
    'longest wait ms': writing.longest,
    'p99 wait ms': writing.p99,
    'idle: longest ms': idle.longest,
    'idle: p99 ms': idle.p99,
  });
}
await cache.deleteByPrefix('');
printTable(
  `Cache writes (committed and flushed) to ${cacheDirectory}: ${keys.toLocaleString('en-US')} keys, opened in ${Math.round(openMs)} ms; event-loop waits beside the same time idle`,
  writeRows,
);
await root.close();
