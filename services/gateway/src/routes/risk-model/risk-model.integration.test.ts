/**
 * GET /api/risk-model: the card `pnpm backtest` wrote, to any signed-in user and to nobody else,
 * and a card file that does not fit its schema refused by name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_MODEL_CARD_FILE } from '@ust/domain';
import { createLogger, loadConfig } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetKeys } from '@ust/read-model';
import type { RiskModelCard } from '@ust/schemas';
import { buildGateway } from '../../build.js';
import { readRiskModelCard } from '../../risk-model-card.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../../testing/embedded-test-ports.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';

describe('GET /api/risk-model', () => {
  let embedded: EmbeddedTestPorts;
  let issuer: TestIssuer;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('risk-model');
    issuer = await createTestIssuer();
    gateway = await buildGateway({
      config: loadConfig(issuer.env),
      ports: embedded.ports,
      logger: createLogger('risk-model-test', { level: 'silent' }),
      signingKeys: issuer.signingKeys,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('answers the backtest card to a signed-in user, and 401 without a token', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/risk-model', headers: await issuer.headers({ sub: 'local|risk-model-test' }) });
    expect(response.statusCode).toBe(200);
    const card = response.json<RiskModelCard>();
    expect(card).toEqual(JSON.parse(await readFile(RISK_MODEL_CARD_FILE, 'utf8')));
    // No build yet: the model the backtest's rule chose.
    expect(card.default_model).toBe('risk-v2');
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

  it("names the live build's model as the platform's score, whatever the card's rule chose", async () => {
    const { cache } = embedded.ports;
    const meta = { dataset_version: 1, generated_at: '2026-01-01T00:00:00.000Z', import_id: null, facilities: 0, tanks: 0, releases: 0 };
    await cache.set(datasetKeys.meta(1), JSON.stringify({ ...meta, risk_model: 'risk-v1' }));
    await cache.switchPointer(DATASET_POINTER_KEY, '1');
    const headers = await issuer.headers({ sub: 'local|risk-model-test' });
    const card = (await gateway.inject({ method: 'GET', url: '/api/risk-model', headers })).json<RiskModelCard>();
    expect(card.default_model).toBe('risk-v1');
    // A build from before models were recorded scored with risk-v1.
    await cache.set(datasetKeys.meta(2), JSON.stringify({ ...meta, dataset_version: 2 }));
    await cache.switchPointer(DATASET_POINTER_KEY, '2');
    expect((await gateway.inject({ method: 'GET', url: '/api/risk-model', headers })).json<RiskModelCard>().default_model).toBe('risk-v1');
    await cache.set(datasetKeys.meta(3), JSON.stringify({ ...meta, dataset_version: 3, risk_model: 'risk-v2' }));
    await cache.switchPointer(DATASET_POINTER_KEY, '3');
    expect((await gateway.inject({ method: 'GET', url: '/api/risk-model', headers })).json<RiskModelCard>().default_model).toBe('risk-v2');
  });

  it('refuses a card file that does not fit its schema, naming the field', async () => {
    const file = path.join(embedded.dataDir, 'broken-card.json');
    const card = JSON.parse(await readFile(RISK_MODEL_CARD_FILE, 'utf8')) as RiskModelCard;
    await writeFile(file, JSON.stringify({ ...card, cohorts: [{ ...card.cohorts[0], facilities: 'many' }] }));
    expect(() => readRiskModelCard(file)).toThrow(/broken-card\.json: \/cohorts\/0\/facilities/);
  });
});
