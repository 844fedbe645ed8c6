/** An embedded provider in a fresh temporary data directory, mounted in a Fastify app that is never listened on. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLogger } from '@ust/platform';
import { createEmbeddedIdentity, type EmbeddedIdentity } from '../embedded-identity.js';
import { embeddedIdentityPlugin } from '../embedded-identity.plugin.js';

export const TEST_ORIGIN = 'http://localhost:8080';
export const TEST_ISSUER = `${TEST_ORIGIN}/idp`;
export const TEST_AUDIENCE = `${TEST_ORIGIN}/api`;
export const TEST_CLIENT_ID = 'ust-web';

export interface TestIdentity {
  identity: EmbeddedIdentity;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** @param dataDir reuse a directory (to test persistence); by default a new one, removed by close() */
export async function startTestIdentity(dataDir?: string): Promise<TestIdentity> {
  const directory = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ust-identity-')));
  const identity = await createEmbeddedIdentity({
    dataDir: directory,
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    clientId: TEST_CLIENT_ID,
    webOrigins: [TEST_ORIGIN],
    log: createLogger('identity-test', { level: 'silent' }),
  });
  const app = Fastify();
  await app.register(embeddedIdentityPlugin, { identity });
  await app.ready();
  return {
    identity,
    app,
    dataDir: directory,
    async close() {
      await app.close();
      if (!dataDir) await rm(directory, { recursive: true, force: true });
    },
  };
}
