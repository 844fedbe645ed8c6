/** An embedded provider in a fresh temporary data directory, mounted in a Fastify app that is never listened on. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLogger, createMemoryCache, type Cache } from '@ust/platform';
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
  /** Where the provider keeps its sessions and tokens. */
  cache: Cache;
  close(): Promise<void>;
}

/**
 * @param dataDir reuse a directory (to test persistence); by default a new one, removed by close()
 * @param cache the provider's state (a second replica passes the first one's); by default a new
 *   in-memory cache, closed by close()
 */
export async function startTestIdentity(dataDir?: string, cache?: Cache): Promise<TestIdentity> {
  const directory = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ust-identity-')));
  const state = cache ?? createMemoryCache();
  const identity = await createEmbeddedIdentity({
    dataDir: directory,
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    clientId: TEST_CLIENT_ID,
    webOrigins: [TEST_ORIGIN],
    cache: state,
    log: createLogger('identity-test', { level: 'silent' }),
  });
  const app = Fastify();
  await app.register(embeddedIdentityPlugin, { identity });
  await app.ready();
  return {
    identity,
    app,
    dataDir: directory,
    cache: state,
    async close() {
      await app.close();
      if (!cache) await state.close();
      if (!dataDir) await rm(directory, { recursive: true, force: true });
    },
  };
}
