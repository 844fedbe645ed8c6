import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, newRuntimeProofKey, writeRuntimeFile, type DataDirLock } from '@ust/platform';
import { choosePipelineTarget, PlatformTargetError, type TargetOptions } from './platform-target.js';
import { startProofServer, type ProofServer } from './testing/proof-server.js';

/** A pid no process has (above Linux's pid_max). */
const DEAD_PID = 99_999_999;
const ISSUER = 'https://login.example.com/';
const AUDIENCE = 'ust-api';

describe('where a pipeline command runs', () => {
  let dataDir: string;
  let lock: DataDirLock | undefined;
  /** The platform runtime.json names: it holds the file's key. */
  let platform: ProofServer;
  let proofKey: string;
  const signed: string[] = [];
  const options = (changes: Partial<TargetOptions> = {}): TargetOptions => ({
    dataDir,
    env: {},
    embeddedIdentity: true,
    adminToken: async ({ issuer, audience }) => {
      signed.push(`admin for ${issuer} ${audience}`);
      return 'signed-admin-token';
    },
    ...changes,
  });
  const runtime = (pid: number) =>
    writeRuntimeFile(dataDir, {
      pid,
      url: platform.url,
      publicUrl: platform.url,
      issuer: ISSUER,
      audience: AUDIENCE,
      startedAt: new Date().toISOString(),
      proofKey,
    });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-platform-target-'));
    signed.length = 0;
    proofKey = newRuntimeProofKey();
    platform = await startProofServer({ key: proofKey, issuer: ISSUER, audience: AUDIENCE });
  });
  afterEach(async () => {
    await lock?.release();
    lock = undefined;
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is offline when no platform wrote a runtime file', async () => {
    expect(await choosePipelineTarget(options())).toEqual({ mode: 'offline' });
  });

  it('is offline when the runtime file names a process that no longer runs (a killed platform)', async () => {
    await runtime(DEAD_PID);
    await writeFile(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: DEAD_PID, role: 'standalone', startedAt: new Date().toISOString() }));
    expect(await choosePipelineTarget(options())).toEqual({ mode: 'offline' });
    expect(signed).toEqual([]);
  });

  it('is offline when the process the runtime file names does not hold the data directory', async () => {
    // A pid reused by another process after the platform died, with no lock, or someone else's.
    await runtime(process.pid);
    expect(await choosePipelineTarget(options())).toEqual({ mode: 'offline' });
    await writeFile(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: process.ppid, role: 'pipeline', startedAt: new Date().toISOString() }));
    expect(await choosePipelineTarget(options())).toEqual({ mode: 'offline' });
  });

  it('goes through the API of the platform that holds the data directory, with an admin token of the embedded provider', async () => {
    lock = await lockDataDir(dataDir, 'standalone');
    await runtime(process.pid);
    expect(await choosePipelineTarget(options())).toEqual({ mode: 'api', url: platform.url, token: 'signed-admin-token' });
    expect(await choosePipelineTarget(options({ env: { UST_TOKEN: 'given' } }))).toEqual({ mode: 'api', url: platform.url, token: 'given' });
    // For the issuer and audience the platform proved it trusts.
    expect(signed).toEqual([`admin for ${ISSUER} ${AUDIENCE}`]);
    // It was asked each time, never sent a token.
    expect(platform.requests.map(({ method, url, authorization }) => `${method} ${url} ${authorization ?? 'no token'}`)).toEqual([
      'POST /runtime-proof no token',
      'POST /runtime-proof no token',
    ]);
  });

  it('asks for UST_TOKEN when the running platform signs in with an external issuer', async () => {
    lock = await lockDataDir(dataDir, 'standalone');
    await runtime(process.pid);
    const refused = choosePipelineTarget(options({ embeddedIdentity: false }));
    await expect(refused).rejects.toThrow(PlatformTargetError);
    await expect(refused).rejects.toThrow(/external OIDC issuer https:\/\/login\.example\.com\/: set UST_TOKEN/);
    expect(await choosePipelineTarget(options({ embeddedIdentity: false, env: { UST_TOKEN: 'from-issuer' } }))).toEqual({
      mode: 'api',
      url: platform.url,
      token: 'from-issuer',
    });
  });

  it('goes to UST_API_URL when it is set, which needs UST_TOKEN', async () => {
    await expect(choosePipelineTarget(options({ env: { UST_API_URL: 'https://ust.example.com/' } }))).rejects.toThrow(
      'UST_API_URL is set (https://ust.example.com/): set UST_TOKEN to an admin access token of that platform too',
    );
    expect(await choosePipelineTarget(options({ env: { UST_API_URL: 'https://ust.example.com/', UST_TOKEN: 'remote' } }))).toEqual({
      mode: 'api',
      url: 'https://ust.example.com',
      token: 'remote',
    });
    expect(signed).toEqual([]);
  });
});
