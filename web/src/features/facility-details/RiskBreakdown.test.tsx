// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { RiskAssessment } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { RiskBreakdown } from './RiskBreakdown';

/** A points model's assessment, as a build scored with RISK_MODEL=risk-v1 stores it. */
const POINTS_ASSESSMENT: RiskAssessment = {
  score: 6,
  band: 'moderate',
  model_version: 'risk-v1',
  factors: [
    { factor: 'active_tank_count', value: 5, points: 2 },
    { factor: 'oldest_tank_age', value: 41, points: 3 },
    { factor: 'single_walled_tanks', value: '5 of 5', points: 3 },
    { factor: 'open_releases', value: 1, points: 4 },
    { factor: 'population_1500ft', value: null, points: 1 },
  ],
};

describe('the risk breakdown', () => {
  it("explains a points model's score by its points, unknown data shown as unknown", async () => {
    renderApp(<RiskBreakdown risk={POINTS_ASSESSMENT} />);
    const breakdown = await screen.findByRole('region', { name: 'Risk Score Breakdown' });
    expect(breakdown).toHaveTextContent(
      "Model risk-v1: the factors' points add up to 13, stepped to the 1-10 score. Unknown data scores half a factor's points.",
    );
    const population = within(breakdown).getByRole('rowheader', { name: 'Population within 1,500 ft' }).closest('tr')!;
    expect(
      within(population)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Unknown', '1']);
  });
});
