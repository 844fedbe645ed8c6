/**
 * How a benchmark starts the platform and the token CLI in their own processes: from the
 * TypeScript sources through tsx (the default, no build needed), or with `BENCH_RUNTIME=compiled`
 * as `pnpm start` and the image run them, compiled with plain node (deploy/build-services.mjs,
 * which this runs first when the sources changed).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, workspaceRoot } from '@ust/platform';
import { PNPM_START_NODE_FLAGS, spawnStandalone, waitForHealth, type StandaloneProcess } from '@ust/standalone/testing';

export type BenchRuntime = 'tsx' | 'compiled';

export function benchRuntime(): BenchRuntime {
  const runtime = process.env.BENCH_RUNTIME ?? 'tsx';
  if (runtime !== 'tsx' && runtime !== 'compiled') throw new Error(`BENCH_RUNTIME must be tsx or compiled, not "${runtime}"`);
  return runtime;
}

/**
 * The node arguments that run `entry` (a TypeScript path such as services/standalone/src/main.ts)
 * under the runtime asked for.
 */
export function nodeArguments(entry: string, runtime: BenchRuntime = benchRuntime()): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', path.join(workspaceRoot, entry)];
  execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
  const compiled = entry.replace('/src/', '/dist/').replace(/\.ts$/, '.js');
  // The platform's own entry runs with the flags `pnpm start` gives it; the other processes with V8's defaults.
  const flags = entry === 'services/standalone/src/main.ts' ? PNPM_START_NODE_FLAGS : [];
  return [...flags, '--conditions=ust-compiled', path.join(workspaceRoot, compiled)];
}

/** The platform process's resident and peak resident memory in KiB (Linux). */
export async function serverMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * The platform over `dataDir` in its own process, under BENCH_RUNTIME, once `/health` answers
 * (it fails if the process exits first, e.g. on a data directory another process holds).
 */
export async function startBenchPlatform(dataDir: string, env: Record<string, string>): Promise<StandaloneProcess> {
  const runtime = benchRuntime();
  if (runtime === 'compiled') execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'inherit' });
  const server = spawnStandalone({ dataDir, port: await findFreePort(), launch: runtime, env });
  await waitForHealth(server, 30 * 60_000);
  return server;
}

/** Resolves once the live dataset answers: a first start builds its demo dataset after the port opens. */
export async function waitForDataset(url: string, authorization: string, timeoutMs = 30 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${url}/api/facilities-statistics`, { headers: { authorization } })).status !== 200) {
    if (Date.now() > deadline) throw new Error(`No dataset was built within ${timeoutMs / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export interface BenchScratch {
  /** A new directory under the system's temporary one. */
  directory: string;
  /** The platform's process group to kill when the benchmark exits; undefined once it stopped. */
  platformStarted(pid: number | undefined): void;
}

/** A scratch directory that goes, with the platform's process group, when the benchmark exits, also when it fails. */
export async function benchScratch(prefix: string): Promise<BenchScratch> {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
  let platformPid: number | undefined;
  process.once('exit', () => {
    try {
      if (platformPid !== undefined) process.kill(-platformPid, 'SIGKILL');
    } catch {
      // It had exited already.
    }
    rmSync(directory, { recursive: true, force: true });
  });
  return { directory, platformStarted: (pid) => (platformPid = pid) };
}
