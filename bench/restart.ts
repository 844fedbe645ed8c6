/**
 * Restarts of the embedded platform on a built data directory (national scale by default: build
 * one with `pnpm start`), after each way it can be stopped: SIGTERM to the compiled process alone
 * (a supervisor, the image), and under the README's `npx pnpm start`: SIGINT or SIGTERM to its
 * process group (a terminal's Ctrl+C, systemd), SIGKILL (a crash, kill -9), SIGTERM to npx or to
 * pnpm alone. Each row starts the platform, makes a change, stops it, and times the next start
 * the same way to /health and to its first search. Then the two cache saves on their own, the changes file a stop writes and the whole
 * snapshot a version going live writes: how long each takes and the longest the event loop
 * waited meanwhile (what a request arriving during the write waits at most).
 *
 *   DATA_DIR=./data npx tsx bench/restart.ts
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryCache, findFreePort, loadConfig, workspaceRoot } from '@ust/platform';
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

const snapshotFile = path.join(dataDir, 'cache.snapshot');
/** The snapshot's modification time and the changes file's size (0 when there is none). */
const savedFiles = async () => ({
  snapshotWritten: (await stat(snapshotFile)).mtimeMs,
  changesBytes: await stat(`${snapshotFile}.changes`).then(
    (file) => file.size,
    () => 0,
  ),
});
let token: string | undefined;
const rows: Row[] = [];
for (const { kind, launch } of stops) {
  const running = spawnStandalone({ ...options, launch });
  await waitForHealth(running, 900_000);
  token ??= await demoAccessToken(running, dataDir, 'broker');
  // A change before the stop, as users make them (a signed-in call counts against their rate limit).
  await firstSearch(running, token);
  const before = await savedFiles();
  const shutdown = await stopStandalone(running, kind);
  const after = await savedFiles();
  const restarted = spawnStandalone({ ...options, launch });
  const health = await waitForHealth(restarted, 900_000);
  const search = await firstSearch(restarted, token);
  rows.push({
    'stop kind': kind,
    'started by': launch === 'compiled' ? 'node (compiled)' : 'npx pnpm start',
    'shutdown s': seconds(shutdown),
    'snapshot rewritten': after.snapshotWritten === before.snapshotWritten ? 'no' : 'yes',
    'changes file KB': Math.round(after.changesBytes / 100) / 10,
    'start to /health 200 s': seconds(health),
    'start to first search s': seconds(search),
    rebuilt: restarted.rebuilt() ? 'yes' : 'no',
  });
  await stopStandalone(restarted, 'SIGTERM to the group');
}
printTable(`Restarts on ${dataDir}: each stop, then a start the same way`, rows);

// The two saves on a copy of the snapshot: the changes file a stop writes after a few users'
// changes, and the whole snapshot a version going live writes.
const scratch = await mkdtemp(path.join(os.tmpdir(), 'ust-restart-bench-'));
const snapshot = path.join(scratch, 'cache.snapshot');
await copyFile(snapshotFile, snapshot);
const opening = performance.now();
const cache = createMemoryCache({ snapshotFile: snapshot });
const openMs = performance.now() - opening;
const keys = (await cache.keys('')).length;
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
const saves = [
  {
    save: 'changes file (a stop after users signed in)',
    file: `${snapshot}.changes`,
    async change() {
      for (let i = 0; i < 100; i += 1) await cache.set(`user:bench-${i}`, JSON.stringify({ email: `bench-${i}@example.com`, role: 'broker' }));
    },
  },
  {
    save: 'whole snapshot (a version going live)',
    file: snapshot,
    // Values adding up to more than an eighth of the snapshot, as a rebuild's new version does.
    async change() {
      const megabyte = Buffer.alloc(1024 * 1024, 1);
      const target = (await stat(snapshot)).size / 7;
      for (let i = 0; i * megabyte.length < target; i += 1) await cache.set(`bench:filler:${i}`, megabyte);
    },
  },
];
const saveRows: Row[] = [];
for (const { save, file, change } of saves) {
  await change();
  const persisting = await eventLoopWaits(() => cache.persist());
  // The same time doing nothing: the waits this shared machine causes on its own.
  const idle = await eventLoopWaits(() => new Promise((resolve) => setTimeout(resolve, persisting.ms)));
  saveRows.push({
    save,
    written: size((await stat(file)).size),
    ms: Math.round(persisting.ms),
    'longest wait ms': persisting.longest,
    'p99 wait ms': persisting.p99,
    'idle: longest ms': idle.longest,
    'idle: p99 ms': idle.p99,
  });
}
printTable(
  `Cache saves (persist) from a store of ${keys.toLocaleString('en-US')} keys read in ${seconds(openMs)} s, event-loop waits beside the same time idle`,
  saveRows,
);
await cache.close();
await rm(scratch, { recursive: true, force: true });
