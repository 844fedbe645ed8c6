/**
 * POST /runtime-proof, which anyone can reach: it proves to a CLI on the machine that this process
 * wrote DATA_DIR/runtime.json. Without the file's key its answers are of no use to a caller: an
 * HMAC of the caller's own challenge, and the issuer and audience /api/auth-config states anyway.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, isRuntimeProof, loadConfig, newRuntimeChallenge, newRuntimeProofKey } from '@ust/platform';
import { buildGateway } from '../../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../../testing/embedded-test-ports.js';
import { refusalProblems } from '../../testing/refusal-problems.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';

describe('the runtime proof', () => {
  let embedded: EmbeddedTestPorts;
  let issuer: TestIssuer;
  let withKey: FastifyInstance;
  let withoutKey: FastifyInstance;
  const key = newRuntimeProofKey();
  const log = createLogger('runtime-proof', { level: 'silent' });
  const ask = (gateway: FastifyInstance, payload: unknown) => gateway.inject({ method: 'POST', url: '/runtime-proof', payload: payload as object });

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('runtime-proof');
    issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, DATA_DIR: embedded.dataDir });
    withKey = await buildGateway({ config, ports: embedded.ports, logger: log, signingKeys: issuer.signingKeys, runtimeProofKey: key });
    withoutKey = await buildGateway({ config, ports: embedded.ports, logger: log, signingKeys: issuer.signingKeys });
  });
  afterAll(async () => {
    await withKey?.close();
    await withoutKey?.close();
    await embedded?.close();
  });

  it("asks for proofs of challenges of its own: each is the key's HMAC of that challenge, of no use for another", async () => {
    const identity = { issuer: issuer.issuer, audience: issuer.audience };
    const challenges = [newRuntimeChallenge(), newRuntimeChallenge()];
    const answers = [];
    for (const challenge of challenges) {
      const response = await ask(withKey, { challenge });
      expect(response.statusCode).toBe(200);
      answers.push(response.json<{ issuer: string; audience: string; proof: string }>());
    }
    expect(answers.map(({ proof: _proof, ...rest }) => rest)).toEqual([identity, identity]);
    expect(isRuntimeProof(key, challenges[0]!, identity, answers[0]!.proof)).toBe(true);
    expect(isRuntimeProof(key, challenges[1]!, identity, answers[0]!.proof)).toBe(false);
    expect(isRuntimeProof(newRuntimeProofKey(), challenges[0]!, identity, answers[0]!.proof)).toBe(false);
    expect(answers[0]!.proof).not.toContain(key);
  });

  it('sends challenges that are not 43 base64url characters, or more than the challenge: refused in the error shape', async () => {
    for (const payload of [
      {},
      { challenge: '' },
      { challenge: 'short' },
      { challenge: `${newRuntimeChallenge()}=` },
      { challenge: 'a'.repeat(10_000) },
      { challenge: newRuntimeChallenge(), key },
    ]) {
      const response = await ask(withKey, payload);
      expect({ payload: JSON.stringify(payload).slice(0, 60), status: response.statusCode }).toEqual({
        payload: JSON.stringify(payload).slice(0, 60),
        status: 400,
      });
      expect(refusalProblems(response)).toEqual([]);
    }
  });

  it('asks a gateway that wrote no runtime file: 404, and no proof of any key', async () => {
    const response = await ask(withoutKey, { challenge: newRuntimeChallenge() });
    expect(response.statusCode).toBe(404);
    expect(refusalProblems(response)).toEqual([]);
    expect(response.json().error.message).toBe('This process wrote no runtime file');
  });
});
