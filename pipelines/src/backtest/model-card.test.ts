/**
 * The rule by which the fitted model replaces the points model: a higher out-of-sample ROC AUC
 * in every pooled cohort of both views, and nothing less.
 */
import { describe, expect, it } from 'vitest';
import { chooseDefaultModel } from './model-card.js';
import { POOLED, type CohortFigures } from './run-backtest.js';

const cohort = (model: string, view: CohortFigures['view'], asOf: string, auc: number | null, region = POOLED) =>
  ({ model, view, asOf, horizon: 3, region, auc: { estimate: auc, low: null, high: null } }) as unknown as CohortFigures;

const bothViews = (v1: number, v2: number) => [
  cohort('risk-v1', 'first release', '2010-01-01', 0.6),
  cohort('risk-v2', 'first release', '2010-01-01', 0.65),
  cohort('risk-v1', 'any release', '2010-01-01', v1),
  cohort('risk-v2', 'any release', '2010-01-01', v2),
];

describe('chooseDefaultModel', () => {
  it('takes risk-v2 when it is higher in every pooled cohort of both views', () => {
    expect(chooseDefaultModel(bothViews(0.6, 0.7))).toBe('risk-v2');
  });

  it('keeps risk-v1 when risk-v2 loses or ties one pooled cohort', () => {
    expect(chooseDefaultModel(bothViews(0.7, 0.69))).toBe('risk-v1');
    expect(chooseDefaultModel(bothViews(0.7, 0.7))).toBe('risk-v1');
  });

  it('keeps risk-v1 without both views, or without an AUC to compare', () => {
    expect(chooseDefaultModel(bothViews(0.6, 0.7).slice(0, 2))).toBe('risk-v1');
    expect(chooseDefaultModel([...bothViews(0.6, 0.7), cohort('risk-v2', 'any release', '2015-01-01', 0.7)])).toBe('risk-v1');
    expect(chooseDefaultModel(bothViews(0.6, 0.7).map((each) => (each.model === 'risk-v2' ? { ...each, auc: { ...each.auc, estimate: null } } : each)))).toBe(
      'risk-v1',
    );
  });

  it('judges on pooled cohorts, not on one region', () => {
    const regionLoss = [cohort('risk-v1', 'any release', '2010-01-01', 0.8, 'UT'), cohort('risk-v2', 'any release', '2010-01-01', 0.5, 'UT')];
    expect(chooseDefaultModel([...bothViews(0.6, 0.7), ...regionLoss])).toBe('risk-v2');
  });
});
