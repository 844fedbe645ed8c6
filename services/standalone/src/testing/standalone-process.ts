/**
 * The platform's main (`services/standalone/src/main.ts`, or its compiled file) in a child process of its own group, as a terminal or a
 * supervisor runs it, stopped the ways they stop it: the restart test and bench/restart.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, workspaceRoot } from '@ust/platform';
import { findDemoAccount, loadIdentityFiles, signAccessToken } from '@ust/identity';

/** How a run ends: what a supervisor, a terminal's Ctrl+C, or the kernel does to it. */
export const STOP_KINDS = ['SIGTERM to the process', 'SIGINT to the group', 'SIGTERM to the group', 'SIGKILL to the group'] as const;
/**
 * How a run of the whole `npx pnpm start` chain ends when one wrapper alone is signalled (a
 * supervisor that knows only the pid it started, a `kill` by hand).
 */
export const WRAPPER_STOP_KINDS = ['SIGTERM to npx alone', 'SIGTERM to pnpm alone'] as const;
export type StopKind = (typeof STOP_KINDS)[number] | (typeof WRAPPER_STOP_KINDS)[number];

/** A log line of the rebuild job: present when a start rebuilt the derived documents. */
const REBUILD_LOG = '"job":"rebuild-dataset"';

export interface StandaloneProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** performance.now() when it was spawned. */
  readonly spawnedAt: number;
  /** How it was started (SpawnOptions.launch). */
  readonly launch: NonNullable<SpawnOptions['launch']>;
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
   * How it is started: `tsx` runs the TypeScript (always current); `compiled` the JavaScript as
   * `pnpm start` does (built beforehand: `node deploy/build-services.mjs`); `npx pnpm start` the
   * README's command itself, with its wrappers (npx, pnpm and their shells) above the platform.
   * @defaultValue 'tsx'
   */
  launch?: 'tsx' | 'compiled' | 'npx pnpm start';
}

/** The README's `npx -y pnpm@<version>`: the version the workspace names. */
function pnpmSpecifier(): string {
  const { packageManager } = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8')) as { packageManager: string };
  return packageManager;
}

/** The V8 flags `pnpm start` gives the platform (package.json; decision 0113), so a compiled launch runs as it does. */
export const PNPM_START_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
/** The environment `pnpm start` adds for the platform: two malloc arenas (package.json; decision 0129). */
export const PNPM_START_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' } as const;

function launchCommand(launch: NonNullable<SpawnOptions['launch']>): [string, string[]] {
  if (launch === 'npx pnpm start') return ['npx', ['-y', pnpmSpecifier(), 'start']];
  if (launch === 'compiled')
    return [process.execPath, [...PNPM_START_NODE_FLAGS, '--conditions=ust-compiled', path.join(workspaceRoot, 'services/standalone/dist/main.js')]];
  return [process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/main.ts')]];
}

export function spawnStandalone({ dataDir, port, env = {}, launch = 'tsx' }: SpawnOptions): StandaloneProcess {
  const spawnedAt = performance.now();
  const [command, args] = launchCommand(launch);
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    // Its own process group, so a signal can reach the group as a terminal's Ctrl+C does.
    detached: true,
    env: {
      ...process.env,
      ...(launch === 'compiled' ? PNPM_START_ENVIRONMENT : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
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
    launch,
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

/**
 * Stops it the way `kind` says; resolves with the milliseconds until the platform's process
 * exited. Under `npx pnpm start` that is the node process under the wrappers: npx does not wait
 * for it when signalled itself.
 */
export async function stopStandalone(server: StandaloneProcess, kind: StopKind): Promise<number> {
  const pid = server.child.pid!;
  const platform = platformProcess(server);
  let target = pid;
  if (kind === 'SIGTERM to pnpm alone') {
    const pnpm = processesUnder(pid).find((entry) => /\/pnpm start$/.test(entry.command));
    if (!pnpm) throw new Error(`no pnpm process under ${pid}: ${JSON.stringify(processesUnder(pid))}`);
    target = pnpm.pid;
  }
  const began = performance.now();
  if (kind === 'SIGTERM to the process' || kind === 'SIGTERM to npx alone' || kind === 'SIGTERM to pnpm alone') process.kill(target, 'SIGTERM');
  else process.kill(-pid, kind === 'SIGINT to the group' ? 'SIGINT' : kind === 'SIGTERM to the group' ? 'SIGTERM' : 'SIGKILL');
  while (processStillRuns(platform)) await new Promise((resolve) => setTimeout(resolve, 20));
  const ms = performance.now() - began;
  await server.exited;
  return ms;
}

/**
 * The pid of the platform's own process: the child, or under `npx pnpm start` the node process
 * under its wrappers (undefined until the wrappers have started it).
 */
function platformProcessIfStarted(server: StandaloneProcess): number | undefined {
  const pid = server.child.pid!;
  if (server.launch !== 'npx pnpm start') return pid;
  return processesUnder(pid).find((entry) => /standalone\/(dist|src)\/main\.[jt]s/.test(entry.command))?.pid;
}

function platformProcess(server: StandaloneProcess): number {
  const platform = platformProcessIfStarted(server);
  if (platform === undefined) throw new Error(`no platform process under ${server.child.pid}: ${JSON.stringify(processesUnder(server.child.pid!))}`);
  return platform;
}

/** The processes descended from `root`, with their command lines. */
function processesUnder(root: number): { pid: number; command: string }[] {
  const all = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, parent, command]) => ({ pid: Number(pid), parent: Number(parent), command: command! }));
  const under = new Set([root]);
  const found: { pid: number; command: string }[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of all) {
      if (under.has(entry.parent) && !under.has(entry.pid)) {
        under.add(entry.pid);
        found.push({ pid: entry.pid, command: entry.command });
        grew = true;
      }
    }
  }
  return found;
}

/** Whether `pid` runs and has not exited (a zombie waiting for its parent has). */
function processStillRuns(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
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
    if (runtime && runtime.pid === platformProcessIfStarted(server)) return runtime;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`runtime.json in ${dataDir} does not name the platform process under ${server.child.pid}`);
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
