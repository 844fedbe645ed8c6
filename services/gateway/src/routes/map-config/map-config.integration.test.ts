/**
 * GET /api/map-config: the configured base map styles, null where a variable is unset (the map
 * then falls back to its local Light style).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  loadConfig,
  migrationsDirectory,
  type Ports,
} from '@ust/platform';
import { buildGateway } from '../../build.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';

const log = createLogger('map-config-test', { level: 'silent' });

describe('GET /api/map-config', () => {
  let ports: Ports;
  let dataDir: string;
  let issuer: TestIssuer;
  const gateways: FastifyInstance[] = [];
  const gatewayWith = async (env: Record<string, string>) => {
    const gateway = await buildGateway({ config: loadConfig({ ...issuer.env, ...env }), ports, logger: log, signingKeys: issuer.signingKeys });
    gateways.push(gateway);
    return gateway;
  };
  const getConfig = async (gateway: FastifyInstance) =>
    gateway.inject({ method: 'GET', url: '/api/map-config', headers: await issuer.headers({ sub: 'local|map-config-test' }) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-map-config-'));
    const store = await createChdbStore({ path: dataDir, database: 'map_config_test' });
    await applyMigrations(store, migrationsDirectory);
    ports = { store, events: createInProcessEventLog(), jobs: createInProcessJobQueue({ logger: log }), cache: createMemoryCache() };
    issuer = await createTestIssuer();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers null for every style that is not configured', async () => {
    const response = await getConfig(await gatewayWith({}));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ streets_style_url: null, satellite_tiles_url: null, satellite_attribution: null });
  });

  it('answers the configured styles', async () => {
    const gateway = await gatewayWith({
      MAP_STREETS_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json?key=abc',
      MAP_SATELLITE_TILES_URL: 'https://imagery.example.com/tile/{z}/{y}/{x}',
      MAP_SATELLITE_ATTRIBUTION: '© Example Imagery',
    });
    const response = await getConfig(gateway);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      streets_style_url: 'https://tiles.example.com/styles/streets/style.json?key=abc',
      satellite_tiles_url: 'https://imagery.example.com/tile/{z}/{y}/{x}',
      satellite_attribution: '© Example Imagery',
    });
    expect((await gateway.inject({ method: 'GET', url: '/api/map-config' })).statusCode).toBe(401);
  });
});
