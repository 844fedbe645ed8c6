/**
 * risk-v2 in the domain: the coefficients are the ones `pnpm backtest` fitted (its card says so),
 * and an assessment's points add up to the predicted log-odds behind its score.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TANK_STATUS } from '../facility-summary.js';
import { calculateRiskScore } from './calculate-risk-score.js';
import { RISK_MODEL_CARD_FILE } from './model-card-file.js';
import { featureValues, releaseProbability, RISK_MODEL_V2, scoreOfProbability } from './risk-model-v2.js';
import type { RiskInput } from './risk-types.js';

const asOf = new Date('2025-01-01T00:00:00Z');
const tank = (installed: string, wall: string) => ({
  tank_status: TANK_STATUS.active,
  installation_date: installed,
  capacity_gallons: 10_000,
  substances: 'Gasoline',
  tank_wall_type: wall,
  material: null,
  corrosion_protection: null,
  secondary_containment: null,
  leak_detection: null,
});
const receptors = { population_1500ft: null, private_wells_1500ft: null, within_spa: null, within_whpa: null, within_100yr_floodplain: null };

describe('risk-v2', () => {
  it('ships the coefficients the backtest fitted on every real facility-year', () => {
    const card = JSON.parse(readFileSync(RISK_MODEL_CARD_FILE, 'utf8')) as {
      models: Array<{ id: string; coefficients?: Array<{ feature: string; coefficient: number }> }>;
    };
    const fitted = card.models.find((model) => model.id === RISK_MODEL_V2.version)!.coefficients!;
    expect(fitted.map((each) => each.feature)).toEqual(['intercept', ...RISK_MODEL_V2.features.map((feature) => feature.label)]);
    const shipped = [RISK_MODEL_V2.intercept, ...RISK_MODEL_V2.features.map((feature) => feature.coefficient)];
    fitted.forEach((each, index) => expect(each.coefficient).toBeCloseTo(shipped[index]!, 4));
  });

  it('scores by probability, its points the contributions to the log-odds', () => {
    const old: RiskInput = { tanks: [tank('1980-06-01', 'Single wall'), tank('1985-06-01', 'Single wall')], releases: [], receptors, asOf };
    const recent: RiskInput = { tanks: [tank('2020-06-01', 'Double wall')], releases: [], receptors, asOf };
    for (const input of [old, recent]) {
      const assessment = calculateRiskScore(input, RISK_MODEL_V2);
      const probability = releaseProbability(input);
      expect(assessment).toMatchObject({
        model_version: 'risk-v2',
        score: scoreOfProbability(probability),
        probability: Math.round(probability * 10_000) / 10_000,
      });
      expect(assessment.factors.map((factor) => factor.factor)).toEqual(RISK_MODEL_V2.features.map((feature) => feature.factor));
      const logit = RISK_MODEL_V2.intercept + assessment.factors.reduce((sum, factor) => sum + factor.points, 0);
      expect(1 / (1 + Math.exp(-logit))).toBeCloseTo(probability, 2);
    }
    expect(featureValues(old)[RISK_MODEL_V2.features.findIndex((feature) => feature.factor === 'any_single_walled')]).toBe(1);
    expect(releaseProbability(old)).toBeGreaterThan(releaseProbability(recent));
  });

  it('steps the 1-10 score with the probability', () => {
    expect([0, 0.019, 0.02, 0.1, 0.5].map((probability) => scoreOfProbability(probability))).toEqual([1, 1, 2, 7, 10]);
  });

  it('leaves risk-v1 the default', () => {
    const input: RiskInput = { tanks: [tank('1990-01-01', 'Single wall')], releases: [], receptors, asOf };
    expect(calculateRiskScore(input).model_version).toBe('risk-v1');
  });
});
