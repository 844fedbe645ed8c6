/**
 * A platform crashed and left DATA_DIR/runtime.json and owner.lock behind; its pid now belongs to
 * another live process, and a stranger on the machine listens on its port. The pipeline CLI,
 * which signs itself an admin token for the platform the file names, must send that stranger
 * nothing: not the token it would sign, not a UST_TOKEN the user set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, newRuntimeProofKey, RUNTIME_PROOF_PATH, writeRuntimeFile, type DataDirLock } from '@ust/platform';
import { choosePipelineTarget, PlatformTargetError, type TargetOptions } from './platform-target.js';
import { challengeOf, startProofServer, startTestServer, type ProofServer, type Respond } from './testing/proof-server.js';

const ISSUER = 'http://localhost:8080/idp';
const AUDIENCE = 'http://localhost:8080/api';

describe('a stranger where a crashed platform listened', () => {
  let dataDir: string;
  /** Held by this process, as a process that reused the platform's pid would seem to hold it. */
  let lock: DataDirLock;
  let proofKey: string;
  let stranger: ProofServer | undefined;
  const signed: string[] = [];
  const servers: ProofServer[] = [];

  const options = (env: TargetOptions['env'] = {}): TargetOptions => ({
    dataDir,
    env,
    embeddedIdentity: true,
    adminToken: async () => {
      signed.push('admin');
      return 'signed-admin-token';
    },
  });

  /** Puts `server` on "the platform's port": the URL runtime.json names. */
  const strangerAt = async (server: ProofServer) => {
    stranger = server;
    servers.push(server);
    await writeRuntimeFile(dataDir, {
      pid: process.pid,
      url: server.url,
      publicUrl: 'http://localhost:8080',
      issuer: ISSUER,
      audience: AUDIENCE,
      startedAt: new Date().toISOString(),
      proofKey,
    });
  };
  const strangerAnswering = async (respond: Respond) => strangerAt(await startTestServer(respond));
  /** The platform as it ran before the crash: it held the file's key. */
  const livePlatform = async () => {
    const live = await startProofServer({ key: proofKey, issuer: ISSUER, audience: AUDIENCE });
    servers.push(live);
    return live;
  };

  /** The CLI is refused with the message a user reads, and nothing that is a token reached the stranger. */
  const expectNoTokenSent = async (reason: RegExp) => {
    for (const env of [{}, { UST_TOKEN: 'the-users-own-token' }]) {
      const target = choosePipelineTarget(options(env));
      await expect(target).rejects.toThrow(PlatformTargetError);
      await expect(target).rejects.toThrow(
        new RegExp(
          `^No token was sent to ${stranger!.url}: the server there did not prove it is the platform that wrote ${path.join(dataDir, 'runtime.json')}`,
        ),
      );
      await expect(target).rejects.toThrow(reason);
    }
    expect(signed).toEqual([]);
    expect(stranger!.requests.length).toBeGreaterThan(0);
    for (const request of stranger!.requests) {
      expect(request.authorization).toBeUndefined();
      expect(request.body).not.toMatch(/signed-admin-token|the-users-own-token/);
    }
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-stale-runtime-'));
    lock = await lockDataDir(dataDir, 'standalone');
    proofKey = newRuntimeProofKey();
    signed.length = 0;
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    stranger = undefined;
    await lock.release();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 404 to everything: gets no token, and the CLI says how to recover', async () => {
    await strangerAnswering(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'nothing here' } } }));
    await expectNoTokenSent(/it answered 404 to the proof request\. If that platform stopped without removing the file \(a crash\), .* remove .*owner\.lock/);
    expect(stranger!.requests.map(({ method, url }) => `${method} ${url}`)).toEqual(Array(2).fill(`POST ${RUNTIME_PROOF_PATH}`));
  });

  it('echoes the challenge back as its proof, with the issuer and audience it read from the live platform', async () => {
    await strangerAnswering((request) => ({ status: 200, body: { issuer: ISSUER, audience: AUDIENCE, proof: challengeOf(request) } }));
    await expectNoTokenSent(/its answer is not a proof made with the file's key/);
    // A new challenge each time, 256 random bits.
    const challenges = stranger!.requests.map(challengeOf);
    expect(new Set(challenges).size).toBe(challenges.length);
    for (const challenge of challenges) expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('replays proofs it collected from the live platform before the crash', async () => {
    // While the platform ran, anyone could ask it for proofs of challenges of their own.
    const live = await livePlatform();
    const collected: unknown[] = [];
    for (let round = 0; round < 5; round++) {
      const response = await fetch(`${live.url}${RUNTIME_PROOF_PATH}`, { method: 'POST', body: JSON.stringify({ challenge: newRuntimeProofKey() }) });
      collected.push(await response.json());
    }
    let next = 0;
    await strangerAnswering(() => ({ status: 200, body: collected[next++ % collected.length] }));
    await expectNoTokenSent(/its answer is not a proof made with the file's key/);
  });

  it('is another platform of the machine, which proves with a key of its own', async () => {
    await strangerAt(await startProofServer({ key: newRuntimeProofKey(), issuer: ISSUER, audience: AUDIENCE }));
    await expectNoTokenSent(/its answer is not a proof made with the file's key/);
  });

  it('names another issuer in its answer', async () => {
    await strangerAnswering(() => ({ status: 200, body: { issuer: 'https://evil.example/idp', audience: AUDIENCE, proof: 'x'.repeat(43) } }));
    await expectNoTokenSent(
      /it trusts issuer https:\/\/evil\.example\/idp and audience http:\/\/localhost:8080\/api, the file names http:\/\/localhost:8080\/idp and/,
    );
  });

  it('redirects the proof request to a server that holds the key, hoping the CLI follows it', async () => {
    const live = await livePlatform();
    await strangerAnswering(() => ({ status: 307, body: {}, headers: { location: `${live.url}${RUNTIME_PROOF_PATH}` } }));
    await expectNoTokenSent(/it answered 307 to the proof request/);
    expect(live.requests).toEqual([]);
  });
});
