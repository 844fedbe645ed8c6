import { describe, expect, it } from 'vitest';
import { bandShare, formatRiskDistribution, riskDistribution } from './risk-distribution.js';

describe('riskDistribution', () => {
  // DE: 6 low (scores 1 and 3), 3 moderate (4 and 6), 1 high (7). VT: 2 high (10), 2 unscored.
  const rows = [
    { state: 'VT', score: 10, facilities: 2 },
    { state: 'DE', score: 1, facilities: 4 },
    { state: 'DE', score: 3, facilities: 2 },
    { state: 'DE', score: 4, facilities: 1 },
    { state: 'DE', score: 6, facilities: '2' as unknown as number },
    { state: 'DE', score: 7, facilities: 1 },
    { state: 'VT', score: null, facilities: 2 },
  ];

  it('counts facilities per band on the spec bands, overall and per state in state order', () => {
    const distribution = riskDistribution(rows);
    expect(distribution.overall).toEqual({ region: 'ALL', facilities: 14, low: 6, moderate: 3, high: 3, unscored: 2 });
    expect(distribution.states).toEqual([
      { region: 'DE', facilities: 10, low: 6, moderate: 3, high: 1, unscored: 0 },
      { region: 'VT', facilities: 4, low: 0, moderate: 0, high: 2, unscored: 2 },
    ]);
  });

  it("gives shares of all the region's facilities in percent, one decimal", () => {
    const { overall, states } = riskDistribution(rows);
    expect([bandShare(overall, 'low'), bandShare(overall, 'moderate'), bandShare(overall, 'high'), bandShare(overall, 'unscored')]).toEqual([
      42.9, 21.4, 21.4, 14.3,
    ]);
    expect(bandShare(states[0]!, 'low')).toBe(60);
    expect(bandShare({ region: 'XX', facilities: 0, low: 0, moderate: 0, high: 0, unscored: 0 }, 'low')).toBe(0);
  });

  it('prints one line per region, overall first, and the unscored column only when needed', () => {
    expect(formatRiskDistribution(riskDistribution(rows))).toEqual([
      'state    facilities        low   moderate       high   unscored',
      'ALL              14      42.9%      21.4%      21.4%      14.3%',
      'DE               10      60.0%      30.0%      10.0%       0.0%',
      'VT                4       0.0%       0.0%      50.0%      50.0%',
    ]);
    const scored = formatRiskDistribution(riskDistribution(rows.filter((row) => row.score !== null)));
    expect(scored[0]).toBe('state    facilities        low   moderate       high');
    expect(scored[1]).toBe('ALL              12      50.0%      25.0%      25.0%');
  });
});
