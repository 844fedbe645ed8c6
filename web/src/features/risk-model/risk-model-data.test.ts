import { describe, expect, it } from 'vitest';
import type { RiskModelCard, RiskModelCohort } from '@ust/schemas';
import { backtestedRegions, cohortsFor, defaultSelection, formatAsOf, formatInterval, formatShare, selectionOptions, totalFacilities } from './risk-model-data';

function cohort(model: string, as_of: string, horizon_years: number, view: RiskModelCohort['view']): RiskModelCohort {
  const interval = { estimate: 0.7, low: 0.65, high: 0.75 };
  return {
    model,
    view,
    as_of,
    horizon_years,
    facilities: 100,
    events: 5,
    base_rate: 0.05,
    roc_auc: interval,
    pr_auc: interval,
    top_decile_capture: 0.3,
    roc: [],
    calibration: [],
    rate_per_score: [],
  };
}

const card: RiskModelCard = {
  default_model: 'risk-v1',
  generated_at: '2026-11-01T00:00:00Z',
  models: [
    { id: 'risk-v1', kind: 'points', description: 'points' },
    { id: 'risk-v2', kind: 'logistic', description: 'logistic' },
  ],
  data: [
    { region: 'A', facilities: 10, tanks_dated: 5, releases_dated: 2, data_end: '2024-01-01', backtested: true },
    { region: 'B', facilities: 7, tanks_dated: 0, releases_dated: 0, data_end: null, backtested: false },
  ],
  published_reference: { description: 'ref', roc_auc: 0.8, top_decile_capture: 0.42, source: 'src' },
  cohorts: [
    cohort('risk-v1', '2010-01-01', 3, 'first release'),
    cohort('risk-v2', '2010-01-01', 3, 'first release'),
    cohort('risk-v1', '2015-01-01', 3, 'any release'),
    cohort('risk-v1', '2005-01-01', 1, 'first release'),
  ],
  limitations: [],
};

describe('risk model card selection', () => {
  it('offers the dates, windows and views of the cohorts, in order', () => {
    expect(selectionOptions(card)).toEqual({
      asOfDates: ['2005-01-01', '2010-01-01', '2015-01-01'],
      horizons: [1, 3],
      views: ['first release', 'any release'],
    });
  });

  it('defaults to 3 years, first release, and the latest date measured with them', () => {
    expect(defaultSelection(card)).toEqual({ asOf: '2010-01-01', horizonYears: 3, view: 'first release' });
  });

  it('answers one entry per model, null where a model was not measured', () => {
    const entries = cohortsFor(card, { asOf: '2015-01-01', horizonYears: 3, view: 'any release' });
    expect(entries.map((entry) => [entry.model.id, entry.cohort?.as_of ?? null])).toEqual([
      ['risk-v1', '2015-01-01'],
      ['risk-v2', null],
    ]);
  });

  it('sums the facilities of every region, and of the backtested ones', () => {
    expect(totalFacilities(card)).toBe(17);
    expect(backtestedRegions(card)).toEqual({ count: 1, facilities: 10 });
  });
});

describe('risk model formats', () => {
  it('writes shares as percentages with one decimal, AUCs with three and their interval', () => {
    expect(formatShare(0.0423)).toBe('4.2%');
    expect(formatShare(null)).toBe('N/A');
    expect(formatInterval({ estimate: 0.7123, low: 0.69, high: 0.7311 })).toBe('0.712 (0.690-0.731)');
    expect(formatInterval({ estimate: 0.7123, low: null, high: null })).toBe('0.712');
  });

  it('writes an as-of date in full, whatever the time zone', () => {
    expect(formatAsOf('2010-01-01')).toBe('January 1, 2010');
  });
});
