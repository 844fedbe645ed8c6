/**
 * Where a pipeline command runs (docs/decisions/0021-data-directory-owner.md): through the admin
 * API of a running platform, or offline on the data directory itself. A platform runs when
 * `UST_API_URL` names one, or when `DATA_DIR/runtime.json` names a process that runs and holds
 * `DATA_DIR/owner.lock` (a runtime file left by a platform that was killed names a dead process,
 * or one that no longer owns it). A token goes to the server the file names only once that
 * server has proved it wrote the file (platform-proof.ts): a live pid may be another process's
 * after a crash.
 */
import path from 'node:path';
import { liveDataDirOwner, readRuntimeFile, type RuntimeIdentity } from '@ust/platform';
import { NotThePlatformError, proveRuntime } from './platform-proof.js';

/** How the user asked to reach the platform cannot work; the message says what to set (exit 2). */
export class PlatformTargetError extends Error {
  override name = 'PlatformTargetError';
}

/** The platform that owns a data directory now, as its runtime file describes it. */
export interface RunningPlatform {
  pid: number;
  url: string;
  issuer: string | undefined;
  audience: string | undefined;
  proofKey: string | undefined;
}

export type PipelineTarget = { mode: 'offline' } | { mode: 'api'; url: string; token: string };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export async function runningPlatform(dataDir: string): Promise<RunningPlatform | undefined> {
  const runtime = await readRuntimeFile(dataDir);
  if (typeof runtime?.pid !== 'number' || typeof runtime.url !== 'string') return undefined;
  const owner = await liveDataDirOwner(dataDir);
  if (owner?.pid !== runtime.pid) return undefined;
  return { pid: runtime.pid, url: runtime.url, issuer: text(runtime.issuer), audience: text(runtime.audience), proofKey: text(runtime.proofKey) };
}

export interface TargetOptions {
  dataDir: string;
  env: { UST_API_URL?: string; UST_TOKEN?: string };
  /** Whether the platform's tokens are the embedded provider's, which `adminToken` can sign. */
  embeddedIdentity: boolean;
  /** An admin access token of the embedded provider, signed from DATA_DIR/identity for the platform's issuer and audience. */
  adminToken: (platform: RuntimeIdentity) => Promise<string>;
}

/** What the platform `running` names trusts, once it proved it wrote the runtime file; no token has been sent before. */
async function provenPlatform(dataDir: string, running: RunningPlatform): Promise<RuntimeIdentity> {
  const file = path.join(dataDir, 'runtime.json');
  try {
    return await proveRuntime({ url: running.url, issuer: running.issuer ?? '', audience: running.audience ?? '', proofKey: running.proofKey });
  } catch (error) {
    if (!(error instanceof NotThePlatformError)) throw error;
    throw new PlatformTargetError(
      `No token was sent to ${running.url}: the server there did not prove it is the platform that wrote ${file} (process ${running.pid}): ${error.message}. ` +
        `If that platform stopped without removing the file (a crash), another process may now hold its pid or port: start the platform again, ` +
        `or, with no platform running on ${dataDir}, remove ${file} and ${path.join(dataDir, 'owner.lock')} to run the command offline.`,
    );
  }
}

export async function choosePipelineTarget({ dataDir, env, embeddedIdentity, adminToken }: TargetOptions): Promise<PipelineTarget> {
  const token = env.UST_TOKEN || undefined;
  if (env.UST_API_URL) {
    if (!token) {
      throw new PlatformTargetError(
        `UST_API_URL is set (${env.UST_API_URL}): set UST_TOKEN to an admin access token of that platform too (\`pnpm -s token admin\` prints one of the embedded provider).`,
      );
    }
    return { mode: 'api', url: env.UST_API_URL.replace(/\/+$/, ''), token };
  }
  const running = await runningPlatform(dataDir);
  if (!running) return { mode: 'offline' };
  if (!token && !embeddedIdentity) {
    throw new PlatformTargetError(
      `A platform runs on ${dataDir} (process ${running.pid}, ${running.url}) and signs in with the external OIDC issuer ${running.issuer ?? '(unknown)'}: ` +
        'set UST_TOKEN to an admin access token from that issuer, or stop the platform to run the command offline.',
    );
  }
  const platform = await provenPlatform(dataDir, running);
  return { mode: 'api', url: running.url, token: token ?? (await adminToken(platform)) };
}
