/**
 * A real Keycloak server for the integration tests: the external OpenID issuer the gateway trusts
 * through OIDC_ISSUER. Resolved as docs/architecture.md section 8 orders it: KEYCLOAK_URL from
 * the environment (a server someone already runs, with its master-realm admin in
 * KEYCLOAK_ADMIN_USERNAME / KEYCLOAK_ADMIN_PASSWORD), else the distribution from
 * deploy/local/keycloak started in dev mode on a free loopback port. Starting one takes tens of
 * seconds, so a test file starts it once and gives each test its own realm.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../net/free-port.js';
import type { RunningService } from './running-service.js';
import { MissingServiceError } from './test-services.js';

const KEYCLOAK_SH = fileURLToPath(new URL('../../../../deploy/local/keycloak/keycloak.sh', import.meta.url));
/** The first start of a new distribution also builds it (Quarkus augmentation): minutes on a busy machine. */
export const KEYCLOAK_READY_TIMEOUT_MS = 5 * 60_000;
const STOP_GRACE_MS = 20_000;
const FETCH_TIMEOUT_MS = 15 * 60_000;

export interface RunningKeycloak extends RunningService {
  /** http://127.0.0.1:port, the base of every realm's issuer URL. */
  readonly url: string;
  /** The master realm's administrator, for the admin REST API. */
  readonly admin: { readonly username: string; readonly password: string };
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function readTail(path: string): string {
  try {
    return tail(readFileSync(path, 'utf8'));
  } catch {
    return '(empty)';
  }
}

/** Downloads and unpacks the distribution with Maven (cached in deploy/local/keycloak/dist/<version>/). */
function fetchDistribution(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('bash', [KEYCLOAK_SH, 'fetch'], { timeout: FETCH_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`Downloading Keycloak failed (bash ${KEYCLOAK_SH} fetch):\n${tail(`${stdout}${stderr}`)}`));
      else resolve();
    });
  });
}

/** True once the master realm answers its discovery document. */
/**
 * True once Keycloak's own discovery document answers on `url`: anything else that answers there
 * (a web app's fallback page) is not Keycloak.
 */
async function keycloakAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/realms/master/.well-known/openid-configuration`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) {
      await response.body?.cancel();
      return false;
    }
    const discovery = (await response.json()) as { issuer?: unknown };
    return discovery.issuer === `${url}/realms/master`;
  } catch {
    return false;
  }
}

/** Ports the kernel never hands out for port 0 (its ephemeral range starts at 32768 by default). */
const BELOW_EPHEMERAL = { from: 20_000, to: 32_000 };

/**
 * A free loopback port below the kernel's ephemeral range. Keycloak binds its port tens of
 * seconds after it was chosen; a port from the ephemeral range could meanwhile be handed to a
 * server another test file starts (findFreePort), which then answers in Keycloak's place.
 */
async function findPortBelowEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = BELOW_EPHEMERAL.from + Math.floor(Math.random() * (BELOW_EPHEMERAL.to - BELOW_EPHEMERAL.from));
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return findFreePort();
}

/** Starts Keycloak from deploy/local/keycloak on a free port, with its database in a new temporary directory. */
export async function startKeycloakServer(): Promise<RunningKeycloak> {
  await fetchDistribution();
  const port = await findPortBelowEphemeralRange();
  const dir = await mkdtemp(join(tmpdir(), 'ust-keycloak-'));
  const admin = { username: 'admin', password: randomBytes(12).toString('base64url') };
  const launcherLog = join(dir, 'launcher.log');
  const out = openSync(launcherLog, 'a');
  // detached: Keycloak leads its own process group, so one kill reaches keycloak.sh, kc.sh, java
  // and the watchdog, which stops the server should this process die without its exit handlers.
  const child = spawn('bash', [KEYCLOAK_SH, 'start', String(port), dir], {
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      KEYCLOAK_STOP_WITH_PID: String(process.pid),
      KC_BOOTSTRAP_ADMIN_USERNAME: admin.username,
      KC_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    },
  });
  closeSync(out);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not spawn bash ${KEYCLOAK_SH}`);

  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => (exited = true));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const onExit = () => {
    killGroup('SIGKILL');
    removeDir();
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (!exited) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      await exitedPromise;
      clearTimeout(timer);
      killGroup('SIGKILL');
    }
    removeDir();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + KEYCLOAK_READY_TIMEOUT_MS;
  while (!(await keycloakAnswers(url))) {
    if (exited || Date.now() > deadline) {
      const why = exited ? 'exited before it answered' : `did not answer within ${KEYCLOAK_READY_TIMEOUT_MS / 1000} s`;
      const logs = `--- ${launcherLog} ---\n${readTail(launcherLog)}\n--- keycloak.log ---\n${readTail(join(dir, 'keycloak.log'))}`;
      await stop();
      throw new Error(`The local Keycloak on ${url} ${why}.\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { url, source: 'local', admin, stop };
}

/** KEYCLOAK_URL (and its admin) from the environment, else a local server; fails with what to install. */
export async function resolveKeycloak(env = process.env): Promise<RunningKeycloak> {
  if (env.KEYCLOAK_URL) {
    return {
      url: env.KEYCLOAK_URL.replace(/\/$/, ''),
      source: 'env',
      admin: { username: env.KEYCLOAK_ADMIN_USERNAME ?? 'admin', password: env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin' },
      stop: async () => {},
    };
  }
  try {
    return await startKeycloakServer();
  } catch (error) {
    throw new MissingServiceError('Keycloak', ['KEYCLOAK_URL is not set', `local Keycloak from deploy/local/keycloak: ${(error as Error).message}`]);
  }
}
