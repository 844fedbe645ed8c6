/**
 * Restarts of the embedded platform on a built data directory (national scale by default: build
 * one with `pnpm start`), after each way it can be stopped: SIGTERM to the process (a
 * supervisor), SIGINT or SIGTERM to its process group (a terminal's Ctrl+C, systemd), SIGKILL
 * (a crash, kill -9). The platform runs in its own process group as `pnpm start` runs it. Then
 * the cache snapshot write on its own: how long it takes and the longest the event loop waited
 * meanwhile (what a request arriving during the write waits at most).
 *
 *   DATA_DIR=./data npx tsx bench/restart.ts
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryCache, findFreePort, loadConfig } from '@ust/platform';
import { demoAccessToken, searchAddress, spawnStandalone, STOP_KINDS, stopStandalone, waitForHealth, type StandaloneProcess } from '@ust/standalone/testing';
import { printTable, type Row } from './table.js';

const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
const { dataDir } = loadConfig();
const port = await findFreePort();
// DEMO_SCALE=none: a directory without a built dataset fails here instead of building one.
const options = { dataDir, port, env: { DEMO_SCALE: 'none', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' } };
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Milliseconds from spawn to the first search answered 200. */
async function firstSearch(server: StandaloneProcess, token: string): Promise<number> {
  for (;;) {
    const answer = await searchAddress(server.url, token, ADDRESS).catch(() => undefined);
    if (answer?.status === 200) return performance.now() - server.spawnedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let server = spawnStandalone(options);
await waitForHealth(server, 900_000);
const token = await demoAccessToken(server, dataDir, 'broker');
await firstSearch(server, token);

const rows: Row[] = [];
for (const kind of STOP_KINDS) {
  const shutdown = await stopStandalone(server, kind);
  server = spawnStandalone(options);
  const health = await waitForHealth(server, 900_000);
  const search = await firstSearch(server, token);
  rows.push({
    'stop kind': kind,
    'shutdown s': seconds(shutdown),
    'start to /health 200 s': seconds(health),
    'start to first search s': seconds(search),
    rebuilt: server.rebuilt() ? 'yes' : 'no',
  });
}
await stopStandalone(server, 'SIGTERM to the process');
printTable(`Restarts on ${dataDir}`, rows);

// The snapshot write as the rebuild does it once a version is live, on a copy of the snapshot.
const scratch = await mkdtemp(path.join(os.tmpdir(), 'ust-restart-bench-'));
const snapshot = path.join(scratch, 'cache.snapshot');
await copyFile(path.join(dataDir, 'cache.snapshot'), snapshot);
const cache = createMemoryCache({ snapshotFile: snapshot });
await cache.set('bench:touched', String(Date.now())); // a change, so persist() writes
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
const persisting = await eventLoopWaits(() => cache.persist());
// The same time doing nothing: the waits this shared machine causes on its own.
const idle = await eventLoopWaits(() => new Promise((resolve) => setTimeout(resolve, persisting.ms)));
printTable('Cache snapshot write (persist), event-loop waits beside the same time idle', [
  {
    keys,
    'MB written': Math.round((await stat(snapshot)).size / 1e5) / 10,
    'persist s': seconds(persisting.ms),
    'longest wait ms': persisting.longest,
    'p99 wait ms': persisting.p99,
    'idle: longest ms': idle.longest,
    'idle: p99 ms': idle.p99,
  },
]);
await cache.close();
await rm(scratch, { recursive: true, force: true });
