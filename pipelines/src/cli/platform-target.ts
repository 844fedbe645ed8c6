/**
 * Where a pipeline command runs (DECISIONS.md 21): through the admin API of a running platform,
 * or offline on the data directory itself. A platform runs when `UST_API_URL` names one, or when
 * `DATA_DIR/runtime.json` names a process that runs and holds `DATA_DIR/owner.lock` (a runtime
 * file left by a platform that was killed names a dead process, or one that no longer owns it).
 */
import { liveDataDirOwner, readRuntimeFile } from '@ust/platform';

/** How the user asked to reach the platform cannot work; the message says what to set (exit 2). */
export class PlatformTargetError extends Error {
  override name = 'PlatformTargetError';
}

/** The platform that owns a data directory now. */
export interface RunningPlatform {
  pid: number;
  url: string;
  issuer: string | undefined;
}

export type PipelineTarget = { mode: 'offline' } | { mode: 'api'; url: string; token: string };

export async function runningPlatform(dataDir: string): Promise<RunningPlatform | undefined> {
  const runtime = await readRuntimeFile(dataDir);
  if (typeof runtime?.pid !== 'number' || typeof runtime.url !== 'string') return undefined;
  const owner = await liveDataDirOwner(dataDir);
  return owner?.pid === runtime.pid ? { pid: runtime.pid, url: runtime.url, issuer: runtime.issuer } : undefined;
}

export interface TargetOptions {
  dataDir: string;
  env: { UST_API_URL?: string; UST_TOKEN?: string };
  /** Whether the platform's tokens are the embedded provider's, which `adminToken` can sign. */
  embeddedIdentity: boolean;
  /** An admin access token of the embedded provider, signed from DATA_DIR/identity. */
  adminToken: () => Promise<string>;
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
  if (token) return { mode: 'api', url: running.url, token };
  if (!embeddedIdentity) {
    throw new PlatformTargetError(
      `A platform runs on ${dataDir} (process ${running.pid}, ${running.url}) and signs in with the external OIDC issuer ${running.issuer ?? '(unknown)'}: ` +
        'set UST_TOKEN to an admin access token from that issuer, or stop the platform to run the command offline.',
    );
  }
  return { mode: 'api', url: running.url, token: await adminToken() };
}
