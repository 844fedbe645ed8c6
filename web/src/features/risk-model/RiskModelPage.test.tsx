// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RiskModelCard, RiskModelCohort } from '@ust/schemas';
import { gatewayError } from '../../testing/gateway-stub';
import { renderApp } from '../../testing/render-app';
import { RiskModelPage } from './RiskModelPage';

function cohort(model: string, as_of: string, facilities: number, auc: number): RiskModelCohort {
  return {
    model,
    view: 'first release',
    as_of,
    horizon_years: 3,
    facilities,
    events: 40,
    base_rate: 40 / facilities,
    roc_auc: { estimate: auc, low: auc - 0.02, high: auc + 0.02 },
    pr_auc: { estimate: 0.1, low: 0.08, high: 0.12 },
    top_decile_capture: 0.25,
    roc: [
      { false_positive_rate: 0, true_positive_rate: 0 },
      { false_positive_rate: 0.5, true_positive_rate: 0.7 },
      { false_positive_rate: 1, true_positive_rate: 1 },
    ],
    calibration: [{ decile: 1, facilities: 100, mean_prediction: 0.01, observed_rate: 0.012 }],
    rate_per_score: [{ score: 5, facilities: 100, events: 4, rate: 0.04, low: 0.01, high: 0.09 }],
  };
}

const CARD: RiskModelCard = {
  default_model: 'risk-v1',
  generated_at: '2026-11-01T12:00:00Z',
  models: [
    { id: 'risk-v1', kind: 'points', description: 'Points per factor, 1 to 10' },
    {
      id: 'risk-v2',
      kind: 'logistic',
      description: 'Logistic regression on the same factors',
      coefficients: [
        { feature: 'intercept', coefficient: -3.4383 },
        { feature: 'mean tank age / 10 years', coefficient: 0.2398, mean: 1.6264 },
      ],
    },
  ],
  data: [
    { region: 'Delaware', facilities: 1200, tanks_dated: 3000, releases_dated: 400, data_end: '2024-06-30', backtested: true },
    { region: 'Vermont', facilities: 800, tanks_dated: 0, releases_dated: 0, data_end: null, backtested: false },
  ],
  published_reference: { description: 'A published study', roc_auc: 0.8, top_decile_capture: 0.42, source: 'Journal' },
  cohorts: [
    cohort('risk-v1', '2005-01-01', 900, 0.6512),
    cohort('risk-v2', '2005-01-01', 900, 0.6734),
    cohort('risk-v1', '2010-01-01', 1100, 0.7011),
    cohort('risk-v2', '2010-01-01', 1100, 0.7222),
  ],
  limitations: ['Releases are reported, not all found.'],
};

describe('the risk model page', () => {
  it('shows the card: data, the latest 3-year first-release cohort per model, and follows the as-of choice', async () => {
    const user = userEvent.setup();
    renderApp(<RiskModelPage />, { role: 'general', routes: { 'GET /api/risk-model': CARD } });
    const results = await screen.findByRole('table', { name: 'Results per model for the chosen cohort' });
    expect(screen.getByLabelText('As of')).toHaveValue('2010-01-01');
    expect(screen.getByLabelText('Outcome window')).toHaveValue('3');
    expect(within(results).getAllByRole('row')[1]).toHaveTextContent('risk-v11,10040');
    expect(results).toHaveTextContent('0.701 (0.681-0.721)');
    expect(results).toHaveTextContent('0.722 (0.702-0.742)');
    expect(results).toHaveTextContent('3.6%');
    expect(screen.getByTestId('risk-model-total-facilities')).toHaveTextContent('2,000');
    expect(screen.getByTestId('risk-model-backtested-facilities')).toHaveTextContent('1,200');
    expect(screen.getByTestId('risk-model-reference')).toHaveTextContent('ROC AUC 0.80, top 10 % capture 42.0%');
    expect(screen.getByText('Releases are reported, not all found.')).toBeInTheDocument();
    const inputs = screen.getByRole('region', { name: 'risk-v2 inputs' });
    expect(
      within(inputs)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['InputCoefficientMean of the sites fitted on', 'intercept-3.438', 'mean tank age / 10 years0.2401.626']);

    await user.selectOptions(screen.getByLabelText('As of'), '2005-01-01');
    expect(results).toHaveTextContent('0.651 (0.631-0.671)');
    expect(results).toHaveTextContent('900');
  });

  it('says when the card cannot be loaded', async () => {
    renderApp(<RiskModelPage />, { role: 'general', routes: { 'GET /api/risk-model': gatewayError(500, 'INTERNAL', 'Backtest missing') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the risk model card');
  });
});
