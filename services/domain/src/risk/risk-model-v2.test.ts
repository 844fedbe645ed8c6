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
import { DEFAULT_RISK_MODEL, RISK_MODELS, riskModelById } from './risk-models.js';
import { DEFAULT_RISK_MODEL_ID, RISK_MODEL_IDS } from '@ust/schemas';
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
      models: Array<{ id: string; coefficients?: Array<{ feature: string; coefficient: number; mean?: number }> }>;
    };
    const fitted = card.models.find((model) => model.id === RISK_MODEL_V2.version)!.coefficients!;
    expect(fitted.map((each) => each.feature)).toEqual(['intercept', ...RISK_MODEL_V2.features.map((feature) => feature.label)]);
    const shipped = [RISK_MODEL_V2.intercept, ...RISK_MODEL_V2.features.map((feature) => feature.coefficient)];
    fitted.forEach((each, index) => expect(each.coefficient).toBeCloseTo(shipped[index]!, 4));
    expect(fitted[0]!.mean).toBeUndefined();
    RISK_MODEL_V2.features.forEach((feature, index) => expect(fitted[index + 1]!.mean).toBeCloseTo(feature.mean, 4));
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

  it('shows each input in the units a reader knows: years, tanks, gallons, yes or no', () => {
    const old: RiskInput = {
      tanks: [tank('1980-06-01', 'Single wall'), tank('1985-06-01', 'Single wall')],
      releases: [{ reported_date: '2015-01-01', status_class: 'No Further Action', closed_with_residual_contamination: null }],
      receptors,
      asOf,
    };
    const shown = Object.fromEntries(calculateRiskScore(old, RISK_MODEL_V2).factors.map((factor) => [factor.factor, factor.value]));
    expect(shown).toEqual({
      oldest_tank_age: 44.6,
      average_tank_age: 42.1,
      any_single_walled: true,
      single_walled_oldest_age: 44.6,
      wall_type_unknown: false,
      protection_score: 0,
      protection_score_unknown: false,
      tanks_in_the_ground: 2,
      capacity_gallons: 20_000,
      gasoline: true,
      diesel: false,
      release_count: 1,
      open_release: false,
      years_since_latest_release: 10,
    });
  });

  it('scores the worked example of docs/risk-model.md (risk-v2) as the document prints it', () => {
    const example: RiskInput = {
      tanks: [
        { ...tank('1988-05-01', 'Single wall'), substances: 'Gasoline' },
        { ...tank('1988-05-01', 'Single wall'), substances: 'Gasoline' },
        { ...tank('2004-03-15', 'Double wall'), substances: 'Diesel', capacity_gallons: 8_000 },
      ],
      releases: [{ reported_date: '2009-07-01', status_class: 'No Further Action', closed_with_residual_contamination: false }],
      receptors,
      asOf: new Date('2026-01-01T00:00:00Z'),
    };
    const assessment = calculateRiskScore(example, RISK_MODEL_V2);
    expect(assessment).toMatchObject({ score: 6, band: 'moderate', probability: 0.0787, horizon_years: 3 });
    expect(assessment.factors.map(({ factor, value, points }) => [factor, value, points])).toEqual([
      ['oldest_tank_age', 37.7, 0.06],
      ['average_tank_age', 32.4, 0.78],
      ['any_single_walled', true, 0.08],
      ['single_walled_oldest_age', 37.7, -0.59],
      ['wall_type_unknown', false, 0],
      ['protection_score', 33, -0.07],
      ['protection_score_unknown', false, 0],
      ['tanks_in_the_ground', 3, 1.01],
      ['capacity_gallons', 28_000, 0.15],
      ['gasoline', true, -0.15],
      ['diesel', true, -0.5],
      ['release_count', 1, 0.4],
      ['open_release', false, 0],
      ['years_since_latest_release', 16.5, -0.19],
    ]);
  });

  it("scores a site without a tank record as the average fitted site's tanks, with its own releases", () => {
    const release = { reported_date: '2015-01-01', status_class: 'No Further Action' as const, closed_with_residual_contamination: null };
    const unknownTanks: RiskInput = { tanks: [], releases: [release], receptors, asOf };
    const assessment = calculateRiskScore(unknownTanks, RISK_MODEL_V2);
    const tankInputs = RISK_MODEL_V2.features.filter((feature) => feature.from === 'tanks');
    const [count, open, years] = RISK_MODEL_V2.features.filter((feature) => feature.from === 'releases').map((feature) => feature.coefficient);
    const logit =
      RISK_MODEL_V2.intercept +
      tankInputs.reduce((sum, feature) => sum + feature.coefficient * feature.mean, 0) +
      count! * Math.log(2) +
      open! * 0 +
      years! * 1;
    expect(assessment.probability).toBeCloseTo(1 / (1 + Math.exp(-logit)), 4);
    expect(calculateRiskScore({ ...unknownTanks, releases: [] }, RISK_MODEL_V2)).toMatchObject({ score: 5, band: 'moderate' });
    // Every tank input shows as unknown; the releases are the facility's own.
    expect(assessment.factors.map((factor) => [factor.factor, factor.value])).toEqual([
      ...tankInputs.map((feature) => [feature.factor, null]),
      ['release_count', 1],
      ['open_release', false],
      ['years_since_latest_release', 10],
    ]);
    // A closed site is known to hold nothing: no tank in the ground, scored on what it is.
    const closedTank = { ...tank('1980-01-01', 'Single wall'), tank_status: TANK_STATUS.closed, removal_date: '2000-01-01' };
    const closed = calculateRiskScore({ tanks: [closedTank], releases: [], receptors, asOf }, RISK_MODEL_V2);
    expect(closed.factors.find((factor) => factor.factor === 'tanks_in_the_ground')?.value).toBe(0);
    expect(closed.probability!).toBeLessThan(assessment.probability!);
  });

  it('steps the 1-10 score with the probability', () => {
    expect([0, 0.019, 0.02, 0.1, 0.5].map((probability) => scoreOfProbability(probability))).toEqual([1, 1, 2, 7, 10]);
  });

  it('is the platform default, and both models stay selectable by id', () => {
    const input: RiskInput = { tanks: [tank('1990-01-01', 'Single wall')], releases: [], receptors, asOf };
    expect(calculateRiskScore(input).model_version).toBe('risk-v2');
    expect(DEFAULT_RISK_MODEL).toBe(riskModelById(DEFAULT_RISK_MODEL_ID));
    expect(calculateRiskScore(input, riskModelById('risk-v1')).model_version).toBe('risk-v1');
    expect(Object.keys(RISK_MODELS)).toEqual([...RISK_MODEL_IDS]);
    expect(() => riskModelById('risk-v0')).toThrow('Unknown risk model "risk-v0": known models are risk-v1, risk-v2');
  });

  it('is the model the backtest chose by its rule', () => {
    const card = JSON.parse(readFileSync(RISK_MODEL_CARD_FILE, 'utf8')) as { default_model: string };
    expect(card.default_model).toBe(DEFAULT_RISK_MODEL.version);
  });
});
