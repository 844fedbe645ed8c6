/**
 * The identity service as its own process on a port of its own, started the way the compose
 * stack starts its `identity` container (services/identity/src/main.ts with OIDC_ISSUER on its
 * own host and port, PUBLIC_URL naming the web app's origin for the client's redirect URIs and
 * the audience). A platform started with `platformEnv` trusts it instead of an embedded provider.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadIdentityFiles, type DemoAccount } from '@ust/identity';
import { findFreePort, workspaceRoot } from '@ust/platform';

export interface IdentityProcess {
  /** http://localhost:PORT/idp: the browser's host name, so its cookies and the app's agree. */
  issuer: string;
  /** Its demo accounts, for signIn(). */
  accounts: readonly DemoAccount[];
  /** For startPlatform(): the app's port, the issuer, and where the gateway fetches its keys. */
  platformEnv: Record<string, string>;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The identity process exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The identity process did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Starts the identity service for a web app that will listen on a port chosen here. */
export async function startIdentityProcess(): Promise<IdentityProcess> {
  const [appPort, identityPort] = [await findFreePort(), await findFreePort()];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-e2e-identity-'));
  // The process creates the same files on first start: made here, the test knows the passwords.
  const { accounts } = await loadIdentityFiles(dataDir);
  const issuer = `http://localhost:${identityPort}/idp`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/identity/src/main.ts'], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(identityPort),
      OIDC_ISSUER: issuer,
      PUBLIC_URL: `http://localhost:${appPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`http://127.0.0.1:${identityPort}/health`, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    issuer,
    accounts,
    platformEnv: { PORT: String(appPort), OIDC_ISSUER: issuer, OIDC_JWKS_URL: `http://127.0.0.1:${identityPort}/idp/jwks` },
    close,
  };
}
