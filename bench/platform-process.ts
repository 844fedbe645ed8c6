/**
 * How a benchmark starts the platform and the token CLI in their own processes: from the
 * TypeScript sources through tsx (the default, no build needed), or with `BENCH_RUNTIME=compiled`
 * as `pnpm start` and the image run them, compiled with plain node (deploy/build-services.mjs,
 * which this runs first when the sources changed).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { workspaceRoot } from '@ust/platform';

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
  return ['--conditions=ust-compiled', path.join(workspaceRoot, compiled)];
}

/** The platform process's resident and peak resident memory in KiB (Linux). */
export async function serverMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}
