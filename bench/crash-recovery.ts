/**
 * An operator's machine failing mid-import: an admin imports the Delaware folder through the
 * API (the inbox), the platform's process group gets SIGKILL a while after the import reached
 * `rebuilding`, and `pnpm start` runs again. Prints how long the restart took to answer /health
 * and to bring the import live, the import's attempts, and what System Health lists as
 * recovered; and, for comparison, the same steps of the import uninterrupted.
 *
 *   DATA_DIR=./data npx tsx bench/crash-recovery.ts [seconds after rebuilding before the kill, default 25]
 *
 * With DATA_DIR (a directory `pnpm start` built; national scale by default) it runs on a copy of
 * it; without, on a new directory in which the platform first builds the national demo (minutes
 * on 2 cores). The platform runs compiled in its own process, as `pnpm start` runs it.
 */
import { execFileSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort, workspaceRoot } from '@ust/platform';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import type { ImportRun, ImportsResponse, SystemHealth } from '@ust/schemas';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth, type StandaloneProcess } from '@ust/standalone/testing';
import { benchScratch } from './platform-process.js';
import { printTable, type Row } from './table.js';

const killAfterSeconds = Number(process.argv[2] ?? 25);
const { directory: scratch, platformStarted } = await benchScratch('ust-crash-recovery-');
const given = process.env.DATA_DIR;
const dataDir = path.join(scratch, 'data');
if (given) await cp(given, dataDir, { recursive: true, filter: (source) => !['owner.lock', 'runtime.json'].includes(path.relative(given, source)) });
await cp(path.join(FIXTURES_DIRECTORY, 'epa-template', 'DE'), path.join(dataDir, 'inbox', 'DE'), { recursive: true });

execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
const port = await findFreePort();
const env = { ...(given ? { DEMO_SCALE: 'none' } : {}), LOG_LEVEL: 'info' };
const start = async (): Promise<{ server: StandaloneProcess; healthMs: number }> => {
  const server = spawnStandalone({ dataDir, port, launch: 'compiled', env });
  platformStarted(server.child.pid);
  return { server, healthMs: await waitForHealth(server, 60 * 60_000) };
};

const first = await start();
let server = first.server;
const firstStartMs = first.healthMs;
const token = await demoAccessToken(server, dataDir, 'admin');
async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const importRun = async (id: string) => (await api<ImportsResponse>('GET', '/api/admin/imports')).imports.find((run) => run.id === id);

/** Polls the import every 250 ms until `done`; answers the run and the milliseconds since `from`. */
async function waitFor(id: string, done: (run: ImportRun) => boolean, from: number): Promise<{ run: ImportRun; ms: number }> {
  for (;;) {
    const run = await importRun(id).catch(() => undefined);
    if (run && done(run)) return { run, ms: performance.now() - from };
    if (run?.status === 'failed') throw new Error(`import ${id} failed: ${run.failure}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// 1. Uninterrupted, for comparison: the same folder imported to live.
const cleanStart = performance.now();
const clean = (await api<{ id: string }>('POST', '/api/admin/imports', { folder: 'DE' })).id;
const cleanRebuilding = await waitFor(clean, (run) => run.status === 'rebuilding', cleanStart);
const cleanLive = await waitFor(clean, (run) => run.status === 'live', cleanStart);

// 2. The same folder again, killed `killAfterSeconds` into its rebuild.
const cutStart = performance.now();
const cut = (await api<{ id: string }>('POST', '/api/admin/imports', { folder: 'DE' })).id;
const cutRebuilding = await waitFor(cut, (run) => run.status === 'rebuilding', cutStart);
await new Promise((resolve) => setTimeout(resolve, killAfterSeconds * 1000));
const statusAtKill = (await importRun(cut))?.status;
await stopStandalone(server, 'SIGKILL to the group');
const restarted = performance.now();
({ server } = await start());
const healthAfterKillMs = performance.now() - restarted;
const recovered = await waitFor(cut, (run) => run.status === 'live', restarted);
const health = await api<SystemHealth>('GET', '/api/admin/health');
await stopStandalone(server, 'SIGTERM to the group');
platformStarted(undefined);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
printTable(`Import of DE killed ${killAfterSeconds} s into its rebuild (${given ? 'copy of DATA_DIR' : 'national demo built first'})`, [
  { step: 'first start to /health', time: seconds(firstStartMs) },
  { step: 'uninterrupted: upload to rebuilding', time: seconds(cleanRebuilding.ms) },
  { step: 'uninterrupted: upload to live', time: seconds(cleanLive.ms) },
  { step: 'cut off: upload to rebuilding', time: seconds(cutRebuilding.ms) },
  { step: `status when killed`, time: statusAtKill ?? 'unknown' },
  { step: 'restart to /health', time: seconds(healthAfterKillMs) },
  { step: 'restart to live', time: seconds(recovered.ms) },
]);
printTable(
  'Attempts of the cut-off import',
  recovered.run.attempts.map((attempt, index): Row => ({
    attempt: index + 1,
    started: attempt.started_at,
    resumed_at: attempt.resumed_at ?? '-',
    step: attempt.step,
    outcome: attempt.outcome,
  })),
);
printTable(
  'System Health: recoveries',
  health.recoveries.latest.map((recovery): Row => ({
    at: recovery.at,
    kind: recovery.kind,
    queue: recovery.queue,
    subject: recovery.subject,
    action: recovery.action,
  })),
);
