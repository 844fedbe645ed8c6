/**
 * Rate limits as an attacker meets them: a new X-Forwarded-For per request, a flood of bad
 * tokens, anonymous telemetry, and several gateways behind one load balancer sharing a Redis.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLmdbCache, createLogger, createMemoryCache, createRedisCache, loadConfig, type Cache } from '@ust/platform';
import { createEmbeddedIdentity } from '@ust/identity';
import { buildGateway } from '../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { createTestIssuer, type TestIssuer } from '../testing/test-issuer.js';

const log = createLogger('rate-limits-test', { level: 'silent' });
const LIMIT = 100;
const ANONYMOUS_LIMIT = 10;
const randomAddress = () => `${randomInt(1, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** Status -> how many responses had it. */
function countStatuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('rate limits', () => {
  let embedded: EmbeddedTestPorts;
  let issuer: TestIssuer;
  const gateways: FastifyInstance[] = [];
  const caches: Cache[] = [];

  /** A gateway with its own memory cache (or the one given) on the shared ports, and the test limits. */
  async function startGateway(env: Record<string, string> = {}, cache: Cache = createMemoryCache()): Promise<FastifyInstance> {
    caches.push(cache);
    const ports = { ...embedded.ports, cache };
    const config = loadConfig({
      ...issuer.env,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE: String(ANONYMOUS_LIMIT),
      ...env,
    });
    const gateway = await buildGateway({ config, ports, logger: log, signingKeys: issuer.signingKeys });
    gateways.push(gateway);
    return gateway;
  }

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('rate-limits-test');
    issuer = await createTestIssuer();
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    for (const cache of caches) await cache.close();
    await embedded?.close();
  });

  it('counts a client by its own address, whatever X-Forwarded-For it writes, unless TRUST_PROXY says so', async () => {
    const gateway = await startGateway();
    const responses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 1000; index++) {
      responses.push(await gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: { 'x-forwarded-for': randomAddress() } }));
    }
    expect(countStatuses(responses)).toEqual({ 401: LIMIT, 429: 1000 - LIMIT });
    const refused = responses[LIMIT]!;
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests: at most 100 per minute; retry in \d+ (seconds?|minutes?)$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  });

  it('behind one trusted proxy hop, counts the address that proxy saw, not the ones the client wrote before it', async () => {
    const gateway = await startGateway({ TRUST_PROXY: '1' });
    const behindProxy = (client: string) => ({ 'x-forwarded-for': `${randomAddress()}, ${randomAddress()}, ${client}` });
    const responses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 1000; index++)
      responses.push(await gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: behindProxy('203.0.113.9') }));
    expect(countStatuses(responses)).toEqual({ 401: LIMIT, 429: 1000 - LIMIT });
    // Another client behind the same proxy has its own budget.
    expect((await gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: behindProxy('203.0.113.10') })).statusCode).toBe(401);
  });

  it('counts floods of invalid tokens before authentication answers them', async () => {
    const gateway = await startGateway();
    const responses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 300; index++) {
      const token =
        index % 2 ? `${randomUUID()}.${randomUUID()}.${randomUUID()}` : await issuer.token({ sub: 'evil|x' }, { audience: 'https://elsewhere.test' });
      responses.push(await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: { authorization: `Bearer ${token}` } }));
    }
    expect(countStatuses(responses)).toEqual({ 401: LIMIT, 429: 300 - LIMIT });
  });

  it('gives each signed-in user their own budget, wherever their calls come from', async () => {
    const gateway = await startGateway();
    const alice = { authorization: `Bearer ${await issuer.token({ sub: 'local|alice' })}` };
    const statuses: LightMyRequestResponse[] = [];
    for (let index = 0; index < LIMIT + 20; index++) {
      statuses.push(await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: alice, remoteAddress: randomAddress() }));
    }
    expect(countStatuses(statuses)).toEqual({ 200: LIMIT, 429: 20 });
    // Alice's flood does not spend Bob's budget, nor that of her address.
    const bob = { authorization: `Bearer ${await issuer.token({ sub: 'local|bob' })}` };
    expect((await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: bob })).statusCode).toBe(200);
    expect((await gateway.inject({ method: 'GET', url: '/api/facilities-statistics' })).statusCode).toBe(401);
  });

  it('keeps anonymous telemetry on its own, stricter budget', async () => {
    const gateway = await startGateway();
    const entry = { timestamp: new Date().toISOString(), level: 'ERROR', category: 'GLOBAL_ERROR', message: 'boom' };
    const anonymous: LightMyRequestResponse[] = [];
    for (let index = 0; index < 30; index++) anonymous.push(await gateway.inject({ method: 'POST', url: '/api/logs', payload: { logs: [entry] } }));
    expect(countStatuses(anonymous)).toEqual({ 202: ANONYMOUS_LIMIT, 429: 30 - ANONYMOUS_LIMIT });
    // A signed-in user's telemetry counts against their own, larger budget.
    const signedIn = { authorization: `Bearer ${await issuer.token({ sub: 'local|telemetry-user' })}` };
    expect((await gateway.inject({ method: 'POST', url: '/api/logs', headers: signedIn, payload: { logs: [entry] } })).statusCode).toBe(202);
  });

  it('limits posts to the embedded sign-in form per address', async () => {
    const { dataDir } = embedded;
    const config = loadConfig({ DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' });
    const cache = createMemoryCache();
    caches.push(cache);
    const identity = await createEmbeddedIdentity({
      dataDir,
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      clientId: config.OIDC_CLIENT_ID,
      webOrigins: [config.publicUrl],
      cache,
      log,
    });
    const gateway = await buildGateway({ config, ports: { ...embedded.ports, cache }, logger: log, identity });
    gateways.push(gateway);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await gateway.inject({
        method: 'POST',
        url: '/idp/interaction/any/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomAddress() },
        payload: 'email=admin%40ust.local&password=guess',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it("counts the embedded platform's calls in its own memory: its LMDB cache is never written for them, and the budget holds", async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-rate-limits-lmdb-'));
    try {
      const cache = createLmdbCache({ path: directory });
      const gateway = await startGateway({}, cache);
      const token = { authorization: `Bearer ${await issuer.token({ sub: 'local|dave' })}` };
      const responses: LightMyRequestResponse[] = [];
      for (let index = 0; index < LIMIT + 5; index++) responses.push(await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: token }));
      expect(countStatuses(responses)).toEqual({ 200: LIMIT, 429: 5 });
      expect(responses.at(-1)!.headers['x-ratelimit-remaining']).toBe('0');
      expect(await cache.keys('ratelimit:')).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('shares one budget between two gateways on one redis-server', async () => {
    const prefix = `rate-limits-test:${randomUUID()}:`;
    // Two connections, as two processes would have; the prefixed views close with them.
    const connections = [createRedisCache({ url: inject('redisUrl') }), createRedisCache({ url: inject('redisUrl') })];
    caches.push(...connections);
    const first = await startGateway({}, connections[0]!.withPrefix(prefix));
    const second = await startGateway({}, connections[1]!.withPrefix(prefix));
    const token = { authorization: `Bearer ${await issuer.token({ sub: 'local|carol' })}` };
    const responses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 2 * LIMIT; index++) {
      const gateway = index % 2 ? second : first;
      responses.push(await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: token }));
    }
    expect(countStatuses(responses)).toEqual({ 200: LIMIT, 429: LIMIT });
  });
});
