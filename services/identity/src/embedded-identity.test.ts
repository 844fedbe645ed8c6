import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, createMemoryCache } from '@ust/platform';
import { findDemoAccount } from './demo-accounts.js';
import { createEmbeddedIdentity } from './embedded-identity.js';
import { embeddedIdentityPlugin } from './embedded-identity.plugin.js';
import { startTestIdentity, TEST_AUDIENCE, TEST_CLIENT_ID, TEST_ISSUER, type TestIdentity } from './testing/index.js';

let test: TestIdentity;
beforeAll(async () => {
  test = await startTestIdentity();
});
afterAll(() => test?.close());

const get = (url: string) => test.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });

describe('discovery', () => {
  it('names the issuer and serves every endpoint under the mount path', async () => {
    const response = await get('/idp/.well-known/openid-configuration');
    expect(response.statusCode).toBe(200);
    const discovery = response.json<Record<string, unknown>>();
    expect(discovery.issuer).toBe(TEST_ISSUER);
    expect(discovery).toMatchObject({
      authorization_endpoint: `${TEST_ISSUER}/auth`,
      token_endpoint: `${TEST_ISSUER}/token`,
      jwks_uri: `${TEST_ISSUER}/jwks`,
      end_session_endpoint: `${TEST_ISSUER}/session/end`,
      revocation_endpoint: `${TEST_ISSUER}/token/revocation`,
    });
    // Access tokens are for the API; the ID token carries the profile claims.
    expect(discovery).not.toHaveProperty('userinfo_endpoint');
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });
});

describe('an issuer without a path', () => {
  it('mounts the provider at the root', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-identity-root-'));
    const cache = createMemoryCache();
    const identity = await createEmbeddedIdentity({
      dataDir,
      issuer: 'http://localhost:9090',
      audience: TEST_AUDIENCE,
      clientId: TEST_CLIENT_ID,
      webOrigins: ['http://localhost:9090'],
      cache,
      log: createLogger('identity-test', { level: 'silent' }),
    });
    const app = Fastify();
    await app.register(embeddedIdentityPlugin, { identity });
    try {
      const response = await app.inject({ method: 'GET', url: '/.well-known/openid-configuration', headers: { host: 'localhost:9090' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        issuer: 'http://localhost:9090',
        token_endpoint: 'http://localhost:9090/token',
        jwks_uri: 'http://localhost:9090/jwks',
      });
      expect((await app.inject({ method: 'GET', url: '/jwks?x=1', headers: { host: 'localhost:9090' } })).json().keys).toHaveLength(1);
    } finally {
      await app.close();
      await cache.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('storage', () => {
  it("keeps the provider's state on the cache it is given, so oidc-provider has no development-only store to warn of", async () => {
    const warnings = vi.spyOn(console, 'warn');
    let again: TestIdentity | undefined;
    try {
      again = await startTestIdentity(test.dataDir);
      const printed = warnings.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(printed).not.toContain('oidc-provider WARNING');
      expect(printed).not.toContain('development-only');
      // The discovery request creates no state; a sign-in page does: an interaction, under idp:.
      const toInteraction = await again.app.inject({
        method: 'GET',
        url: `/idp/auth?client_id=${TEST_CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent('http://localhost:8080/callback')}&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
        headers: { host: 'localhost:8080' },
      });
      expect(toInteraction.statusCode).toBe(303);
      expect(await again.cache.keys('idp:Interaction:')).toHaveLength(1);
    } finally {
      warnings.mockRestore();
      await again?.close();
    }
  });
});

describe('JWKS', () => {
  it('serves the public signing key only', async () => {
    const response = await get('/idp/jwks');
    expect(response.statusCode).toBe(200);
    const { keys } = response.json<{ keys: Array<Record<string, unknown>> }>();
    expect(keys).toEqual(test.identity.publicJwks().keys);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    for (const privatePart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(privatePart);
  });
});

describe('files under DATA_DIR/identity', () => {
  it('keeps keys and passwords across restarts, readable by the owner only', async () => {
    const again = await startTestIdentity(test.dataDir);
    try {
      expect(again.identity.publicJwks()).toEqual(test.identity.publicJwks());
      expect(again.identity.accounts).toEqual(test.identity.accounts);
    } finally {
      await again.close();
    }
    for (const file of ['jwks.json', 'cookie-keys.json', 'accounts.json']) {
      expect((await stat(path.join(test.dataDir, 'identity', file))).mode & 0o777, file).toBe(0o600);
    }
  });

  it('has one demo account per role with a local subject and a generated password', () => {
    expect(test.identity.accounts.map((account) => [account.role, account.email, account.sub])).toEqual([
      ['general', 'general@ust.local', 'local|demo-general'],
      ['broker', 'broker@ust.local', 'local|demo-broker'],
      ['underwriter', 'underwriter@ust.local', 'local|demo-underwriter'],
      ['admin', 'admin@ust.local', 'local|demo-admin'],
    ]);
    const passwords = test.identity.accounts.map((account) => account.password);
    expect(new Set(passwords).size).toBe(4);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(findDemoAccount(test.identity.accounts, 'ADMIN@ust.local')?.role).toBe('admin');
    expect(findDemoAccount(test.identity.accounts, 'broker')?.email).toBe('broker@ust.local');
    expect(findDemoAccount(test.identity.accounts, 'nobody')).toBeUndefined();
  });
});

describe('issueAccessToken', () => {
  it('signs an RS256 JWT for the API that verifies against the JWKS', async () => {
    const token = await test.identity.issueAccessToken({ sub: 'local|demo-broker', email: 'broker@ust.local', name: 'Brian Broker' }, { ttlSeconds: 120 });
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(test.identity.publicJwks() as never), {
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: test.identity.publicJwks().keys[0]?.kid });
    expect(payload).toMatchObject({
      sub: 'local|demo-broker',
      email: 'broker@ust.local',
      name: 'Brian Broker',
      client_id: TEST_CLIENT_ID,
      scope: 'openid profile email',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(120);
    expect(decodeProtectedHeader(token).kid).toBe(protectedHeader.kid);
  });
});
