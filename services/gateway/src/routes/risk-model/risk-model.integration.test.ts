/**
 * GET /api/risk-model: the card `pnpm backtest` wrote, to any signed-in user and to nobody else,
 * and a card file that does not fit its schema refused by name.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_MODEL_CARD_FILE } from '@ust/domain';
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
import type { RiskModelCard } from '@ust/schemas';
import { buildGateway } from '../../build.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';
import { readRiskModelCard } from '../../risk-model-card.js';

const log = createLogger('risk-model-test', { level: 'silent' });

describe('GET /api/risk-model', () => {
  let ports: Ports;
  let dataDir: string;
  let issuer: TestIssuer;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-risk-model-'));
    const store = await createChdbStore({ path: dataDir, database: 'risk_model_test' });
    await applyMigrations(store, migrationsDirectory);
    ports = { store, events: createInProcessEventLog(), jobs: createInProcessJobQueue({ logger: log }), cache: createMemoryCache() };
    issuer = await createTestIssuer();
    gateway = await buildGateway({ config: loadConfig(issuer.env), ports, logger: log, signingKeys: issuer.signingKeys });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the backtest card to a signed-in user, and 401 without a token', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/risk-model', headers: await issuer.headers({ sub: 'local|risk-model-test' }) });
    expect(response.statusCode).toBe(200);
    const card = response.json<RiskModelCard>();
    expect(card).toEqual(JSON.parse(await readFile(RISK_MODEL_CARD_FILE, 'utf8')));
    expect(card.default_model).toBe('risk-v1');
    expect(card.models.map((model) => model.id)).toEqual(['risk-v1', 'risk-v2']);
    // Every pooled cohort of both models, views, as-of dates and windows, each ROC curve from (0, 0) to (1, 1).
    expect(card.cohorts).toHaveLength(2 * 2 * 4 * 3);
    for (const cohort of card.cohorts) {
      expect(cohort.roc[0]).toEqual({ false_positive_rate: 0, true_positive_rate: 0 });
      expect(cohort.roc.at(-1)).toEqual({ false_positive_rate: 1, true_positive_rate: 1 });
      expect(cohort.roc_auc.low!).toBeLessThanOrEqual(cohort.roc_auc.estimate!);
      expect(cohort.rate_per_score.reduce((sum, row) => sum + row.facilities, 0)).toBe(cohort.facilities);
    }
    expect((await gateway.inject({ method: 'GET', url: '/api/risk-model' })).statusCode).toBe(401);
  });

  it('refuses a card file that does not fit its schema, naming the field', async () => {
    const file = path.join(dataDir, 'broken-card.json');
    const card = JSON.parse(await readFile(RISK_MODEL_CARD_FILE, 'utf8')) as RiskModelCard;
    await writeFile(file, JSON.stringify({ ...card, cohorts: [{ ...card.cohorts[0], facilities: 'many' }] }));
    expect(() => readRiskModelCard(file)).toThrow(/broken-card\.json: \/cohorts\/0\/facilities/);
  });
});
