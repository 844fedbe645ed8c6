import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  migrationsDirectory,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  createRedisCache,
  loadConfig,
  type Ports,
} from '@ust/platform';
import { findFreePort } from '@ust/platform/testing';
import { buildGateway } from './build.js';
import { createTestIssuer, type TestIssuer } from './testing/test-issuer.js';

const log = createLogger('gateway-test', { level: 'silent' });
const PUBLIC_URL = 'https://risk.example.com';
const PUBLIC_HOST = 'risk.example.com';
const MAP_TILES = {
  MAP_STREETS_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json?key=abc',
  MAP_SATELLITE_TILES_URL: 'https://imagery.example.net/tile/{z}/{y}/{x}',
};

describe('the gateway', () => {
  let gateway: FastifyInstance;
  let ports: Ports;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await createTestIssuer();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-gateway-'));
    const webRoot = path.join(dataDir, 'web');
    await mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>UST</title><div id="root"></div>');
    await writeFile(path.join(webRoot, 'silent-renew.html'), '<!doctype html><title>Signing in</title>');
    await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'console.log(1)');
    // What a build with source maps leaves beside its chunks: the gateway must not serve it.
    await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
    // And the build's manifest, in a hidden folder: for tools, not for browsers.
    await mkdir(path.join(webRoot, '.vite'));
    await writeFile(path.join(webRoot, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app-1a2b.js"}}');
    ports = {
      store: await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'gateway' }),
      events: createInProcessEventLog(),
      jobs: createInProcessJobQueue({ logger: log }),
      cache: createMemoryCache(),
    };
    await applyMigrations(ports.store, migrationsDirectory);
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '1000', ...issuer.env, PUBLIC_URL, ...MAP_TILES });
    gateway = await buildGateway({ config, ports, logger: log, webRoot, signingKeys: issuer.signingKeys });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
  });

  it('answers liveness', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('reports each port with its embedded adapter, reachable', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ready');
    expect(
      body.ports.map((port: { port: string; adapter: string; mode: string; reachable: boolean }) => [port.port, port.adapter, port.mode, port.reachable]),
    ).toEqual([
      ['AnalyticsStore', 'chdb', 'embedded', true],
      ['EventLog', 'in-process', 'embedded', true],
      ['JobQueue', 'in-process', 'embedded', true],
      ['Cache', 'memory', 'embedded', true],
    ]);
    // The probe is public: where a port points (the data directory, a host) stays in the start-up log.
    expect(body.ports.map((port: object) => Object.keys(port))).toEqual(Array(4).fill(['port', 'adapter', 'mode', 'reachable', 'latency_ms']));
  });

  it('answers a burst of readiness probes from one check of the ports', async () => {
    let pings = 0;
    const counted: Ports = { ...ports, cache: Object.assign(Object.create(ports.cache) as typeof ports.cache, { ping: () => (pings++, ports.cache.ping()) }) };
    const probed = await buildGateway({ config: loadConfig({}), ports: counted, logger: log });
    try {
      const responses = await Promise.all(Array.from({ length: 50 }, () => probed.inject({ method: 'GET', url: '/ready' })));
      for (let probe = 0; probe < 50; probe++) responses.push(await probed.inject({ method: 'GET', url: '/ready' }));
      expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([200]));
      // One check per 2 s at most (recent-readiness.test.ts counts exactly, on a clock of its own).
      expect(pings).toBeLessThanOrEqual(3);
    } finally {
      await probed.close();
    }
  });

  it('says 503 and which port is down when one does not answer', async () => {
    const deadRedis = createRedisCache({ url: `redis://127.0.0.1:${await findFreePort()}`, connectTimeoutMs: 500 });
    const degraded = await buildGateway({ config: loadConfig({}), ports: { ...ports, cache: deadRedis }, logger: log });
    try {
      const response = await degraded.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      const cache = response.json().ports.find((port: { port: string }) => port.port === 'Cache');
      expect(cache).toMatchObject({ adapter: 'redis', mode: 'production', reachable: false });
    } finally {
      await degraded.close();
      await deadRedis.close();
    }
  });

  it('serves the OpenAPI document generated from the route schemas at /docs', async () => {
    const json = await gateway.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/ready']));
    const ui = await gateway.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sets security headers and compresses large answers', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("sets helmet's headers on every kind of answer: API, error, web app", async () => {
    const securityHeaders = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/health', '/api/facilities', '/api/facilities-unknown', '/dashboard']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST } });
      expect(response.headers, url).toMatchObject(securityHeaders);
      // The map's cross-origin tiles need no COEP.
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('gives the pages of the web app their Content-Security-Policy: the issuer and the tile hosts, framed only for silent renew', async () => {
    const policy =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https://tiles.example.com https://imagery.example.net; " +
      "connect-src 'self' https://issuer.test https://tiles.example.com https://imagery.example.net; worker-src 'self'; " +
      "frame-src 'self' https://issuer.test; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    for (const url of ['/', '/index.html', '/dashboard', '/county-map?level=county']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['content-security-policy'], url).toBe(policy);
    }
    const silentRenew = await gateway.inject({ method: 'GET', url: '/silent-renew.html', headers: { host: PUBLIC_HOST } });
    expect(silentRenew.statusCode).toBe(200);
    expect(silentRenew.headers['content-security-policy']).toBe(policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    // Answers that are not pages carry none: an API body or a script is never a document.
    for (const url of ['/health', '/api/facilities', '/api/facilities-unknown', '/assets/app-1a2b.js']) {
      expect((await gateway.inject({ method: 'GET', url })).headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('gives the API documentation (/docs) a Content-Security-Policy of its own: same-origin scripts only, framed by nobody', async () => {
    const policy =
      "default-src 'none'; script-src 'self'; style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; img-src 'self' data:; connect-src 'self'; " +
      "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";
    const ui = await gateway.inject({ method: 'GET', url: '/docs/', headers: { host: PUBLIC_HOST } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    // Under script-src 'self', every script of the page must be a file.
    const scripts = [...ui.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/ src="\.\/static\/[\w.-]+\.js"/);
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js', '/docs/static/swagger-ui.css', '/docs/json']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(policy);
    }
  });

  it('tells anyone, without a token, how the web app signs in, and inlines the same into its pages', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/auth-config' });
    expect(response.statusCode).toBe(200);
    const authConfig = { issuer: issuer.env.OIDC_ISSUER, client_id: 'ust-web', audience: issuer.env.OIDC_AUDIENCE };
    expect(response.json()).toEqual(authConfig);
    for (const url of ['/', '/index.html', '/dashboard', '/silent-renew.html']) {
      const page = await gateway.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST } });
      const inlined = /<script type="application\/json" id="ust-auth-config">(.*?)<\/script>/.exec(page.body);
      expect(inlined, url).not.toBeNull();
      expect(JSON.parse(inlined![1]!), url).toEqual(authConfig);
    }
  });

  it('redirects a page asked for under another host to the same path and query on PUBLIC_URL', async () => {
    for (const host of ['127.0.0.1:8080', '[::1]:8080', 'my-laptop:8080', 'localhost', 'risk.example.com.evil.test']) {
      for (const url of ['/', '/dashboard?tab=users&x=%2F', '/index.html', '/silent-renew.html', '/facility/DE-1-000001']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await gateway.inject({ method, url, headers: { host } });
          expect({ host, url, method, status: response.statusCode, location: response.headers.location }).toEqual({
            host,
            url,
            method,
            status: 302,
            location: `${PUBLIC_URL}${url}`,
          });
        }
      }
    }
    // The Host header is the caller's to write: the target's origin is PUBLIC_URL's whatever the path says.
    for (const url of ['//evil.test/x', '/\\evil.test/x', '/a/..//evil.test', '/%2F%2Fevil.test', '/..%2F..%2Fevil.test', 'http://evil.test/x']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: 'evil.test' } });
      if (response.statusCode === 302) expect(new URL(response.headers.location as string, 'http://base.invalid').origin, url).toBe(PUBLIC_URL);
      else expect(response.statusCode, url).toBe(404);
    }
    // A forwarded host counts only from a proxy TRUST_PROXY names (none here).
    const forwarded = await gateway.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:8080', 'x-forwarded-host': PUBLIC_HOST } });
    expect(forwarded.statusCode).toBe(302);
    // Host names are case-insensitive.
    expect((await gateway.inject({ method: 'GET', url: '/', headers: { host: 'RISK.Example.com' } })).statusCode).toBe(200);
  });

  it('redirects nothing but pages: the API, probes, docs and assets answer under any host', async () => {
    for (const url of ['/api/auth-config', '/health', '/ready', '/docs/json', '/assets/app-1a2b.js']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: '127.0.0.1:8080' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    for (const url of ['/api/facilities-statistics', '/api/unknown', '/idp/.well-known/openid-configuration', '/missing.js']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { host: '127.0.0.1:8080' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: url === '/api/facilities-statistics' ? 401 : 404 });
    }
  });

  it('never serves a source map, even one a build left beside its chunk, nor a hidden file', async () => {
    for (const url of ['/assets/app-1a2b.js.map', '/assets/APP-1A2B.JS.MAP', '/assets/app-1a2b.js.map?v=1', '/.vite/manifest.json']) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
      expect(response.body, url).not.toContain('sources');
    }
  });

  it('serves the web app with an SPA fallback, and JSON 404s for API paths', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/dashboard', headers: { host: PUBLIC_HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root"></div>');

    const asset = await gateway.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const api = await gateway.inject({ method: 'GET', url: '/api/facilities-unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');

    expect((await gateway.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  it('answers a URL the router cannot take with the same error shape', async () => {
    const undecodable = await gateway.inject({ method: 'GET', url: '/api/facilities/%zz' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: "The URL's path cannot be decoded: a '%' must start an escape such as %25 or %2F",
        request_id: expect.any(String),
      },
    });
    // With the web app mounted, its fallback takes a path the API routes refuse; without it, the router answers.
    const apiOnly = await buildGateway({ config: loadConfig(issuer.env), ports, logger: log, signingKeys: issuer.signingKeys });
    try {
      const overLong = await apiOnly.inject({ method: 'GET', url: `/api/releases/${'a'.repeat(1_000)}` });
      expect(overLong.statusCode).toBe(414);
      expect(overLong.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: 'A path parameter of the URL is too long', request_id: expect.any(String) } });
    } finally {
      await apiOnly.close();
    }
  });

  it('takes a path parameter as long as the route documents to the route', async () => {
    const id = `DE-${'9'.repeat(197)}`;
    const response = await gateway.inject({ method: 'GET', url: `/api/facilities/${id}`, headers: await issuer.headers({ sub: 'local|long-id-test' }) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(`Facility ${id} not found`);
  });

  it('refuses a number parameter that is not finite before a handler sees it', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/h3-density?res=Infinity', headers: await issuer.headers({ sub: 'local|finite-test' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'querystring.res', reason: 'must be a finite number' }] });
  });

  it('limits the request rate per client with the same error shape', async () => {
    const limited = await buildGateway({
      config: loadConfig({ RATE_LIMIT_PER_MINUTE: '2', ...issuer.env }),
      ports,
      logger: log,
      signingKeys: issuer.signingKeys,
    });
    try {
      const headers = await issuer.headers({ sub: 'local|rate-test' });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.inject({ method: 'GET', url: '/api/', headers })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const response = await limited.inject({ method: 'GET', url: '/api/', headers });
      expect(response.json().error.code).toBe('RATE_LIMITED');
      // Probes are never limited.
      expect((await limited.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
