import { describe, expect, it } from 'vitest';
import type { RiskModelCard, RiskModelCohort } from './risk-model.js';
import { riskValidationOf, riskValidationText } from './risk-validation.js';

const cohort = (model: string, view: RiskModelCohort['view'], as_of: string, horizon_years: number, estimate: number): RiskModelCohort => ({
  model,
  view,
  as_of,
  horizon_years,
  facilities: 1_000,
  events: 60,
  base_rate: 0.06,
  roc_auc: { estimate, low: estimate - 0.05, high: estimate + 0.05 },
  pr_auc: { estimate: 0.1, low: 0.08, high: 0.12 },
  top_decile_capture: 0.2,
  roc: [],
  calibration: [],
  rate_per_score: [],
});

const card = {
  cohorts: [
    cohort('risk-v1', 'first release', '2010-01-01', 3, 0.62),
    cohort('risk-v1', 'any release', '2010-01-01', 3, 0.59),
    cohort('risk-v1', 'first release', '2015-01-01', 3, 0.58),
    cohort('risk-v1', 'any release', '2015-01-01', 3, 0.556),
    cohort('risk-v1', 'first release', '2015-01-01', 5, 0.7),
  ],
} as unknown as RiskModelCard;

describe('the risk validation an exposure sheet cites', () => {
  it('is the latest as-of date with a 3-year window, both views', () => {
    const validation = riskValidationOf(card, 'risk-v1');
    expect(validation).toMatchObject({
      model: 'risk-v1',
      as_of: '2015-01-01',
      horizon_years: 3,
      first_release: { roc_auc: 0.58 },
      any_release: { roc_auc: 0.556 },
    });
    expect(riskValidationText(validation, 'risk-v1')).toBe(
      'Model risk-v1, tested on real outcomes (the Model page): ROC AUC 0.58 (95 % 0.53-0.63) for a first release and 0.56 (95 % 0.51-0.61) for any release within 3 years of 2015-01-01, over 1,000 and 1,000 real facilities; 0.5 is chance, 1 is perfect.',
    );
  });

  it('says plainly when a model was not tested', () => {
    expect(riskValidationOf(card, 'risk-v9')).toBeNull();
    expect(riskValidationText(null, 'risk-v9')).toBe('Model risk-v9: not yet tested on real outcomes.');
  });
});
