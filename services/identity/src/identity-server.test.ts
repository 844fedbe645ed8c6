/** The identity process's server: sign-in posts limited per client address, which clients cannot forge. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache, loadConfig, PLATFORM_HELMET_OPTIONS, securityHeadersOf, type Cache } from '@ust/platform';
import { createEmbeddedIdentity } from './embedded-identity.js';
import { buildIdentityServer } from './identity-server.js';

const SIGN_IN_LIMIT = 5;

describe('identity server', () => {
  let server: FastifyInstance;
  let cache: Cache;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-identity-server-'));
    const config = loadConfig({ DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT_PER_MINUTE: String(SIGN_IN_LIMIT) });
    const log = createLogger('identity-server-test', { level: 'silent' });
    cache = createMemoryCache();
    const identity = await createEmbeddedIdentity({
      dataDir,
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      clientId: config.OIDC_CLIENT_ID,
      webOrigins: [config.publicUrl],
      cache,
      log,
    });
    server = await buildIdentityServer({ config, identity, cache, logger: log });
  });
  afterAll(async () => {
    await server?.close();
    await cache?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("sends the gateway's security headers on the provider's pages and its health", async () => {
    const expected = Object.fromEntries(securityHeadersOf(PLATFORM_HELMET_OPTIONS).set.map(([name, value]) => [name.toLowerCase(), value]));
    expect(expected['strict-transport-security']).toBeDefined();
    for (const url of ['/health', '/idp/.well-known/openid-configuration', '/idp/interaction/unknown']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('refuses sign-in posts past the limit per address with a page that says when to retry, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    let refused;
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 5; attempt++) {
      const response = await server.inject({
        method: 'POST',
        url: '/idp/interaction/some-interaction/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${attempt}` },
        payload: 'email=admin%40ust.local&password=guess',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused ??= response;
    }
    // Within the limit the provider answers (no sign-in is under way in this client: 400).
    expect(statuses).toEqual([...Array(SIGN_IN_LIMIT).fill(400), ...Array(5).fill(429)]);
    expect(refused!.headers['content-type']).toMatch(/^text\/html/);
    expect(refused!.body).toContain('Too many sign-in attempts');
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // Other pages of the provider are not counted.
    expect((await server.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(200);
  });
});
