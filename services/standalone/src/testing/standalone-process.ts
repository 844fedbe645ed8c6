/**
 * The platform's main (`services/standalone/src/main.ts`, or its compiled file) in a child process of its own group, as a terminal or a
 * supervisor runs it, stopped the ways they stop it: the restart test and bench/restart.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, workspaceRoot } from '@ust/platform';
import { findDemoAccount, loadIdentityFiles, signAccessToken } from '@ust/identity';

/** How a run ends: what a supervisor, a terminal's Ctrl+C, or the kernel does to it. */
export const STOP_KINDS = ['SIGTERM to the process', 'SIGINT to the group', 'SIGTERM to the group', 'SIGKILL to the group'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

/** A log line of the rebuild job: present when a start rebuilt the derived documents. */
const REBUILD_LOG = '"job":"rebuild-dataset"';

export interface StandaloneProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** performance.now() when it was spawned. */
  readonly spawnedAt: number;
  /** Its standard output and error so far (JSON log lines, progress). */
  output(): string;
  /** Whether it has logged a step of a dataset rebuild. */
  rebuilt(): boolean;
  /** Resolves with the exit code (null when a signal ended it) once it has exited. */
  readonly exited: Promise<number | null>;
}

export interface SpawnOptions {
  dataDir: string;
  port: number;
  /** Extra environment (DEMO_SCALE, LOG_LEVEL...). */
  env?: Record<string, string>;
  /**
   * Run the compiled JavaScript as `pnpm start` does (built beforehand: `node
   * deploy/build-services.mjs`). @defaultValue false: the TypeScript through tsx, always current
   */
  compiled?: boolean;
}

export function spawnStandalone({ dataDir, port, env = {}, compiled = false }: SpawnOptions): StandaloneProcess {
  const spawnedAt = performance.now();
  const main = compiled
    ? ['--conditions=ust-compiled', path.join(workspaceRoot, 'services/standalone/dist/main.js')]
    : ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/main.ts')];
  const child = spawn(process.execPath, main, {
    cwd: workspaceRoot,
    // Its own process group, so a signal can reach the group as a terminal's Ctrl+C does.
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    spawnedAt,
    output: () => output,
    rebuilt: () => output.includes(REBUILD_LOG),
    exited,
  };
}

/** Milliseconds from spawn until GET /health answers 200; fails if the process exits first. */
export async function waitForHealth(server: StandaloneProcess, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the platform exited (${exitCode}) before /health answered:\n${server.output().slice(-4_000)}`);
    const status = await fetch(`${server.url}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return performance.now() - server.spawnedAt;
    if (Date.now() > deadline) throw new Error(`/health did not answer 200 within ${timeoutMs} ms:\n${server.output().slice(-4_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stops it the way `kind` says; resolves with the milliseconds until it exited. */
export async function stopStandalone(server: StandaloneProcess, kind: StopKind): Promise<number> {
  const pid = server.child.pid!;
  const began = performance.now();
  if (kind === 'SIGTERM to the process') server.child.kill('SIGTERM');
  else process.kill(-pid, kind === 'SIGINT to the group' ? 'SIGINT' : kind === 'SIGTERM to the group' ? 'SIGTERM' : 'SIGKILL');
  await server.exited;
  return performance.now() - began;
}

interface RuntimeFile {
  pid: number;
  issuer: string;
  audience: string;
}

/**
 * An access token of the embedded provider for a demo account, signed as `pnpm token` signs it,
 * for the issuer `server` names in runtime.json (written just after it starts listening, so
 * /health may answer before it is there).
 */
export async function demoAccessToken(server: StandaloneProcess, dataDir: string, role: string): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const { keys, accounts } = await loadIdentityFiles(dataDir);
  const account = findDemoAccount(accounts, role);
  if (!account) throw new Error(`no demo account ${role}`);
  const runtime = await runtimeOf(server, dataDir);
  return signAccessToken(
    { issuer: runtime.issuer, audience: runtime.audience, clientId: config.OIDC_CLIENT_ID, signingKey: keys.signingKey },
    { sub: account.sub, email: account.email, name: account.name },
  );
}

/** The server's runtime.json, once it names the server's process. */
async function runtimeOf(server: StandaloneProcess, dataDir: string): Promise<RuntimeFile> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const runtime = await readFile(path.join(dataDir, 'runtime.json'), 'utf8').then(
      (text) => JSON.parse(text) as RuntimeFile,
      () => undefined,
    );
    if (runtime && runtime.pid === server.child.pid) return runtime;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`runtime.json in ${dataDir} does not name process ${server.child.pid}`);
}

export interface SearchAnswer {
  status: number;
  datasetVersion: number | null;
  totalFound: number;
}

/** POST /api/search-address for `address`. */
export async function searchAddress(url: string, token: string, address: string): Promise<SearchAnswer> {
  const response = await fetch(`${url}/api/search-address`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  const body = (await response.json()) as { dataset_version?: number | null; total_found?: number };
  return { status: response.status, datasetVersion: body.dataset_version ?? null, totalFound: body.total_found ?? 0 };
}
